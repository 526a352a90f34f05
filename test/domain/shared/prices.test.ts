import { totalCostUsd } from '../../../domain/shared/cost';
import { parseConfig } from '../../../domain/shared/config';
import { costUsd, DEFAULT_PRICES, estimatedCostUsd } from '../../../domain/shared/prices';

describe('what an answer costs', () => {
  test('tokens at the model list price plus the searches the vendor billed', () => {
    // Claude Haiku 5.5: $0.10 / $0.50 per million tokens, $10 per 1,000 searches.
    expect(costUsd(DEFAULT_PRICES, 'claude-haiku-5-5', { inputTokens: 20_000, outputTokens: 800, searches: 2 })).toBeCloseTo(
      0.002 + 0.0004 + 0.02,
      6,
    );
  });

  test("a dated snapshot of a model is priced as the model; the vendor's own figure wins", () => {
    expect(costUsd(DEFAULT_PRICES, 'gpt-5.4-mini-2026-03-17', { inputTokens: 1_000_000, outputTokens: 0, searches: 0 })).toBe(0.75);
    expect(costUsd(DEFAULT_PRICES, 'perplexity/sonar', { inputTokens: 5, outputTokens: 5, searches: 1 }, 0.0061)).toBe(0.0061);
  });

  test('an unknown model costs null (unknown), never a guessed zero; a report adds up what is known', () => {
    expect(costUsd(DEFAULT_PRICES, 'some-new-model', { inputTokens: 100, outputTokens: 100, searches: 1 })).toBeNull();
    expect(totalCostUsd([0.01, null, 0.002, undefined])).toBe(0.012);
    expect(totalCostUsd([null, undefined])).toBeNull();
  });

  test('PRICES overrides and extends the table; a bad one names the variable', () => {
    const config = parseConfig({ PRICES: JSON.stringify({ 'some-new-model': { inputPerMTok: 1, outputPerMTok: 2 } }) });
    expect(costUsd(config.prices, 'some-new-model', { inputTokens: 1_000_000, outputTokens: 1_000_000, searches: 3 })).toBe(3);
    expect(config.prices['claude-haiku-5-5']).toEqual(DEFAULT_PRICES['claude-haiku-5-5']);
    expect(() => parseConfig({ PRICES: '{"x": {"inputPerMTok": -1, "outputPerMTok": 1}}' })).toThrow(/PRICES/);
  });
});

test('the estimate of a check at the defaults: typical grounded answers from each default model', () => {
  const models = ['gpt-5.4-mini', 'claude-haiku-5-5', 'gemini-3.5-flash-lite', 'perplexity/sonar', 'deepseek-flash'];
  const one = estimatedCostUsd(DEFAULT_PRICES, models, 1)!;
  // gpt 0.0286 + claude 0.0124 + gemini 0.036 + sonar 0.0258 + deepseek 0.00771
  expect(one).toBeCloseTo(0.11051, 5);
  expect(estimatedCostUsd(DEFAULT_PRICES, models, 10)).toBeCloseTo(one * 10, 5);
  expect(estimatedCostUsd(DEFAULT_PRICES, [...models, 'unpriced-model'], 1)).toBeNull();
});

import { z } from 'zod';
import { roundMicro, type Usage } from './cost';

export type { Usage } from './cost';

/**
 * What an answer cost, from the tokens and searches the vendor reported and a per-model price table
 * (docs/platforms.md#what-a-check-costs). Prices are the vendors' list prices as published in November 2026;
 * PRICES (JSON, model → price) overrides and extends them. A model with no price costs `null`:
 * unknown, never a guessed zero.
 */

export const modelPriceSchema = z.object({
  /** US dollars per million input tokens. */
  inputPerMTok: z.number().min(0),
  /** US dollars per million output tokens (reasoning and thinking tokens are billed as output). */
  outputPerMTok: z.number().min(0),
  /** US dollars per web search the vendor bills. */
  perSearch: z.number().min(0).default(0),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;
export type PriceTable = Record<string, ModelPrice>;

export const pricesSchema = z.record(z.string().min(1), modelPriceSchema);

export const DEFAULT_PRICES: PriceTable = {
  // OpenAI: $0.75 / $4.50 per MTok; web search $10 per 1,000 calls.
  'gpt-5.4-mini': { inputPerMTok: 0.75, outputPerMTok: 4.5, perSearch: 0.01 },
  // Anthropic: $0.10 / $0.50 per MTok up to 100K-token prompts; web search $10 per 1,000.
  'claude-haiku-5-5': { inputPerMTok: 0.1, outputPerMTok: 0.5, perSearch: 0.01 },
  'claude-sonnet-4-6': { inputPerMTok: 3, outputPerMTok: 15, perSearch: 0.01 },
  // Google: Gemini 3 grounding bills $14 per 1,000 search queries.
  'gemini-3.5-flash-lite': { inputPerMTok: 0.3, outputPerMTok: 2.5, perSearch: 0.014 },
  // Perplexity reports each answer's cost itself (usage.cost); this is the fallback: $0.005 per search.
  'perplexity/sonar': { inputPerMTok: 1, outputPerMTok: 1, perSearch: 0.005 },
  // DeepSeek: peak-hour prices (off-peak is half); searches billed since 2026-11-01, about $0.75 per 1,000.
  'deepseek-flash': { inputPerMTok: 0.3, outputPerMTok: 1.2, perSearch: 0.00075 },
  // The surfaces are billed per request, no tokens (docs/surfaces.md). SerpApi: a successful search on
  // the Developer plan, $75 for 5,000; a deferred AI Overview is a second search.
  'serpapi/google_ai_mode': { inputPerMTok: 0, outputPerMTok: 0, perSearch: 0.015 },
  'serpapi/google_ai_overview': { inputPerMTok: 0, outputPerMTok: 0, perSearch: 0.015 },
  // DataForSEO Live: AI Mode $0.004 a page, the organic first page $0.002, the ChatGPT scraper from $0.0012.
  'dataforseo/google_ai_mode': { inputPerMTok: 0, outputPerMTok: 0, perSearch: 0.004 },
  'dataforseo/google_organic': { inputPerMTok: 0, outputPerMTok: 0, perSearch: 0.002 },
  'dataforseo/chatgpt_scraper': { inputPerMTok: 0, outputPerMTok: 0, perSearch: 0.0012 },
};

/** Dollars, to a millionth; the vendor's own figure wins where it gives one. */
export function costUsd(prices: PriceTable, model: string, usage: Usage, vendorCostUsd?: number): number | null {
  if (vendorCostUsd !== undefined) return roundMicro(vendorCostUsd);
  const price = prices[model] ?? prices[withoutSnapshotDate(model)];
  if (!price) return null;
  return roundMicro(
    (usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) / 1_000_000 + usage.searches * price.perSearch,
  );
}

/** Vendors answer with a dated snapshot (gpt-5.4-mini-2026-03-17) of the model that was asked for. */
function withoutSnapshotDate(model: string): string {
  return model.replace(/-\d{4}-?\d{2}-?\d{2}$/, '');
}

/**
 * What one grounded answer typically uses, for estimates before anything runs: the pages a search
 * reads are billed as input tokens (10–60k for a grounded answer, by the vendors' usage reports), a
 * few paragraphs of output, one search (Gemini runs about two queries).
 */
export const TYPICAL_GROUNDED_ANSWER: Usage = { inputTokens: 20_000, outputTokens: 800, searches: 1 };

/** The estimated dollars of `answersPerPlatform` typical answers from each model; null if a model's price is unknown. */
export function estimatedCostUsd(prices: PriceTable, models: readonly string[], answersPerPlatform: number): number | null {
  let total = 0;
  for (const model of models) {
    const searches = model.startsWith('gemini') ? 2 : TYPICAL_GROUNDED_ANSWER.searches;
    const one = costUsd(prices, model, { ...TYPICAL_GROUNDED_ANSWER, searches });
    if (one === null) return null;
    total += one * answersPerPlatform;
  }
  return roundMicro(total);
}

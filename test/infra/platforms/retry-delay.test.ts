import { parseDuration, retryDelayFrom } from '../../../infra/platforms/retry-delay';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const headers = (entries: Record<string, string>) => new Headers(entries);

describe('the wait a vendor asks for', () => {
  test('retry-after-ms wins over retry-after, and retry-after is seconds or an HTTP date', () => {
    expect(retryDelayFrom(headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), undefined, NOW)).toBe(1500);
    expect(retryDelayFrom(headers({ 'retry-after': '2' }), undefined, NOW)).toBe(2000);
    expect(retryDelayFrom(headers({ 'retry-after': 'Mon, 23 Nov 2026 12:00:30 GMT' }), undefined, NOW)).toBe(30_000);
  });

  test("OpenAI's exhausted limit: x-ratelimit-reset-requests as a Go duration, only where nothing remains", () => {
    const openai = headers({
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': '6m0s',
      'x-ratelimit-remaining-tokens': '9000',
      'x-ratelimit-reset-tokens': '20ms',
    });
    expect(retryDelayFrom(openai, undefined, NOW)).toBe(360_000);
  });

  test("Anthropic's exhausted limit: anthropic-ratelimit-requests-reset as an RFC 3339 time", () => {
    const anthropic = headers({
      'anthropic-ratelimit-requests-remaining': '0',
      'anthropic-ratelimit-requests-reset': '2026-11-23T12:00:05Z',
    });
    expect(retryDelayFrom(anthropic, undefined, NOW)).toBe(5000);
  });

  test("Gemini's RetryInfo.retryDelay from the body, when no header says more", () => {
    expect(retryDelayFrom(headers({}), '2s', NOW)).toBe(2000);
    expect(retryDelayFrom(undefined, '1.5s', NOW)).toBe(1500);
  });

  test('nothing said: no delay of our own invention', () => {
    expect(
      retryDelayFrom(headers({ 'x-ratelimit-remaining-requests': '12', 'x-ratelimit-reset-requests': '1s' }), undefined, NOW),
    ).toBeUndefined();
    expect(retryDelayFrom(undefined, undefined, NOW)).toBeUndefined();
  });

  test.each([
    ['6m0s', 360_000],
    ['1h2m', 3_720_000],
    ['20ms', 20],
    ['0.5s', 500],
    ['2', undefined],
    ['soon', undefined],
  ])('duration %s is %s ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });
});

/**
 * How long a vendor asked us to wait, from whichever signal it sends (docs/platforms.md): retry-after-ms and Retry-After (OpenAI, Anthropic, Perplexity), the reset of
 * an exhausted rate limit (OpenAI's x-ratelimit-reset-requests "6m0s", Anthropic's
 * anthropic-ratelimit-requests-reset RFC 3339 time), or Gemini's RetryInfo.retryDelay ("2s") in the body.
 */

const NON_NEGATIVE_NUMBER = /^\d+(\.\d+)?$/;

export function retryDelayFrom(headers: Headers | undefined, bodyRetryDelay?: string, now = Date.now()): number | undefined {
  return (
    retryAfterHeader(headers, now) ??
    exhaustedLimitReset(headers, now) ??
    (bodyRetryDelay === undefined ? undefined : parseDuration(bodyRetryDelay))
  );
}

function retryAfterHeader(headers: Headers | undefined, now: number): number | undefined {
  const milliseconds = headers?.get('retry-after-ms')?.trim();
  if (milliseconds && NON_NEGATIVE_NUMBER.test(milliseconds)) return Math.round(Number(milliseconds));
  const value = headers?.get('retry-after');
  return value ? parseRetryAfter(value, now) : undefined;
}

/** A Retry-After value (seconds, or an HTTP date) in milliseconds from `now`; undefined when unreadable. */
export function parseRetryAfter(value: string, now = Date.now()): number | undefined {
  const trimmed = value.trim();
  if (NON_NEGATIVE_NUMBER.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The longest reset among the limits that have nothing left (a limit with some left is not why we waited). */
function exhaustedLimitReset(headers: Headers | undefined, now: number): number | undefined {
  if (!headers) return undefined;
  let longest: number | undefined;
  for (const [name, value] of headers) {
    // x-ratelimit-reset (one limit), x-ratelimit-reset-requests (OpenAI), anthropic-ratelimit-requests-reset.
    const match = /^(x-ratelimit|anthropic-ratelimit)-(?:reset(?:-([a-z-]+))?|([a-z-]+)-reset)$/.exec(name);
    if (!match) continue;
    const limit = match[2] ?? match[3];
    const remaining = limit
      ? (headers.get(`${match[1]}-remaining-${limit}`) ?? headers.get(`${match[1]}-${limit}-remaining`))
      : headers.get(`${match[1]}-remaining`);
    if (remaining !== null && Number(remaining) > 0) continue;
    const wait = resetToMs(value.trim(), now);
    if (wait !== undefined) longest = Math.max(longest ?? 0, wait);
  }
  return longest;
}

/** A reset is a duration ("1s", "6m0s", "20ms"), seconds, or a time (RFC 3339, or Unix seconds). */
function resetToMs(value: string, now: number): number | undefined {
  if (NON_NEGATIVE_NUMBER.test(value)) {
    const seconds = Number(value);
    // Unix time in seconds, as some vendors send X-RateLimit-Reset; else a number of seconds to wait.
    return seconds > 1_000_000_000 ? Math.max(0, seconds * 1000 - now) : Math.round(seconds * 1000);
  }
  const duration = parseDuration(value);
  if (duration !== undefined) return duration;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const DURATION_UNITS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** Go-style and protobuf durations: "6m0s", "1.5s", "20ms", "2s". */
export function parseDuration(value: string): number | undefined {
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== value) return undefined;
  return Math.round(parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * DURATION_UNITS[unit!]!, 0));
}

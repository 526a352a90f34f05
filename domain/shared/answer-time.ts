/**
 * How long a platform takes to answer now, judged from its recent answers (docs/platform-budgets.md,
 * "The time promise"): a question to it is worth asking while at least that much time is left.
 */

/** Which recent answers count, and how they are read. */
export const ANSWER_TIME_RULE = {
  /** The latest answers kept per platform: enough for a 95th percentile to mean something. */
  window: 50,
  /** Older answers say little about the platform now. */
  maxAgeMs: 15 * 60_000,
  /** Fewer than this and the configured timeout stands: a handful of answers is no measure. */
  minSamples: 5,
  /** A high percentile: the answer time most questions come within, not the typical one. */
  percentile: 0.95,
  /** Below this the figure is noise (a stand-in, a cached answer), and a little room costs nothing. */
  floorMs: 2_000,
} as const;

/** One answer as it was timed: when it came in (epoch ms) and how long it took. */
export interface AnswerSample {
  at: number;
  ms: number;
}

/** The nearest-rank percentile (0–1) of a non-empty list. */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * The platform's measured answer time at `now`: the rule's percentile of its recent answers, at least
 * the floor and at most `timeoutMs` (no answer takes longer than the client allows), or undefined
 * while too few answers are recent (the caller then holds to the configured timeout).
 */
export function measuredAnswerTimeMs(samples: readonly AnswerSample[], now: number, timeoutMs: number): number | undefined {
  const recent = samples
    .filter((sample) => now - sample.at <= ANSWER_TIME_RULE.maxAgeMs)
    .sort((a, b) => b.at - a.at)
    .slice(0, ANSWER_TIME_RULE.window)
    .map((sample) => sample.ms);
  if (recent.length < ANSWER_TIME_RULE.minSamples) return undefined;
  return Math.min(timeoutMs, Math.max(ANSWER_TIME_RULE.floorMs, Math.round(percentile(recent, ANSWER_TIME_RULE.percentile))));
}

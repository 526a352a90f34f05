/**
 * A share with its evidence: value = count / total (0–1), and low/high the Wilson 95% score
 * interval, which stays inside 0–1 and is honest about small samples (unlike value ± 1.96·SE).
 */
export interface Rate {
  value: number;
  count: number;
  total: number;
  low: number;
  high: number;
}

/** The standard normal quantiles of two-sided 95% and 99% intervals. */
export const Z95 = 1.959963984540054;
export const Z99 = 2.5758293035489004;

/** The Wilson score interval of count / total at quantile z, unrounded (for the Newcombe interval built on it). */
export function wilsonBounds(count: number, total: number, z = Z95): { p: number; low: number; high: number } {
  if (total <= 0) return { p: 0, low: 0, high: 0 };
  const p = count / total;
  const z2 = z * z;
  const denominator = 1 + z2 / total;
  const centre = (p + z2 / (2 * total)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator;
  return { p, low: Math.max(0, centre - margin), high: Math.min(1, centre + margin) };
}

/** A share of 0–1 as reports keep it: four places, a hundredth of a percentage point. */
export const roundShare = (value: number): number => Math.round(value * 10_000) / 10_000;

export function wilson(count: number, total: number): Rate {
  if (total <= 0) return { value: 0, count: 0, total: 0, low: 0, high: 0 };
  const { p, low, high } = wilsonBounds(count, total);
  return { value: roundShare(p), count, total, low: roundShare(low), high: roundShare(high) };
}

/** How wide the interval is, in points of 0–1. */
export const intervalWidth = (rate: Rate) => rate.high - rate.low;

/** A rate over fewer answers than this, or with an interval wider than this, is not much to go on. */
export const LOW_CONFIDENCE = { answers: 20, width: 0.3 } as const;

/** A report's confidence: low when any of its headline rates rests on few answers or has a wide interval. */
export function confidenceOf(rates: readonly Rate[]): 'low' | 'normal' {
  return rates.some((rate) => rate.total < LOW_CONFIDENCE.answers || intervalWidth(rate) > LOW_CONFIDENCE.width) ? 'low' : 'normal';
}

/** A share of 0–1 as people read it: "42%", or "4.2%" with one decimal. */
export function formatPercent(value: number, decimals: 0 | 1 = 0): string {
  const scale = 10 ** decimals;
  return `${Math.round(value * 100 * scale) / scale}%`;
}

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

const Z = 1.959963984540054;

export function wilson(count: number, total: number): Rate {
  if (total <= 0) return { value: 0, count: 0, total: 0, low: 0, high: 0 };
  const p = count / total;
  const z2 = Z * Z;
  const denominator = 1 + z2 / total;
  const centre = (p + z2 / (2 * total)) / denominator;
  const margin = (Z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return { value: round(p), count, total, low: round(Math.max(0, centre - margin)), high: round(Math.min(1, centre + margin)) };
}

/** How wide the interval is, in points of 0–1. */
export const intervalWidth = (rate: Rate) => rate.high - rate.low;

import { wilsonBounds, Z95 } from './rate';

/** A difference of two proportions, p₁ − p₂, with its interval (all in 0–1 units, −1 to 1). */
export interface DifferenceInterval {
  difference: number;
  low: number;
  high: number;
}

/**
 * Newcombe's hybrid score interval (method 10 of Newcombe 1998, Stat Med 17:873–890) for
 * x₁/n₁ − x₂/n₂, built from each proportion's Wilson interval at the same z:
 * L = d − √((p₁−l₁)² + (u₂−p₂)²), U = d + √((u₁−p₁)² + (p₂−l₂)²).
 * Unlike the Wald interval it has width at 0/10 vs 0/10 and stays within −1…1.
 */
export function newcombe(x1: number, n1: number, x2: number, n2: number, z = Z95): DifferenceInterval {
  const one = wilsonBounds(x1, n1, z);
  const two = wilsonBounds(x2, n2, z);
  const difference = one.p - two.p;
  return {
    difference,
    low: Math.max(-1, difference - Math.hypot(one.p - one.low, two.high - two.p)),
    high: Math.min(1, difference + Math.hypot(one.high - one.p, two.p - two.low)),
  };
}

/** Whether the interval lies wholly on one side of zero. */
export const excludesZero = ({ low, high }: DifferenceInterval) => low > 0 || high < 0;

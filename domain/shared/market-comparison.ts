import { excludesZero, newcombe } from './newcombe';
import { formatPercent, roundShare, type Rate } from './rate';
import { marketLabel, type StoredMarket } from './markets';

/**
 * Markets side by side (docs/markets.md#reports): a difference between two markets' rates is named
 * only when it is beyond noise, i.e. when the 95% interval of the difference (Newcombe's, as the
 * monitors' alerts use) lies wholly on one side of zero.
 */
export interface MarketRates {
  market: Pick<StoredMarket, 'country' | 'language' | 'city'>;
  rates: Readonly<Record<string, unknown>>;
}

export interface MarketDifference<K extends string = string> {
  /** The metric's key, as the kind declares it (domain/<kind>/metrics.ts). */
  metric: K;
  /** The market with the higher rate, then the lower. */
  higher: string;
  lower: string;
  /** Points of 0–1, higher minus lower, with the 95% interval. */
  difference: number;
  low: number;
  high: number;
  text: string;
}

/** A metric as a kind declares it (shared/metric.ts): only rates are compared, and only where a market's row carries them. */
interface Compared<K extends string> {
  key: K;
  label: string;
  unit: string;
}

/** A report's markets side by side: its rows and their differences beyond noise; nothing for a check without markets. */
export function marketSections<R extends { market: MarketRates['market'] }, K extends string>(
  byMarket: R[],
  metrics: readonly Compared<K>[],
): { byMarket?: R[]; marketDifferences?: MarketDifference<K>[] } {
  if (byMarket.length === 0) return {};
  return {
    byMarket,
    marketDifferences: marketDifferences(
      byMarket.map((row) => ({ market: row.market, rates: row })),
      metrics,
    ),
  };
}

/** Every pair of markets, every rate they both carry: the differences beyond noise, largest first. */
export function marketDifferences<K extends string>(rows: readonly MarketRates[], metrics: readonly Compared<K>[]): MarketDifference<K>[] {
  const found: MarketDifference<K>[] = [];
  const rates = metrics.filter((metric) => metric.unit === 'rate');
  for (const [index, one] of rows.entries()) {
    for (const two of rows.slice(index + 1)) {
      for (const { key, label } of rates) {
        const a = rateOf(one.rates[key]);
        const b = rateOf(two.rates[key]);
        if (!a || !b || a.total === 0 || b.total === 0) continue;
        const [higher, lower] = a.value >= b.value ? [one, two] : [two, one];
        const [hi, lo] = a.value >= b.value ? [a, b] : [b, a];
        const interval = newcombe(hi.count, hi.total, lo.count, lo.total);
        if (!excludesZero(interval)) continue;
        found.push({
          metric: key,
          higher: marketLabel(higher.market),
          lower: marketLabel(lower.market),
          difference: roundShare(interval.difference),
          low: roundShare(interval.low),
          high: roundShare(interval.high),
          text: `${label}: ${formatPercent(hi.value)} in ${marketLabel(higher.market)} against ${formatPercent(lo.value)} in ${marketLabel(lower.market)} (difference ${formatPercent(interval.low)} to ${formatPercent(interval.high)} at 95%)`,
        });
      }
    }
  }
  return found.sort((a, b) => b.difference - a.difference);
}

const rateOf = (value: unknown): Rate | undefined =>
  typeof value === 'object' && value !== null && 'total' in value && 'count' in value ? (value as Rate) : undefined;

import { wilson } from '../shared/rate';
import type { MonitorRun } from './alerts';
import { KINDS, metricsOf } from '../kinds';
import type { MonitorKind } from '../shared/check-kinds';
import { seriesKeyOf, storedKey, type SeriesKey } from './metric';

export interface SeriesPoint {
  at: string;
  snapshotId: string;
  value: number;
  /** Rates: the Wilson 95% interval and the counts behind it. */
  low?: number;
  high?: number;
  count?: number;
  total?: number;
  fingerprint: string;
}

export interface Series {
  /** Which series: a metric of the kind's table, or one platform's status. */
  key: SeriesKey;
  /** The same, as stored and as the trend's JSON has always spelt it (`mentionRate`, `platform:Claude`). */
  metric: string;
  /** `rate` (0–1, with a band), `score` (0–100), `share` (0–1 without a sample size) or `status` (1 known, 0 unknown). */
  unit: 'rate' | 'score' | 'share' | 'status';
  points: SeriesPoint[];
}

/** A run's point of a rate stored under `stored`: none where the run had no answer for it. */
function ratePoint(run: MonitorRun, stored: string): SeriesPoint[] {
  const counts = run.observation.rates[stored];
  if (!counts || counts.total === 0) return [];
  const rate = wilson(counts.count, counts.total);
  return [
    {
      at: run.at,
      snapshotId: run.snapshotId,
      fingerprint: run.fingerprint,
      value: rate.value,
      low: rate.low,
      high: rate.high,
      count: counts.count,
      total: counts.total,
    },
  ];
}

const seriesFor = (key: SeriesKey, unit: Series['unit'], points: SeriesPoint[]): Series => ({ key, metric: storedKey(key), unit, points });

/** Values a report may not measure at all: their series is left out while no run has them. */
const OPTIONAL_VALUES: ReadonlySet<string> = new Set(['demandWeightedMentionRate']);

/** Every series of a monitor's runs (oldest first), in the kind's table's order; a site adds one status series per platform. */
export function seriesOf(kind: MonitorKind, runs: readonly MonitorRun[]): Series[] {
  // Each market's share of a rate follows that rate (`mentionRate`, `mentionRate@DE-de`, …; observation.ts, `marketRates`).
  const marketKeys = [...new Set(runs.flatMap((run) => Object.keys(run.observation.rates)))]
    .map(seriesKeyOf)
    .filter((key) => key.family === 'market');
  const series = metricsOf(kind).flatMap(({ key, unit }) => {
    if (unit !== 'rate') {
      const points = runs.flatMap((run): SeriesPoint[] => {
        const value = run.observation.values[key];
        return value === undefined ? [] : [{ at: run.at, snapshotId: run.snapshotId, fingerprint: run.fingerprint, value }];
      });
      // A value no run measured (demand without DataForSEO) is no series: the page would chart nothing.
      return points.length === 0 && OPTIONAL_VALUES.has(key) ? [] : [seriesFor({ family: 'metric', id: key }, unit, points)];
    }
    const pooled = seriesFor(
      { family: 'metric', id: key },
      unit,
      runs.flatMap((run) => ratePoint(run, key)),
    );
    const byMarket = marketKeys
      .filter((market) => market.family === 'market' && market.metric === key)
      .map((market) =>
        seriesFor(
          market,
          'rate',
          runs.flatMap((run) => ratePoint(run, storedKey(market))),
        ),
      );
    return [pooled, ...byMarket];
  });
  if (KINDS[kind].platformSeries) {
    const platforms = [...new Set(runs.flatMap((run) => Object.keys(run.observation.platforms ?? {})))];
    for (const platform of platforms) {
      const points = runs.flatMap((run) => {
        const status = run.observation.platforms?.[platform];
        // An error is no answer: no point, rather than a false "unknown".
        return status === 'known' || status === 'unknown'
          ? [{ at: run.at, snapshotId: run.snapshotId, value: status === 'known' ? 1 : 0, fingerprint: run.fingerprint }]
          : [];
      });
      series.push(seriesFor({ family: 'platform', id: platform }, 'status', points));
    }
  }
  return series;
}

import { wilson } from '../shared/rate';
import type { MonitorRun } from './alerts';
import { KINDS } from '../kinds';
import type { CheckKind } from '../shared/check-kinds';

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
  metric: string;
  /** `rate` (0–1, with a band), `score` (0–100), `share` (0–1 without a sample size) or `status` (1 known, 0 unknown). */
  unit: 'rate' | 'score' | 'share' | 'status';
  points: SeriesPoint[];
}

/** Every series of a monitor's runs (oldest first), in the contract's order; a site adds one status series per platform. */
export function seriesOf(kind: CheckKind, runs: readonly MonitorRun[]): Series[] {
  const { rates, values, valueUnit, platformSeries } = KINDS[kind].metrics;
  const series: Series[] = [];
  // Each market's series follows the pooled ones: `mentionRate@DE-de` (observation.ts).
  const marketRates = [...new Set(runs.flatMap((run) => Object.keys(run.observation.rates).filter((key) => rates.includes(key.split('@')[0]!) && key.includes('@'))))];
  for (const metric of [...rates, ...marketRates]) {
    const points = runs.flatMap((run) => {
      const counts = run.observation.rates[metric];
      if (!counts || counts.total === 0) return [];
      const rate = wilson(counts.count, counts.total);
      return [{ at: run.at, snapshotId: run.snapshotId, value: rate.value, low: rate.low, high: rate.high, count: counts.count, total: counts.total, fingerprint: run.fingerprint }];
    });
    series.push({ metric, unit: 'rate', points });
  }
  for (const metric of values) {
    const points = runs.flatMap((run) => {
      const value = run.observation.values[metric];
      return value === undefined ? [] : [{ at: run.at, snapshotId: run.snapshotId, value, fingerprint: run.fingerprint }];
    });
    series.push({ metric, unit: valueUnit, points });
  }
  if (platformSeries) {
    const platforms = [...new Set(runs.flatMap((run) => Object.keys(run.observation.platforms ?? {})))];
    for (const platform of platforms) {
      const points = runs.flatMap((run) => {
        const status = run.observation.platforms?.[platform];
        // An error is no answer: no point, rather than a false "unknown".
        return status === 'known' || status === 'unknown' ? [{ at: run.at, snapshotId: run.snapshotId, value: status === 'known' ? 1 : 0, fingerprint: run.fingerprint }] : [];
      });
      series.push({ metric: `platform:${platform}`, unit: 'status', points });
    }
  }
  return series;
}

/**
 * What a monitor charts and alerts on, named once. Each kind lists its metrics in domain/kinds.ts
 * (key, unit, label, how it is read from the report); observation, series, alerts and the pages'
 * wording derive from that table, so a metric renamed in one place is renamed everywhere.
 */

export interface Counted {
  count: number;
  total: number;
}

/** The answers of a report, where it has any: the per-answer evidence of a rate is read from them. */
export type AnswerOf<R> = R extends { answers: readonly (infer A)[] } ? A : never;

interface MetricBase {
  /** The key observations are stored under (kept stable: a renamed key would lose its stored trend). */
  key: string;
  /** Its name for people, on pages and in MCP answers. */
  label: string;
  /** Charted only where a run measured it (product cards: only where a surface showed some). */
  onlyWhenMeasured?: boolean;
}

/** A share of answers, with its counts (Wilson band, Newcombe intervals, alerts). */
export interface RateMetric<R> extends MetricBase {
  unit: 'rate';
  read: (report: R) => Counted;
  /** Whether one answer counted for the rate: the evidence listed when the rate changes. */
  answerCounts?: (answer: AnswerOf<R>) => boolean;
}

/** A number without a sample size: a score (0–100), a share (0–1) or a position (1 = first); undefined where the run has none. */
export interface ValueMetric<R> extends MetricBase {
  unit: 'score' | 'share' | 'position';
  /** undefined: the report does not measure it (a brand diagnosis without demand); the run has no point in the series. */
  read: (report: R) => number | undefined;
}

export type Metric<R> = RateMetric<R> | ValueMetric<R>;

/**
 * The series and alerts that are one per platform, crawler, file or check rather than one per metric.
 * Stored alerts and the trend's JSON spell a series as `<family>:<id>` (`platform:Claude`), a metric as its
 * key alone: `storedKey` and `seriesKeyOf` are the only places that read or write that spelling.
 */
export const SERIES_FAMILIES = ['platform', 'crawler', 'file', 'check'] as const;
export type SeriesFamily = (typeof SERIES_FAMILIES)[number];

/** A rate measured in one market of a diagnosis over several (docs/markets.md#reports), stored as `<metric>@<market>`. */
export type MarketSeriesKey = { family: 'market'; id: string; metric: string };

export type SeriesKey = { family: 'metric'; id: string } | { family: SeriesFamily; id: string } | MarketSeriesKey;

export const storedKey = (key: SeriesKey): string => {
  if (key.family === 'market') return `${key.metric}@${key.id}`;
  return key.family === 'metric' ? key.id : `${key.family}:${key.id}`;
};

export function seriesKeyOf(stored: string): SeriesKey {
  const at = stored.indexOf('@');
  if (at > 0) return { family: 'market', metric: stored.slice(0, at), id: stored.slice(at + 1) };
  const colon = stored.indexOf(':');
  const family = stored.slice(0, colon);
  return colon > 0 && SERIES_FAMILIES.some((known) => known === family)
    ? { family: family as SeriesFamily, id: stored.slice(colon + 1) }
    : { family: 'metric', id: stored };
}

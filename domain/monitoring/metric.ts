/**
 * How a monitor's series are keyed and stored. The metrics themselves are declared by each kind
 * (domain/<kind>/metrics.ts, typed by shared/metric.ts) and listed in domain/kinds.ts.
 */

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

import { exportTable, marketCell } from '../shared/export-table';
import type { Series, SeriesPoint } from './series';
import { compareText } from '../shared/text';

/**
 * A monitor's trend as a table (docs/exports.md): one row per run and series, `date` first, oldest
 * first, so that a spreadsheet's IMPORTDATA or a BI tool joins it on dates beside web analytics.
 */
export interface TrendSource {
  monitor: { target: Record<string, unknown> };
  series: readonly Series[];
}

interface Row {
  source: TrendSource;
  series: Series;
  point: SeriesPoint;
}

/** A site's per-platform series are named "platform:<name>". */
const PLATFORM_METRIC = /^platform:(.+)$/;
const VERSION = 1;

export const trendExport = exportTable<TrendSource, Row>({
  version: VERSION,
  rowsAre: 'one per run and series, oldest run first',
  rows(source) {
    const rows = source.series.flatMap((series) => series.points.map((point) => ({ source, series, point })));
    // Stable: within one run, the series keep the trend's order. ISO 8601 times sort as text.
    return rows.sort((a, b) => compareText(a.point.at, b.point.at));
  },
  columns: [
    {
      key: 'date',
      type: 'text',
      description: "The run's day (ISO 8601 date, UTC): the key to join on",
      read: ({ point }) => point.at.slice(0, 10),
    },
    {
      key: 'market',
      type: 'text',
      description: 'Where the questions were asked from (country-language[-city]); empty when no market was set',
      read: ({ series, source }) => marketCell((series as { market?: unknown }).market, source.monitor.target.market),
    },
    {
      key: 'platform',
      type: 'text',
      description: "The platform a series is of (a site's platform:<name> series); empty for series over every platform",
      read: ({ series }) => (series as { platform?: unknown }).platform ?? PLATFORM_METRIC.exec(series.metric)?.[1],
    },
    {
      key: 'metric',
      type: 'text',
      description: "The series' metric, as the trend JSON names it (mentionRate, totalScore, platform:ChatGPT, …)",
      read: ({ series }) => series.metric,
    },
    {
      key: 'value',
      type: 'number',
      description: 'The value: a rate or share 0–1, a score 0–100, or a status 1 (known) / 0 (unknown)',
      read: ({ point }) => point.value,
    },
    {
      key: 'low',
      type: 'number',
      description: 'Rates: the low end of the Wilson 95% interval; empty otherwise',
      read: ({ point }) => point.low,
    },
    {
      key: 'high',
      type: 'number',
      description: 'Rates: the high end of the Wilson 95% interval; empty otherwise',
      read: ({ point }) => point.high,
    },
    {
      key: 'answers',
      type: 'number',
      description: 'Rates: the answers the rate is over; empty otherwise',
      read: ({ point }) => point.total,
    },
    {
      key: 'count',
      type: 'number',
      description: 'Rates: of those answers, the ones counted (e.g. naming the brand)',
      read: ({ point }) => point.count,
    },
    { key: 'unit', type: 'text', description: 'rate, score, share, position or status', read: ({ series }) => series.unit },
    {
      key: 'at',
      type: 'text',
      description: 'When the run was stored (ISO 8601, UTC): tells two runs of one day apart',
      read: ({ point }) => point.at,
    },
    {
      key: 'reportId',
      type: 'text',
      description: "The run's report (GET /api/v1/report/{reportId}/answers.csv)",
      read: ({ point }) => point.snapshotId,
    },
    {
      key: 'fingerprint',
      type: 'text',
      description: "The run's configuration: points of different fingerprints are not compared",
      read: ({ point }) => point.fingerprint,
    },
    {
      key: 'exportVersion',
      type: 'number',
      description: "This table's schema version: it goes up when columns are added (none is ever renamed)",
      read: () => VERSION,
    },
  ],
});

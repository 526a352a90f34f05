import type { z } from 'zod';
import { articleExport } from './article/export-columns';
import { articleReportSchema } from './article/report-schema';
import { brandExport } from './brand/report/export-columns';
import { brandReportSchema } from './brand/report/report-schema';
import type { ReportsByKind } from './check-outcome';
import type { CheckKind } from './shared/check-kinds';
import { ARTICLE_METRICS } from './article/metrics';
import { BRAND_METRICS } from './brand/report/metrics';
import { monitoredOnly, type Metric, type MetricName } from './shared/metric';
import { SITE_METRICS } from './site/metrics';
import type { ExportTable, StoredReport } from './shared/export-table';
import { siteExport } from './site/export-columns';
import { reportSchema } from './site/report';
import { trafficExport } from './traffic/export-columns';
import { trafficReportSchema } from './traffic/report-schema';

/**
 * What the domain knows of each kind of check, in one place: a kind missing here fails to compile.
 * What a monitor reads beyond the metrics (a site's files and crawlers, each answer's evidence) and how
 * a report is fingerprinted are in monitoring/observation.ts and monitoring/fingerprint.ts, as switches
 * the compiler also checks (docs/architecture.md, "Adding a kind of check").
 */
export interface KindModule<K extends CheckKind> {
  /** The kind's name for people: `name` inside a sentence, `title` to begin one. */
  words: { name: string; title: string };
  /** The report the kind's workflow stores. */
  reportSchema: z.ZodType<ReportsByKind[K]>;
  /**
   * The kind's metrics, declared once in domain/<kind>/metrics.ts (docs/checks/monitoring.md, "Metrics"):
   * each one's stored key, unit, name, short name and how it is read from the report (shared/metric.ts).
   * Monitors chart them in this order, but for those marked `monitored: false`.
   */
  metrics: readonly Metric<ReportsByKind[K]>[];
  /** Whether each platform's status is a series of its own (`{family: 'platform', id}`). */
  platformSeries: boolean;
  /** The rows and columns of its CSV and JSON-lines export (docs/exports.md). */
  export: ExportTable<StoredReport<ReportsByKind[K]>>;
}

export const KINDS: { [K in CheckKind]: KindModule<K> } = {
  site: {
    words: { name: 'site check', title: 'Site check' },
    reportSchema,
    metrics: SITE_METRICS,
    platformSeries: true,
    export: siteExport,
  },
  brand: {
    words: { name: 'brand diagnosis', title: 'Brand diagnosis' },
    reportSchema: brandReportSchema,
    metrics: BRAND_METRICS,
    platformSeries: false,
    export: brandExport,
  },
  article: {
    words: { name: 'article check', title: 'Article check' },
    reportSchema: articleReportSchema,
    metrics: ARTICLE_METRICS,
    platformSeries: false,
    export: articleExport,
  },
  traffic: {
    words: { name: 'crawler-traffic check', title: 'Crawler traffic' },
    reportSchema: trafficReportSchema,
    // Not monitored (check-kinds.ts): a log is uploaded once; there is no series to chart.
    metrics: [],
    platformSeries: false,
    export: trafficExport,
  },
};

/** The metrics a monitor of the kind charts and alerts on, in the charts' order, as names and units. */
export const metricsOf = (kind: CheckKind): readonly MetricName[] => monitoredOnly<MetricName>(KINDS[kind].metrics);

/** Every metric's name for people, by its stored key. */
export const METRIC_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(KINDS).flatMap((kind) => kind.metrics.map((metric) => [metric.key, metric.label])),
);

import type { z } from 'zod';
import { articleExport } from './article/export-columns';
import { articleReportSchema } from './article/report-schema';
import { brandExport } from './brand/export-columns';
import { brandReportSchema } from './brand/report-schema';
import type { ReportsByKind } from './check-outcome';
import type { CheckKind } from './shared/check-kinds';
import type { Metric } from './monitoring/metric';
import { PRODUCT_METRICS } from './monitoring/product-metrics';
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
   * What a monitor charts and alerts on, in the charts' order (docs/checks/monitoring.md):
   * each metric's stored key, unit, name and how it is read from the report (monitoring/metric.ts).
   */
  metrics: readonly Metric<ReportsByKind[K]>[];
  /** Whether each platform's status is a series of its own (`{family: 'platform', id}`). */
  platformSeries: boolean;
  /** The rows and columns of its CSV and JSON-lines export (docs/exports.md). */
  export: ExportTable<StoredReport<ReportsByKind[K]>>;
}

/** A metric as charts, alerts and wording see it, without reading a report. */
export type MetricName = Pick<Metric<never>, 'key' | 'unit' | 'label' | 'onlyWhenMeasured'>;

export const KINDS: { [K in CheckKind]: KindModule<K> } = {
  site: {
    words: { name: 'site check', title: 'Site check' },
    reportSchema,
    metrics: [
      { key: 'totalScore', unit: 'score', label: 'Total score', read: (report) => report.totalScore },
      { key: 'crawlerScore', unit: 'score', label: 'Crawler score', read: (report) => report.crawlerScore },
      { key: 'memoryScore', unit: 'score', label: 'AI awareness score', read: (report) => report.memoryScore },
    ],
    platformSeries: true,
    export: siteExport,
  },
  brand: {
    words: { name: 'brand diagnosis', title: 'Brand diagnosis' },
    reportSchema: brandReportSchema,
    metrics: [
      {
        key: 'mentionRate',
        unit: 'rate',
        label: 'Mention rate',
        read: (report) => report.metrics.mentionRate,
        answerCounts: (answer) => answer.mentioned,
      },
      {
        key: 'firstRecommendationRate',
        unit: 'rate',
        label: 'Named first',
        read: (report) => report.metrics.firstRecommendationRate,
        answerCounts: (answer) => answer.firstRecommended,
      },
      { key: 'shareOfVoice', unit: 'rate', label: 'Share of voice', read: (report) => report.metrics.shareOfVoice },
      {
        key: 'citationRate',
        unit: 'rate',
        label: 'Brand’s site cited',
        read: (report) => report.metrics.citationRate,
        answerCounts: (answer) => answer.brandCited,
      },
      ...PRODUCT_METRICS,
      {
        // docs/checks/brand.md, "Demand": each answer weighted by its question's AI search volume.
        key: 'demandWeightedMentionRate',
        unit: 'share',
        label: 'Mention rate weighted by demand',
        // A diagnosis without DataForSEO measures no demand: no series until a run has it.
        onlyWhenMeasured: true,
        read: (report) => report.demand?.weighted?.mentionRate ?? undefined,
      },
    ],
    platformSeries: false,
    export: brandExport,
  },
  article: {
    words: { name: 'article check', title: 'Article check' },
    reportSchema: articleReportSchema,
    metrics: [
      {
        key: 'urlCitationRate',
        unit: 'rate',
        label: 'Article URL cited',
        read: (report) => report.metrics.urlCitationRate,
        answerCounts: (answer) => answer.citesUrl,
      },
      { key: 'unionCoverage', unit: 'share', label: 'Key points covered by any answer', read: (report) => report.metrics.unionCoverage },
    ],
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

/** A kind's metrics in the charts' order, as names and units. */
export const metricsOf = (kind: CheckKind): readonly MetricName[] => KINDS[kind].metrics;

/** Every metric's name for people, by its stored key. */
export const METRIC_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(KINDS).flatMap((kind) => kind.metrics.map((metric) => [metric.key, metric.label])),
);

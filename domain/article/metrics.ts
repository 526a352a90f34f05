import type { Metric } from '../shared/metric';
import type { ArticleReport } from './report-schema';

export type ArticleMetricKey = Exclude<keyof ArticleReport['metrics'], 'answers'>;

/**
 * An article check's metrics, declared once (docs/checks/monitoring.md, "Metrics"), in the charts' order.
 * Mean coverage and the site's citation rate are shown on the report but were never charted: they stay out
 * of monitors, so a monitor's series are the ones it has always stored.
 */
export const ARTICLE_METRICS = [
  {
    key: 'coverage',
    unit: 'share',
    label: 'Coverage',
    shortLabel: 'Coverage',
    description: 'The share of the article’s key points an answer uses, on average over the answers',
    headline: true,
    monitored: false,
    read: (report) => report.metrics.coverage,
  },
  {
    key: 'urlCitationRate',
    unit: 'rate',
    label: 'URL citation rate',
    shortLabel: 'Article cited',
    description: 'Answers that cite the article’s own address',
    headline: true,
    read: (report) => report.metrics.urlCitationRate,
    answerCounts: (answer) => answer.citesUrl,
  },
  {
    key: 'unionCoverage',
    unit: 'share',
    label: 'Key points covered by any answer',
    shortLabel: 'Covered by any',
    description: 'The share of the article’s key points that at least one answer uses',
    read: (report) => report.metrics.unionCoverage,
  },
  {
    key: 'domainCitationRate',
    unit: 'rate',
    label: 'Site citation rate',
    shortLabel: 'Site cited',
    description: 'Answers that cite any page of the article’s site',
    monitored: false,
    read: (report) => report.metrics.domainCitationRate,
  },
] as const satisfies readonly Metric<ArticleReport, ArticleMetricKey>[];

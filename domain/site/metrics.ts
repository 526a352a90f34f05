import type { Metric } from '../shared/metric';
import type { Report } from './report';

/** A site check's scores sit at the report's top level, not in a `metrics` object. */
export type SiteScores = Pick<Report, 'totalScore' | 'crawlerScore' | 'memoryScore'>;
export type SiteMetricKey = keyof SiteScores;

/** A site check's metrics, declared once (docs/checks/monitoring.md, "Metrics"), in the charts' order. */
export const SITE_METRICS = [
  {
    key: 'totalScore',
    unit: 'score',
    label: 'Total score',
    shortLabel: 'Total',
    description: '0.4 × the crawler score + 0.6 × the AI awareness score (0–100)',
    headline: true,
    read: (report) => report.totalScore,
  },
  {
    key: 'crawlerScore',
    unit: 'score',
    label: 'Crawler score',
    shortLabel: 'Crawlers',
    description: 'How well AI crawlers can reach the site, from the infrastructure checks (0–100)',
    headline: true,
    read: (report) => report.crawlerScore,
  },
  {
    key: 'memoryScore',
    unit: 'score',
    label: 'AI awareness score',
    shortLabel: 'AI awareness',
    description: 'What the AI platforms know of the site, from their answers (0–100)',
    headline: true,
    read: (report) => report.memoryScore,
  },
] as const satisfies readonly Metric<Report, SiteMetricKey>[];

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
    description: '40% crawler reachability + 60% AI awareness (0–100)',
    headline: true,
    read: (report) => report.totalScore,
  },
  {
    key: 'crawlerScore',
    unit: 'score',
    label: 'Crawler reachability',
    shortLabel: 'Reachability',
    description: 'Whether AI crawlers can reach and read the site, from the infrastructure checks (0–100)',
    headline: true,
    read: (report) => report.crawlerScore,
  },
  {
    key: 'memoryScore',
    unit: 'score',
    label: 'AI awareness',
    shortLabel: 'AI awareness',
    description: 'What AI assistants know and say about the site, from their answers (0–100)',
    headline: true,
    read: (report) => report.memoryScore,
  },
] as const satisfies readonly Metric<Report, SiteMetricKey>[];

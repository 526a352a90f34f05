import type { Metric } from '../../shared/metric';
import { PRODUCT_METRICS, type ProductMetricKey } from './product-metrics';
import type { BrandReport } from './report-schema';

/**
 * A brand diagnosis's metrics, declared once (docs/checks/monitoring.md, "Metrics"), in the charts' order.
 * The report's `metrics` hold the four rates; the product cards' and the demand-weighted rate live
 * elsewhere in the report, so their keys are declared beside them.
 */
export type BrandMetricKey = Exclude<keyof BrandReport['metrics'], 'answers'> | ProductMetricKey | 'demandWeightedMentionRate';

export const BRAND_METRICS = [
  {
    key: 'mentionRate',
    unit: 'rate',
    label: 'Mention rate',
    shortLabel: 'Named',
    description: 'Answers that name the brand',
    headline: true,
    read: (report) => report.metrics.mentionRate,
    answerCounts: (answer) => answer.mentioned,
  },
  {
    key: 'firstRecommendationRate',
    unit: 'rate',
    label: 'First recommendation rate',
    shortLabel: 'Named first',
    description: 'Answers that name the brand first',
    headline: true,
    read: (report) => report.metrics.firstRecommendationRate,
    answerCounts: (answer) => answer.firstRecommended,
  },
  {
    key: 'shareOfVoice',
    unit: 'rate',
    label: 'Share of voice',
    shortLabel: 'Share of voice',
    description: 'The brand’s share of the namings of it and its competitors',
    headline: true,
    read: (report) => report.metrics.shareOfVoice,
  },
  {
    key: 'citationRate',
    unit: 'rate',
    label: 'Citation rate',
    shortLabel: 'Site cited',
    description: 'Answers that cite the brand’s site',
    read: (report) => report.metrics.citationRate,
    answerCounts: (answer) => answer.brandCited,
  },
  ...PRODUCT_METRICS,
  {
    // docs/checks/brand.md, "Demand": each answer weighted by its question's AI search volume.
    key: 'demandWeightedMentionRate',
    unit: 'share',
    label: 'Mention rate weighted by demand',
    shortLabel: 'Weighted mentions',
    description: 'Answers that name the brand, each weighted by its question’s AI search volume',
    // A diagnosis without DataForSEO measures no demand: no series until a run has it.
    onlyWhenMeasured: true,
    read: (report) => report.demand?.weighted?.mentionRate ?? undefined,
  },
] as const satisfies readonly Metric<BrandReport, BrandMetricKey>[];

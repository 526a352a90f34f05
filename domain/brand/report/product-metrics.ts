import type { Metric } from '../../shared/metric';
import type { BrandReport } from './report-schema';

/**
 * What a brand diagnosis measures of its product cards (docs/checks/monitoring.md, its product cards): the
 * card rate and the brand's share of the cards, pooled over the surfaces and markets asked (rates, alerted
 * as the other rates are), and the brand's best card position; each also per surface and market, as a
 * series of its own (monitoring/product-series.ts). A diagnosis whose surfaces showed no card has none.
 * They live in `productVisibility`'s rows, not in the report's `metrics`: their keys are declared here.
 */
export type ProductMetricKey = 'productCardRate' | 'brandProductShare' | 'brandBestPosition';

type Row = NonNullable<BrandReport['productVisibility']>[number];

const pooled = (report: BrandReport, pick: (row: Row) => { count: number; total: number }) =>
  (report.productVisibility ?? []).reduce((sum, row) => ({ count: sum.count + pick(row).count, total: sum.total + pick(row).total }), {
    count: 0,
    total: 0,
  });

const bestOf = (rows: readonly Row[]): number | undefined => {
  const positions = rows.flatMap((row) => (row.bestPosition === null ? [] : [row.bestPosition]));
  return positions.length > 0 ? Math.min(...positions) : undefined;
};

export const PRODUCT_METRICS = [
  {
    key: 'productCardRate',
    unit: 'rate',
    label: 'Answers with product cards',
    shortLabel: 'With cards',
    description: 'Answers on the search surfaces that showed product cards',
    onlyWhenMeasured: true,
    read: (report) => pooled(report, (row) => row.cardRate),
    answerCounts: (answer) => (answer.products?.length ?? 0) > 0,
  },
  {
    key: 'brandProductShare',
    unit: 'rate',
    label: 'Brand’s share of product cards',
    shortLabel: 'Brand’s cards',
    description: 'Of the product cards shown, the ones that are the brand’s',
    over: 'cards',
    onlyWhenMeasured: true,
    read: (report) => pooled(report, (row) => row.brandShare),
  },
  {
    key: 'brandBestPosition',
    unit: 'position',
    label: 'Brand’s best product card position',
    shortLabel: 'Best card',
    description: 'The best place a card of the brand was shown at (1 = first)',
    onlyWhenMeasured: true,
    read: (report) => bestOf(report.productVisibility ?? []),
  },
] as const satisfies readonly Metric<BrandReport, ProductMetricKey>[];

import type { Metric } from './metric';
import type { BrandReport } from '../brand/report-schema';

/**
 * What a monitor tracks of a brand's product cards (docs/checks/monitoring.md, its product cards): the
 * card rate and the brand's share of the cards, pooled over the surfaces and markets asked (rates,
 * alerted as the other rates are), and the brand's best card position; each also per surface and
 * market, as a series of its own (`productCardRate@Google AI Mode US-en`). A diagnosis whose surfaces
 * showed no card has none of these series.
 */

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

export const PRODUCT_METRICS: readonly Metric<BrandReport>[] = [
  {
    key: 'productCardRate',
    unit: 'rate',
    label: 'Answers with product cards',
    onlyWhenMeasured: true,
    read: (report) => pooled(report, (row) => row.cardRate),
    answerCounts: (answer) => (answer.products?.length ?? 0) > 0,
  },
  {
    key: 'brandProductShare',
    unit: 'rate',
    label: 'Brand’s share of product cards',
    onlyWhenMeasured: true,
    read: (report) => pooled(report, (row) => row.brandShare),
  },
  {
    key: 'brandBestPosition',
    unit: 'position',
    label: 'Brand’s best product card position',
    onlyWhenMeasured: true,
    read: (report) => bestOf(report.productVisibility ?? []),
  },
];

/** Each surface and market's own series, keyed as a market's are (`<metric>@<where>`): "Google AI Mode", "Google AI Mode DE-de". */
export function productSeries(report: BrandReport): {
  rates: Record<string, { count: number; total: number }>;
  values: Record<string, number>;
} {
  const rates: Record<string, { count: number; total: number }> = {};
  const values: Record<string, number> = {};
  for (const row of report.productVisibility ?? []) {
    const where = row.key ? `${row.platform} ${row.key}` : row.platform;
    rates[`productCardRate@${where}`] = { count: row.cardRate.count, total: row.cardRate.total };
    rates[`brandProductShare@${where}`] = { count: row.brandShare.count, total: row.brandShare.total };
    if (row.bestPosition !== null) values[`brandBestPosition@${where}`] = row.bestPosition;
  }
  return { rates, values };
}

import type { BrandReport } from '../brand/report/report-schema';

/**
 * Each surface and market's own series of the product-card metrics (domain/brand/report/product-metrics.ts),
 * keyed as a market's are (`<metric>@<where>`): "Google AI Mode", "Google AI Mode DE-de".
 */
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

import { marketLabel } from '../../domain/shared/markets';
import type { Market } from '../../domain/shared/market';
import type { MarketDifference } from '../../domain/shared/market-comparison';
import { answerCount, dayOf, interval95 } from '../wording';
import { formatPercent, wilson } from '../../domain/shared/rate';
import { figureText, isMeasured, type Metric } from '../../domain/shared/metric';
import { SITE_METRICS } from '../../domain/site/metrics';
import type { Rate } from '../../domain/shared/rate';
import type { RankingRecord } from '../../infra/snapshot-store';

/**
 * Markdown written for an agent: the headline numbers first, then the top issues or actions, then the
 * permanent link. Plain text from sites and platforms is kept out of headings and tables' structure.
 */

/** A rate with its evidence, as one list line. */
export const rate = (label: string, value: Rate, over?: string) =>
  `- ${label}: ${formatPercent(value.value)} (${answerCount(value, over)}; ${interval95(value)})`;
/** Every metric the report measured, in its kind's declared order and under its declared label: one list line each. */
export function metricLines<R>(metrics: readonly Metric<R>[], report: R): string[] {
  return metrics
    .filter((metric) => isMeasured(metric, report))
    .flatMap((metric) => {
      if (metric.unit === 'rate') {
        const { count, total } = metric.read(report);
        return [rate(metric.label, wilson(count, total), metric.over)];
      }
      const value = metric.read(report);
      return value === undefined ? [] : [`- ${metric.label}: ${figureText(metric.unit, value)}`];
    });
}
/** One line of text from outside: no line breaks or table pipes that would change the markdown's shape. */
export const inline = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** Where the questions were asked from, each market's headline rate, and the differences beyond noise. */
export function marketLines(
  markets: readonly Market[] | undefined,
  rows: readonly { market: Market; line: string }[] | undefined,
  differences: readonly MarketDifference[] | undefined,
): string[] {
  if (!markets || markets.length === 0) return [];
  return [
    `- Markets: ${markets.map(marketLabel).join(', ')}`,
    ...(rows && rows.length > 1 ? rows.map((row) => `  - ${row.line}`) : []),
    ...(differences ?? []).map((difference) => `  - Beyond noise: ${difference.text}`),
  ];
}

export function rankingsSummary(entries: readonly RankingRecord[], linkOf: (snapshotId: string) => string): string {
  if (entries.length === 0) return 'No site has been checked yet, so there is no ranking.';
  return [
    '# AI visibility ranking (newest check of each domain, by total score)',
    '',
    `| # | Domain | ${SITE_METRICS.map((metric) => metric.shortLabel).join(' | ')} | Checked | Report |`,
    `|---|---|${SITE_METRICS.map(() => '---|').join('')}---|---|`,
    ...entries.map(
      (entry, index) =>
        `| ${index + 1} | ${entry.domain} | ${SITE_METRICS.map((metric) => Math.round(entry[metric.key])).join(' | ')} | ${dayOf(entry.createdAt.toISOString())} | ${linkOf(entry.snapshotId)} |`,
    ),
  ].join('\n');
}

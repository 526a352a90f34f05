import { marketLabel } from '../../domain/shared/markets';
import type { Market } from '../../domain/shared/market';
import type { MarketDifference } from '../../domain/shared/market-comparison';
import { answerCount, dayOf, interval95 } from '../wording';
import { formatPercent } from '../../domain/shared/rate';
import type { Rate } from '../../domain/shared/rate';
import type { RankingRecord } from '../../infra/snapshot-store';

/**
 * Markdown written for an agent: the headline numbers first, then the top issues or actions, then the
 * permanent link. Plain text from sites and platforms is kept out of headings and tables' structure.
 */

/** A rate with its evidence, as one list line. */
export const rate = (label: string, value: Rate) =>
  `- ${label}: ${formatPercent(value.value)} (${answerCount(value)}; ${interval95(value)})`;
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
    '| # | Domain | Total | Crawler reachability | AI awareness | Checked | Report |',
    '|---|---|---|---|---|---|---|',
    ...entries.map(
      (entry, index) =>
        `| ${index + 1} | ${entry.domain} | ${Math.round(entry.totalScore)} | ${Math.round(entry.crawlerScore)} | ${Math.round(entry.memoryScore)} | ${dayOf(entry.createdAt.toISOString())} | ${linkOf(entry.snapshotId)} |`,
    ),
  ].join('\n');
}

import { marketLabel } from '../../domain/shared/markets';
import type { Market } from '../../domain/shared/market';
import type { MarketDifference } from '../../domain/shared/market-comparison';
import { answerCount, dayOf, interval95 } from '../wording';
import { formatPercent } from '../../domain/shared/rate';
import type { ArticleReport } from '../../domain/article/report-schema';
import type { BrandReport } from '../../domain/brand/report-schema';
import type { Rate } from '../../domain/shared/rate';
import type { Report } from '../../domain/site/report';
import type { RankingRecord } from '../../infra/snapshot-store';
import type { TrafficReport } from '../../domain/traffic/report-schema';
import { trafficTotals } from '../../domain/traffic/totals';
import { brandDemandLines, brandSourceLines } from './brand-sources-summary';

/**
 * Markdown written for an agent: the headline numbers first, then the top issues or actions, then the
 * permanent link. Plain text from sites and platforms is kept out of headings and tables' structure.
 */

const score = (value: number) => `${Math.round(value)}/100`;
/** A rate with its evidence, as one list line. */
const rate = (label: string, value: Rate) => `- ${label}: ${formatPercent(value.value)} (${answerCount(value)}; ${interval95(value)})`;
/** One line of text from outside: no line breaks or table pipes that would change the markdown's shape. */
const inline = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

export function siteSummary(report: Report, link: string): string {
  const platforms = report.memory.map(
    (entry) =>
      `${entry.platform}: ${entry.status === 'known' ? `knows the site (reputation ${entry.reputation})` : entry.status === 'unknown' ? 'does not know the site' : `no answer (${inline(entry.error ?? 'error')})`}`,
  );
  const issues = report.issues
    .slice(0, 5)
    .map((issue, index) => `${index + 1}. **${issue.level}**: ${inline(issue.text)} Fix: ${inline(issue.fix)}`);
  const blocked = report.bots.filter((bot) => bot.access === 'blocked').map((bot) => bot.token);
  return [
    `# AI visibility of ${report.domain}: ${score(report.totalScore)}`,
    '',
    `- Total score: ${score(report.totalScore)} (40% crawler reachability + 60% AI awareness)`,
    `- Crawler reachability: ${score(report.crawlerScore)}`,
    `- AI awareness: ${score(report.memoryScore)}`,
    `- AI crawlers blocked by robots.txt: ${blocked.length ? blocked.join(', ') : 'none'} (of ${report.bots.length})`,
    `- Checked: ${report.createdAt}`,
    '',
    '## Top issues',
    ...(issues.length ? issues : ['No problems found.']),
    '',
    '## What AI platforms say',
    ...platforms.map((line) => `- ${line}`),
    '',
    `Full report: ${link}`,
  ].join('\n');
}

export function brandSummary(report: BrandReport, link: string): string {
  const { metrics } = report;
  const competitors = report.competitors
    .slice(0, 5)
    .map(
      (competitor) =>
        `${inline(competitor.name)} ${formatPercent(competitor.shareOfVoice.value)}${competitor.discovered ? ' (discovered)' : ''}`,
    );
  return [
    `# ${inline(report.brand)} in AI answers about "${inline(report.keyword)}": ${report.stage}`,
    '',
    rate('Mention rate', metrics.mentionRate),
    rate('First-recommendation rate', metrics.firstRecommendationRate),
    rate('Share of voice', metrics.shareOfVoice),
    rate('Citation rate', metrics.citationRate),
    ...marketLines(
      report.markets,
      report.byMarket?.map((row) => ({
        market: row.market,
        line: rate(`${marketLabel(row.market)}: mention rate`, row.mentionRate).slice(2),
      })),
      report.marketDifferences,
    ),
    `- Stage: ${report.stage}; confidence ${report.confidence}`,
    `- Competitors by share of voice: ${competitors.length ? competitors.join(', ') : 'none named in two answers or more'}`,
    `- Diagnosed: ${report.createdAt}`,
    '',
    inline(report.conclusion),
    '',
    '## Action plan',
    ...report.actionPlan.map((item) => `${item.priority}. **${inline(item.action)}** ${inline(item.why)}`),
    '',
    ...sitesToWin(report),
    ...brandSourceLines(report),
    ...brandDemandLines(report),
    ...surfaces(report),
    ...productLines(report),
    `Full report: ${link}`,
  ].join('\n');
}

/** What people see: how often each surface showed an answer, and where the vendor's API tells another story. */
function surfaces(report: BrandReport): string[] {
  if (!report.surfacePresence?.length && !report.surfaceVsApi?.length) return [];
  return [
    '## Search surfaces',
    ...(report.surfacePresence ?? []).map(
      (row) =>
        `- ${inline(row.platform)} showed an answer for ${row.shown.count} of ${row.shown.total} questions (${formatPercent(row.shown.value)})`,
    ),
    ...(report.surfaceVsApi ?? []).map((row) => `- ${inline(row.sentence)}`),
    '',
  ];
}

/** Product cards (docs/checks/brand.md): how often each surface showed them, the brand's share and best place, who sells its products. */
function productLines(report: BrandReport): string[] {
  if (!report.productVisibility?.some((row) => row.cards > 0)) return [];
  return [
    '## Product cards',
    ...report.productVisibility.map((row) => {
      const where = row.market ? `${inline(row.platform)} in ${marketLabel(row.market)}` : inline(row.platform);
      const best = row.bestPosition === null ? 'no card of yours' : `your best card at position ${row.bestPosition}`;
      const sellers = row.brandMerchants.map((merchant) => inline(merchant.merchant)).join(', ');
      return `- ${where} showed product cards in ${formatPercent(row.cardRate.value)} of answers (${row.cardRate.count}/${row.cardRate.total}); ${formatPercent(row.brandShare.value)} of ${row.cards} cards are yours, ${best}${sellers ? `; sold by ${sellers}` : ''}`;
    }),
    '',
  ];
}

/** The outreach list: sites cited where competitors are named and the brand never is. */
function sitesToWin(report: BrandReport): string[] {
  if (!report.citationGaps) return [];
  const gaps = report.citationGaps
    .slice(0, 10)
    .map(
      (gap) =>
        `- ${inline(gap.domain)}: cited in ${gap.answers} answers naming ${gap.competitors.map(inline).join(', ')}, never ${inline(report.brand)}`,
    );
  return ['## Sites to win', ...(gaps.length ? gaps : [`- No cited site names competitors without ${inline(report.brand)}.`]), ''];
}

/** Where the questions were asked from, each market's headline rate, and the differences beyond noise. */
function marketLines(
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

export function articleSummary(report: ArticleReport, link: string): string {
  const { metrics, verdict } = report;
  return [
    `# "${inline(report.title)}": ${verdict.summary}`,
    '',
    `- Coverage: ${formatPercent(metrics.coverage)} of the ${report.keyPoints.length} key points per answer on average (${formatPercent(metrics.unionCoverage)} used by at least one answer)`,
    rate('URL citation rate', metrics.urlCitationRate),
    rate('Site citation rate', metrics.domainCitationRate),
    ...marketLines(
      report.markets,
      report.byMarket?.map((row) => ({
        market: row.market,
        line: rate(`${marketLabel(row.market)}: URL citation rate`, row.urlCitationRate).slice(2),
      })),
      report.marketDifferences,
    ),
    `- Verdict: citation ${verdict.citation}, coverage ${verdict.coverage}; confidence ${report.confidence}`,
    `- Article: ${report.finalUrl} (${report.wordCount} words); checked ${report.createdAt}`,
    '',
    inline(verdict.text),
    '',
    '## Advice',
    ...report.advice.map((item) => `${item.priority}. **${inline(item.action)}** ${inline(item.why)}`),
    '',
    `Full report: ${link}`,
  ].join('\n');
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

export function trafficSummary(report: TrafficReport, link: string): string {
  const scores = trafficTotals(report);
  return [
    `# AI crawler traffic of ${report.domain}`,
    '',
    `- ${report.lines} log lines (${report.format}), ${report.requests} requests; ${report.unreadable} lines unreadable`,
    `- AI crawler requests: ${scores.verified} verified, ${scores.forged} forged, ${scores.unverifiable} unverifiable`,
    `- Visits sent by AI assistants: ${scores.referrals}`,
    '',
    '| Crawler | Operator | Requests | Verified | Forged | Unverifiable | robots.txt |',
    '|---|---|---|---|---|---|---|',
    ...report.crawlers.map(
      (crawler) =>
        `| ${inline(crawler.name)} | ${inline(crawler.operator)} | ${crawler.requests} | ${crawler.verdicts.verified} | ${crawler.verdicts.forged} | ${crawler.verdicts.unverifiable} | ${crawler.robots ?? '–'} |`,
    ),
    '',
    ...(report.contradictions.length
      ? ['## robots.txt against what happened', ...report.contradictions.map((item) => `- ${inline(item.text)}`), '']
      : []),
    ...(report.referrals.length
      ? [
          '## Visits from AI assistants',
          ...report.referrals.map(
            (referral) =>
              `- ${referral.assistant}: ${referral.visits} (top: ${referral.topPages
                .slice(0, 3)
                .map((page) => inline(page.page))
                .join(', ')})`,
          ),
          '',
        ]
      : []),
    ...(report.signedAgents?.length
      ? [
          '## Signed agents (Web Bot Auth)',
          ...report.signedAgents.map(
            (agent) =>
              `- ${inline(agent.name)}: ${agent.requests} requests, ${agent.verified} verified, ${agent.invalid.total} invalid (${agent.invalid['bad-signature']} forged signatures), ${agent.unverified.total} unverified`,
          ),
          '',
        ]
      : []),
    `Full report: ${link}`,
  ].join('\n');
}

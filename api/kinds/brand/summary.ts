import { marketLabel } from '../../../domain/shared/markets';
import { formatPercent } from '../../../domain/shared/rate';
import type { BrandReport } from '../../../domain/brand/report/report-schema';
import { BRAND_METRICS } from '../../../domain/brand/report/metrics';
import { inSentence, metricOf } from '../../../domain/shared/metric';
import { inline, marketLines, metricLines, rate } from '../../mcp/summaries';
import { brandDemandLines, brandSourceLines } from './brand-sources-summary';

export function brandSummary(report: BrandReport, link: string): string {
  const competitors = report.competitors
    .slice(0, 5)
    .map(
      (competitor) =>
        `${inline(competitor.name)} ${formatPercent(competitor.shareOfVoice.value)}${competitor.discovered ? ' (discovered)' : ''}`,
    );
  return [
    `# ${inline(report.brand)} in AI answers about "${inline(report.keyword)}": ${report.stage}`,
    '',
    ...metricLines(BRAND_METRICS, report),
    ...marketLines(
      report.markets,
      report.byMarket?.map((row) => ({
        market: row.market,
        line: rate(`${marketLabel(row.market)}: ${inSentence(metricOf(BRAND_METRICS, 'mentionRate').label)}`, row.mentionRate).slice(2),
      })),
      report.marketDifferences,
    ),
    `- Stage: ${report.stage}; confidence ${report.confidence}`,
    `- Competitors by ${inSentence(metricOf(BRAND_METRICS, 'shareOfVoice').label)}: ${competitors.length ? competitors.join(', ') : 'none named in two answers or more'}`,
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

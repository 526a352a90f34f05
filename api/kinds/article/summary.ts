import { marketLabel } from '../../../domain/shared/markets';
import { formatPercent } from '../../../domain/shared/rate';
import type { ArticleReport } from '../../../domain/article/report-schema';
import { inline, marketLines, rate } from '../../mcp/summaries';

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

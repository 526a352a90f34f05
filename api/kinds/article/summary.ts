import { marketLabel } from '../../../domain/shared/markets';
import type { ArticleReport } from '../../../domain/article/report-schema';
import { ARTICLE_METRICS } from '../../../domain/article/metrics';
import { inSentence, metricOf } from '../../../domain/shared/metric';
import { inline, marketLines, metricLines, rate } from '../../mcp/summaries';

export function articleSummary(report: ArticleReport, link: string): string {
  const { verdict } = report;
  return [
    `# "${inline(report.title)}": ${verdict.summary}`,
    '',
    ...metricLines(ARTICLE_METRICS, report),
    `- Key points: ${report.keyPoints.length}`,
    ...marketLines(
      report.markets,
      report.byMarket?.map((row) => ({
        market: row.market,
        line: rate(
          `${marketLabel(row.market)}: ${inSentence(metricOf(ARTICLE_METRICS, 'urlCitationRate').label)}`,
          row.urlCitationRate,
        ).slice(2),
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

import type { BrandReport } from '../../../domain/brand/report/report-schema';
import { formatPercent } from '../../../domain/shared/rate';
import { BRAND_METRICS } from '../../../domain/brand/report/metrics';
import { inSentence, metricOf } from '../../../domain/shared/metric';

/** The source types and the threads to join as an agent reads them (docs/checks/brand.md, "Source types"). */

const inline = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

export function brandSourceLines(report: BrandReport): string[] {
  const all = report.sourceTypes?.find((row) => !row.platform && !row.market);
  const shares =
    all && all.citations > 0
      ? [
          '## Cited pages by kind of site',
          `- ${all.types.map((share) => `${share.type} ${formatPercent(share.share)}`).join(', ')} of ${all.citations} citations`,
          '',
        ]
      : [];
  const pages = report.ugcPages;
  const threads = pages
    ? [
        '## Threads to join',
        ...(pages.length
          ? pages
              .slice(0, 10)
              .map(
                (page) =>
                  `- ${page.url}: cited in ${page.answers} answers naming ${page.competitors.map(inline).join(', ')}, never ${inline(report.brand)}`,
              )
          : [`- No community page is cited where competitors are named without ${inline(report.brand)}.`]),
        '',
      ]
    : [];
  return [...threads, ...shares];
}

/** Demand: the weighted rates and the most asked questions. */
export function brandDemandLines(report: BrandReport): string[] {
  const { demand } = report;
  if (!demand) return [];
  if (demand.status === 'not-configured') return ['## Demand', '- Not measured: DataForSEO is not configured.', ''];
  const weighted = demand.weighted;
  const asked = report.questions
    .filter((question) => question.demand?.aiSearchVolume != null || question.demand?.searchVolume != null)
    .slice(0, 5);
  return [
    '## Demand',
    weighted && weighted.mentionRate !== null
      ? `- Weighted by AI search volume: ${inSentence(metricOf(BRAND_METRICS, 'mentionRate').label)} ${formatPercent(weighted.mentionRate)}, ${inSentence(metricOf(BRAND_METRICS, 'firstRecommendationRate').label)} ${formatPercent(weighted.firstRecommendationRate ?? 0)}, over ${weighted.questions} of ${weighted.of} questions with data`
      : '- Weighted by AI search volume: no question has data',
    ...(demand.keyword ?? []).map(
      (entry) =>
        `- Keyword${entry.market ? ` (${entry.market})` : ''} "${inline(entry.phrase)}": AI search volume ${entry.aiSearchVolume ?? 'no data'}, Google ${entry.searchVolume ?? 'no data'}`,
    ),
    ...asked.map(
      (question) =>
        `- "${inline(question.demand!.phrase)}"${question.market ? ` (${question.market})` : ''}: AI search volume ${question.demand!.aiSearchVolume ?? 'no data'}, Google ${question.demand!.searchVolume ?? 'no data'}`,
    ),
    ...(demand.errors ?? []).map(
      (error) =>
        `- ${error.endpoint === 'ai' ? 'AI' : 'Google'} search volume${error.market ? ` in ${error.market}` : ''} failed: ${inline(error.reason)}`,
    ),
    '',
  ];
}

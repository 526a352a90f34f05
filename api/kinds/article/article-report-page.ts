import { answerCount, dayOf, interval95, minuteOf } from '../../wording';
import { formatPercent } from '../../../domain/shared/rate';
import type { ArticleReport } from '../../../domain/article/report-schema';
import { canonicalUrl } from '../../../domain/shared/canonical-url';
import { platformIdsNamed } from '../../../domain/shared/platforms';
import type { Rate } from '../../../domain/shared/rate';
import { html, safeHref, type SafeHtml } from '../../html';
import { renderMarkdown } from '../../markdown';
import { costNote } from '../../pages/answer-provenance';
import { citationLinks, questionsAndAnswers } from '../../pages/answer-list';
import { downloadCsv, layout } from '../../pages/layout';
import { monitorThisHref } from '../../pages/monitor-form-page';
import { marketsLine, marketsSection } from '../../pages/market-sections';
import { ARTICLE_METRICS, type ArticleMetricKey } from '../../../domain/article/metrics';
import { figureOf, headlineText, metricOf } from '../../../domain/shared/metric';

/** Every string that came from the article or a platform goes through `html`, which escapes it. */

const SUMMARY_WORDS: Record<ArticleReport['verdict']['summary'], { title: string; className: string }> = {
  cited: { title: 'Cited', className: 'pass' },
  'used-not-credited': { title: 'Used but not credited', className: 'warn' },
  'not-used': { title: 'Not used', className: 'fail' },
};

function measure(label: string, value: number, detail: string): SafeHtml {
  return html`<div class="score">
  <span>${label}</span>
  <strong>${formatPercent(value)}</strong>
  <div class="bar" role="meter" aria-label="${label}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${Math.round(value * 100)}"><span style="width:${Math.round(value * 100)}%"></span></div>
  <small class="muted">${detail}</small>
</div>`;
}

const rateDetail = (rate: Rate, what: string) => `${answerCount(rate)} ${what} · ${interval95(rate)}`;

/** Under each metric's card, the evidence behind its figure. */
const DETAILS: Record<ArticleMetricKey, (report: ArticleReport) => string> = {
  coverage: ({ keyPoints, metrics, coverageMethod }) =>
    `Over the article's ${keyPoints.length} key points and ${metrics.answers} answers${coverageMethod === 'model' ? ' (judged by the analysis model: a key point partly stated counts half)' : ' (judged by shared words)'}.`,
  unionCoverage: ({ keyPoints }) => `Of the article's ${keyPoints.length} key points.`,
  urlCitationRate: ({ metrics }) => rateDetail(metrics.urlCitationRate, 'cite the article'),
  domainCitationRate: ({ metrics, domain }) => rateDetail(metrics.domainCitationRate, `cite ${domain}`),
};

/** The figures each row of byPlatform and byMarket carries, in the declaration's words. */
const ROW_METRICS = ['coverage', 'urlCitationRate', 'domainCitationRate'] as const satisfies readonly ArticleMetricKey[];
const rowCell = (value: number | Rate) =>
  typeof value === 'number' ? html`<td>${formatPercent(value)}</td>` : html`<td>${value.count}/${value.total}</td>`;

function keyPointsSection(report: ArticleReport): SafeHtml {
  const platforms = report.byPlatform.map((row) => row.platform);
  const coveredBy = (pointId: string, platform: string) =>
    report.answers.some((answer) => answer.platform === platform && answer.coveredKeyPoints.includes(pointId));
  return html`<h2>Key points and who used them</h2>
<p class="muted">The sentences that carry the article's facts. A point counts as used by an answer when at least half of its content words (stemmed) appear in it.</p>
<table><thead><tr><th scope="col">Key point</th>${platforms.map((platform) => html`<th scope="col">${platform}</th>`)}</tr></thead>
<tbody>${report.keyPoints.map(
    (point) =>
      html`<tr><td>${point.text}</td>${platforms.map((platform) => (coveredBy(point.id, platform) ? html`<td><span class="tag pass">used</span></td>` : html`<td><span class="muted">–</span></td>`))}</tr>`,
  )}</tbody></table>`;
}

function answersSection(report: ArticleReport): SafeHtml {
  const article = new Set(
    [report.url, report.finalUrl, report.canonicalUrl].filter((url): url is string => Boolean(url)).map(canonicalUrl),
  );
  return questionsAndAnswers(report.questions, report.answers, {
    heading: (question) => html`${question.text}`,
    open: (answer) => answer.citesUrl,
    verdict: (answer) =>
      html`${answer.citesUrl ? html`<span class="tag pass">cites the article</span>` : answer.citesDomain ? html`<span class="tag warn">cites the site</span>` : html`<span class="tag fail">no citation</span>`} <span class="tag info">uses ${formatPercent(answer.coverage)} of the key points</span>`,
    body: (answer) => html`<div class="answer">${renderMarkdown(answer.answer)}</div>
${citationLinks(answer.citations, (url) => article.has(canonicalUrl(url)))}`,
  });
}

export function articleReportPage(
  report: ArticleReport,
  meta: { snapshotUrl: string; csvUrl: string; createdAt: Date; publicBaseUrl: string },
): SafeHtml {
  const checkedOn = minuteOf(meta.createdAt.toISOString());
  const summary = SUMMARY_WORDS[report.verdict.summary];
  const body = html`<p class="no-print"><a href="/">Run another check</a> · <a class="monitor-this" href="${monitorThisHref('article', { url: report.url, platforms: platformIdsNamed(report.byPlatform.map((row) => row.platform)) }, report.markets)}">Monitor this</a></p>
<h1>${report.title || report.url}: ${summary.title.toLowerCase()} by AI assistants</h1>
<p class="muted"><a href="${safeHref(report.finalUrl)}" rel="nofollow noopener noreferrer">${report.finalUrl}</a> · ${report.wordCount} words${report.language ? ` · ${report.language}` : ''}${report.publishedAt ? ` · published ${dayOf(report.publishedAt)}` : ''} · checked on <time datetime="${meta.createdAt.toISOString()}">${checkedOn} UTC</time> · permanent link: <a href="${meta.snapshotUrl}">${meta.snapshotUrl}</a> · ${downloadCsv(meta.csvUrl)}${costNote(report.costUsd, report.answers.length)}</p>
${marketsLine(report.markets)}
<div class="issue ${summary.className}"><span class="tag ${summary.className}">${summary.title}</span><p><strong>${report.verdict.text}</strong></p></div>
${report.confidence === 'low' ? html`<p class="warn" role="note">Low confidence: few answers, or a wide interval. Answers vary from run to run; run the check again before drawing conclusions.</p>` : ''}
<div class="scores">
${ARTICLE_METRICS.map((metric) => measure(metric.label, figureOf(metric, report) ?? 0, `${metric.description}. ${DETAILS[metric.key](report)}`))}
</div>
<h2>Advice</h2>
<ol>${report.advice.map((item) => html`<li><strong>${item.action}</strong><p>${item.why}</p></li>`)}</ol>
${keyPointsSection(report)}
${marketsSection(
  report.byMarket,
  report.marketDifferences,
  ROW_METRICS.map((key) => ({ heading: metricOf(ARTICLE_METRICS, key).shortLabel, metric: key })),
)}
<h2>By platform</h2>
<table><thead><tr><th scope="col">Platform</th><th scope="col">Answers</th>${ROW_METRICS.map((key) => html`<th scope="col">${metricOf(ARTICLE_METRICS, key).shortLabel}</th>`)}<th scope="col">Errors</th></tr></thead>
<tbody>${report.byPlatform.map((row) => html`<tr><th scope="row">${row.platform}</th><td>${row.answers}</td>${ROW_METRICS.map((key) => rowCell(row[key]))}<td>${row.errors}</td></tr>`)}</tbody></table>
${answersSection(report)}`;
  return layout(
    {
      title: `${report.title || report.url}: ${summary.title.toLowerCase()} by AI assistants`,
      description: `${headlineText(ARTICLE_METRICS, report, ', ')}. ${report.verdict.text}`,
      url: `${meta.publicBaseUrl}${meta.snapshotUrl}`,
    },
    body,
  );
}

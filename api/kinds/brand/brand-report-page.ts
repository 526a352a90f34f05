import { answerCount, interval95, minuteOf, STAGE_MEANING } from '../../wording';
import { brandMentions } from '../../../domain/brand/reader/answer';
import { platformIdsNamed } from '../../../domain/shared/platforms';
import type { BrandReport, SurfaceVsApi } from '../../../domain/brand/report/report-schema';
import type { Rate } from '../../../domain/shared/rate';
import { html, safeHref, type SafeHtml } from '../../html';
import { markdownRenderer } from '../../markdown';
import { costNote } from '../../pages/answer-provenance';
import { citationLinks, questionsAndAnswers } from '../../pages/answer-list';
import { formatPercent, wilson } from '../../../domain/shared/rate';
import { BRAND_METRICS, type BrandMetricKey } from '../../../domain/brand/report/metrics';
import { figureText, headlineText, inSentence, isMeasured, metricOf, type Metric } from '../../../domain/shared/metric';
import { readingLine } from './answer-reading';
import { downloadCsv, layout } from '../../pages/layout';
import { monitorThisHref } from '../../pages/monitor-form-page';
import { marketsLine, marketsSection, rateWithInterval } from '../../pages/market-sections';
import { productsSection } from './products-section';
import { sourceTypesSection, ugcPagesSection } from './brand-sources-section';
import { demandSection } from './brand-demand-section';

/** Every string that came from a platform or a user goes through `html`, which escapes it. */

type Stage = BrandReport['stage'];

const STAGE_CLASS: Record<Stage, string> = { invisible: 'fail', emerging: 'warn', competitive: 'info', leading: 'pass' };
const SENTIMENT_CLASS = { positive: 'pass', neutral: 'info', negative: 'fail' } as const;

/** The rates each row of byPlatform and byMarket carries, in the declaration's words. */
const ROW_RATES = ['mentionRate', 'firstRecommendationRate', 'citationRate'] as const satisfies readonly BrandMetricKey[];
const named = (key: BrandMetricKey) => metricOf(BRAND_METRICS, key);
const headers = (keys: readonly BrandMetricKey[]) => keys.map((key) => html`<th scope="col">${named(key).shortLabel}</th>`);

function rateCard(label: string, rate: Rate, explanation: string, over?: string): SafeHtml {
  return html`<div class="score">
  <span>${label}</span>
  <strong>${formatPercent(rate.value)}</strong>
  <div class="bar" role="meter" aria-label="${label}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${Math.round(rate.value * 100)}"><span style="width:${Math.round(rate.value * 100)}%"></span></div>
  <small class="muted">${answerCount(rate, over)} · ${interval95(rate)}. ${explanation}</small>
</div>`;
}

/** A card for each metric the report measured, under its declared label; the citation rate only where a brand site was given. */
function metricCard(report: BrandReport, metric: Metric<BrandReport>): SafeHtml {
  if (metric.key === 'citationRate' && !report.domain)
    return html`<div class="score"><span>${metric.label}</span><strong>–</strong><small class="muted">No brand site was given, so citations of it were not counted.</small></div>`;
  if (metric.unit === 'rate') {
    const { count, total } = metric.read(report);
    return rateCard(metric.label, wilson(count, total), `${metric.description}.`, metric.over);
  }
  const value = metric.read(report) ?? 0;
  return html`<div class="score"><span>${metric.label}</span><strong>${figureText(metric.unit, value)}</strong><small class="muted">${metric.description}.</small></div>`;
}

const rateCell = (rate: Rate) => html`<td>${formatPercent(rate.value)} <span class="muted">(${rate.count}/${rate.total})</span></td>`;

/** The answer's text with every mention of the brand marked, as the diagnosis counts them (domain/brand/reader/answer.ts). */
function highlighted(answer: string, brand: string, aliases: readonly string[]): SafeHtml {
  const parts: SafeHtml[] = [];
  let last = 0;
  for (const span of brandMentions(answer, brand, aliases)) {
    parts.push(html`${answer.slice(last, span.start)}<mark>${answer.slice(span.start, span.end)}</mark>`);
    last = span.end;
  }
  parts.push(html`${answer.slice(last)}`);
  return html`${parts}`;
}

function actionPlanSection(report: BrandReport): SafeHtml {
  return html`<h2>Action plan</h2>
<ol>${report.actionPlan.map(
    (item) => html`<li><strong>${item.action}</strong><p>${item.why}</p>${evidenceLine(item.evidence)}</li>`,
  )}</ol>`;
}

function evidenceLine(evidence: BrandReport['actionPlan'][number]['evidence']): SafeHtml {
  const parts = [
    evidence.questions?.length ? `questions: ${evidence.questions.map((question) => `“${question}”`).join(', ')}` : '',
    evidence.platforms?.length ? `platforms: ${evidence.platforms.join(', ')}` : '',
    evidence.competitors?.length ? `competitors: ${evidence.competitors.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length ? html`<p class="muted">Evidence — ${parts.join(' · ')}</p>` : html``;
}

/** The outreach list: where competitors are cited and the brand is not. */
function sitesToWinSection(report: BrandReport): SafeHtml {
  const gaps = report.citationGaps ?? [];
  if (!report.sources) return html``;
  return html`<h2>Sites to win</h2>
<p class="muted">Sites the answers cite where they name a competitor and never ${report.brand}: being reviewed, listed or quoted there is how a brand gets into these answers.</p>
${
  gaps.length
    ? html`<table><thead><tr><th scope="col">Site</th><th scope="col">Kind</th><th scope="col">Answers citing it</th><th scope="col">Competitors named there</th><th scope="col">Questions</th></tr></thead>
<tbody>${gaps.map((gap) => html`<tr><th scope="row">${gap.domain}</th><td>${gap.type ?? ''}</td><td>${gap.answers}</td><td>${gap.competitors.join(', ')}</td><td>${gap.questions.map((question) => html`“${question}” `)}</td></tr>`)}</tbody></table>`
    : html`<p>No cited site names competitors without ${report.brand}.</p>`
}`;
}

function platformsSection(report: BrandReport): SafeHtml {
  return html`<h2>By platform</h2>
<table class="by-platform"><thead><tr><th scope="col">Platform</th><th scope="col">Answers</th>${headers(ROW_RATES)}<th scope="col">Errors</th></tr></thead>
<tbody>${report.byPlatform.map(
    (row) =>
      html`<tr><th scope="row">${row.platform}</th><td>${row.answers}</td>${ROW_RATES.map((key) => rateCell(row[key]))}<td>${row.errors ? html`<span class="error">${row.errors}</span>` : '0'}</td></tr>`,
  )}</tbody></table>`;
}

const VERDICT_WORDS: Record<SurfaceVsApi['verdict'], (row: SurfaceVsApi) => SafeHtml> = {
  agree: () => html`<span class="tag pass">agree</span> no difference beyond noise`,
  'api-overstates': (row) =>
    html`<span class="tag warn">API overstates</span> ${row.api}'s API names you more often than people see on ${row.surface}`,
  'api-understates': (row) =>
    html`<span class="tag warn">API understates</span> ${row.api}'s API names you less often than people see on ${row.surface}`,
};

/** How often each surface showed an answer at all (on AI Overviews the rates count only the answers it showed), and each surface beside its vendor's API. */
function surfacesSection(report: BrandReport): SafeHtml {
  if (!report.surfacePresence?.length && !report.surfaceVsApi?.length) return html``;
  const presence = report.surfacePresence?.length
    ? html`<table class="surface-presence"><thead><tr><th scope="col">Surface</th><th scope="col">Showed an AI answer</th><th scope="col">Not offered in the market</th></tr></thead>
<tbody>${report.surfacePresence.map((row) => html`<tr><th scope="row">${row.platform}</th>${rateWithInterval(row.shown)}<td>${row.unavailable ? `${row.unavailable} questions` : 'offered everywhere asked'}</td></tr>`)}</tbody></table>
<p class="muted">The rates by platform count only the answers a surface showed: an AI Overview Google did not show is a result, not a failure.</p>`
    : html``;
  const versus = report.surfaceVsApi?.length
    ? html`<h3>What people see against the vendor's API</h3>
<table class="surface-vs-api"><thead><tr><th scope="col">What people see</th>${headers(['mentionRate'])}<th scope="col">Vendor's API</th>${headers(['mentionRate'])}<th scope="col">${named('firstRecommendationRate').shortLabel} (people see / API)</th><th scope="col">Verdict</th></tr></thead>
<tbody>${report.surfaceVsApi.map(
        (row) =>
          html`<tr><th scope="row">${row.surface}</th>${rateWithInterval(row.mentionRate.surface)}<td>${row.api}</td>${rateWithInterval(row.mentionRate.api)}<td>${formatPercent(row.firstRecommendationRate.surface.value)} / ${formatPercent(row.firstRecommendationRate.api.value)}${row.firstRecommendationRate.differs ? html` <span class="tag warn">differs</span>` : ''}</td><td>${VERDICT_WORDS[row.verdict](row)}</td></tr>`,
      )}</tbody></table>
<p class="muted">Each rate with its 95% interval and what it counts. A verdict other than “agree” means the difference is beyond noise: the vendor's API is then a poor stand-in for what people read.</p>`
    : html``;
  return html`<h2 id="surfaces">Search surfaces: what people see</h2>
${presence}${versus}`;
}

function intentsSection(report: BrandReport): SafeHtml {
  if (report.byIntent.length === 0) return html``;
  return html`<h2>By kind of question</h2>
<table><thead><tr><th scope="col">Questions about</th><th scope="col">Answers</th>${headers(['mentionRate', 'firstRecommendationRate'])}</tr></thead>
<tbody>${report.byIntent.map((row) => html`<tr><th scope="row">${row.intent}</th><td>${row.answers}</td>${rateCell(row.mentionRate)}${rateCell(row.firstRecommendationRate)}</tr>`)}</tbody></table>`;
}

function competitorsSection(report: BrandReport): SafeHtml {
  const bars = [
    { name: report.brand, shareOfVoice: report.metrics.shareOfVoice.value, self: true },
    ...report.competitors.map((competitor) => ({ name: competitor.name, shareOfVoice: competitor.shareOfVoice.value, self: false })),
  ].sort((a, b) => b.shareOfVoice - a.shareOfVoice);
  return html`<h2>${named('shareOfVoice').label}</h2>
<p class="muted">Of all the answers naming the brand or a competitor, the share that names each (an answer naming several counts for each).</p>
<div class="chart" role="list">${bars.map(
    (bar) =>
      html`<span role="listitem">${bar.name}${bar.self ? html` <span class="tag pass">you</span>` : ''}</span><div class="bar${bar.self ? ' self' : ''}" aria-hidden="true"><span style="width:${Math.round(bar.shareOfVoice * 100)}%"></span></div><span>${formatPercent(bar.shareOfVoice)}</span>`,
  )}</div>
${
  report.competitors.length
    ? html`<table><thead><tr><th scope="col">Competitor</th>${headers(['mentionRate', 'firstRecommendationRate'])}<th scope="col">Average rank</th>${headers(['shareOfVoice'])}</tr></thead>
<tbody>${report.competitors.map(
        (competitor) =>
          html`<tr><th scope="row">${competitor.name}${competitor.discovered ? html` <span class="tag info">discovered</span>` : ''}</th>${rateCell(competitor.mentionRate)}<td>${competitor.firstRecommendations}</td><td>${competitor.averageRank === null ? '–' : competitor.averageRank.toFixed(1)}</td><td>${formatPercent(competitor.shareOfVoice.value)}</td></tr>`,
      )}</tbody></table>`
    : html`<p class="muted">No competitor was named in two answers or more.</p>`
}`;
}

function answersSection(report: BrandReport): SafeHtml {
  const withNames = markdownRenderer((text) => highlighted(text, report.brand, report.aliases));
  return questionsAndAnswers(report.questions, report.answers, {
    heading: (question) =>
      html`${question.text} <span class="tag info">${question.intent}</span>${question.branded ? html` <span class="tag warn">names the brand</span>` : ''}`,
    open: (answer) => answer.mentioned,
    verdict: (answer) =>
      answer.mentioned
        ? html`<span class="tag pass">names the brand${answer.rank ? `, rank ${answer.rank}` : ''}</span>${answer.brandCited ? html` <span class="tag pass">cites its site</span>` : ''}`
        : html`<span class="tag fail">does not name the brand</span>`,
    body: (answer) => html`<div class="answer">${withNames(answer.answer)}</div>
${answer.sentiment ? html`<p><span class="tag ${SENTIMENT_CLASS[answer.sentiment]}">${answer.sentiment}</span> <span class="muted">where it first presents the brand: “${answer.sentimentEvidence ?? ''}”</span></p>` : ''}
${citationLinks(answer.citations)}
${readingLine(answer)}
${answer.found?.length ? html`<p class="muted">Found by the search${answer.searchQueries?.length ? html` ${answer.searchQueries.map((query) => html`<code>${query}</code> `)}` : ''}, not cited: ${answer.found.map((url) => html`<a href="${safeHref(url)}" rel="nofollow noopener noreferrer">${url}</a> `)}</p>` : ''}`,
  });
}

export function brandReportPage(
  report: BrandReport,
  meta: { snapshotUrl: string; csvUrl: string; createdAt: Date; publicBaseUrl: string },
): SafeHtml {
  const checkedOn = minuteOf(meta.createdAt.toISOString());
  const { metrics } = report;
  const monitorThis = monitorThisHref(
    'brand',
    {
      keyword: report.keyword,
      brand: report.brand,
      domain: report.domain,
      aliases: report.aliases,
      competitors: report.competitors.filter((competitor) => !competitor.discovered).map((competitor) => competitor.name),
      products: report.products,
      platforms: platformIdsNamed(report.byPlatform.map((row) => row.platform)),
    },
    report.markets,
  );
  const body = html`<p class="no-print"><a href="/">Run another check</a> · <a class="monitor-this" href="${monitorThis}">Monitor this</a></p>
<h1>${report.brand} in AI answers about “${report.keyword}”</h1>
<p class="muted">Diagnosed on <time datetime="${meta.createdAt.toISOString()}">${checkedOn} UTC</time> over ${metrics.answers} answers to unbranded questions${report.domain ? ` · brand site ${report.domain}` : ''} · permanent link: <a href="${meta.snapshotUrl}">${meta.snapshotUrl}</a> · ${downloadCsv(meta.csvUrl)}${costNote(report.costUsd, report.answers.length)}</p>
${marketsLine(report.markets)}
${report.surfacePresence?.length ? html`<p class="surfaces">Asked where people read answers too (${report.surfacePresence.map((row) => row.platform).join(', ')}): <a href="#surfaces">what people see${report.surfaceVsApi?.length ? ", against the vendors' APIs" : ''}</a>.</p>` : ''}
<div class="issue ${STAGE_CLASS[report.stage]}"><span class="tag ${STAGE_CLASS[report.stage]}">stage: ${report.stage}</span><p>${STAGE_MEANING[report.stage]}</p><p><strong>${report.conclusion}</strong></p></div>
${report.confidence === 'low' ? html`<p class="warn" role="note">Low confidence: these rates rest on few answers or have wide intervals. Answers vary from one run to the next; ask more questions or more runs (BRAND_QUESTIONS, BRAND_RUNS) for firmer figures.</p>` : ''}
<div class="scores">
${BRAND_METRICS.filter((metric) => isMeasured(metric, report)).map((metric) => metricCard(report, metric))}
</div>
${actionPlanSection(report)}
${competitorsSection(report)}
${sitesToWinSection(report)}
${ugcPagesSection(report)}
${sourceTypesSection(report)}
${demandSection(report)}
${marketsSection(
  report.byMarket,
  report.marketDifferences,
  ROW_RATES.map((key) => ({ heading: named(key).shortLabel, metric: key })),
)}
${platformsSection(report)}
${surfacesSection(report)}
${productsSection(report)}
${intentsSection(report)}
<h2>Questions that name the brand</h2>
<p>Reported apart, since naming the brand in the question makes the answer name it: ${report.branded.answers} answers; ${inSentence(named('mentionRate').label)} ${formatPercent(report.branded.mentionRate.value)}, ${inSentence(named('firstRecommendationRate').label)} ${formatPercent(report.branded.firstRecommendationRate.value)}.</p>
${answersSection(report)}`;
  return layout(
    {
      title: `${report.brand} for “${report.keyword}”: ${report.stage} in AI answers`,
      description: `${headlineText(BRAND_METRICS, report, ', ')}.`,
      url: `${meta.publicBaseUrl}${meta.snapshotUrl}`,
    },
    body,
  );
}

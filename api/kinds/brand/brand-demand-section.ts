import type { BrandReport } from '../../../domain/brand/report/report-schema';
import { formatPercent } from '../../../domain/shared/rate';
import { html, type SafeHtml } from '../../html';

/** How many people ask (docs/checks/brand.md, "Demand"): the keyword's and each question's volumes, and the weighted rates. */

const volume = (value: number | null | undefined) =>
  value == null ? html`<span class="muted">no data</span>` : value.toLocaleString('en-GB');

export function demandSection(report: BrandReport): SafeHtml {
  const { demand } = report;
  if (!demand) return html``;
  if (demand.status === 'not-configured')
    return html`<h2>How many people ask</h2>
<p class="muted">Not measured: demand comes from DataForSEO, which this deployment has not configured.</p>`;
  const weighted = demand.weighted;
  const rates =
    weighted && weighted.mentionRate !== null
      ? html`<p>Weighted by how many people ask (AI search volume), ${report.brand} is named in <strong>${formatPercent(weighted.mentionRate)}</strong> of answers and first in <strong>${formatPercent(weighted.firstRecommendationRate ?? 0)}</strong>, over the ${weighted.questions} of ${weighted.of} questions with data (${weighted.answers} answers); unweighted, ${formatPercent(report.metrics.mentionRate.value)} and ${formatPercent(report.metrics.firstRecommendationRate.value)}.</p>`
      : html`<p class="muted">No question has an AI search volume, so no rate is weighted by demand.</p>`;
  const keyword = (demand.keyword ?? []).map(
    (entry) =>
      html`<li>${entry.market ? html`${entry.market}: ` : ''}“${entry.phrase}”: AI search volume ${volume(entry.aiSearchVolume)}, Google ${volume(entry.searchVolume)}</li>`,
  );
  const errors = (demand.errors ?? []).map(
    (error) =>
      html`<li class="error">${error.market ? `${error.market}, ` : ''}${error.endpoint === 'ai' ? 'AI' : 'Google'} search volume: ${error.reason}</li>`,
  );
  return html`<h2>How many people ask</h2>
${rates}
<ul>${keyword}${errors}</ul>
<table class="demand"><thead><tr><th scope="col">Question</th><th scope="col">Searched as</th><th scope="col">AI search volume</th><th scope="col">Google search volume</th><th scope="col">Month</th></tr></thead>
<tbody>${report.questions.map(
    (question) =>
      html`<tr><th scope="row">${question.text}${question.market ? html` <span class="muted">(${question.market})</span>` : ''}</th><td>${question.demand?.phrase ?? ''}</td><td>${volume(question.demand?.aiSearchVolume)}</td><td>${volume(question.demand?.searchVolume)}</td><td>${question.demand?.month ?? ''}</td></tr>`,
  )}</tbody></table>
<p class="muted">Volumes are DataForSEO's for last month, in each question's market; “no data” is unknown, not zero. Questions most asked first.</p>`;
}

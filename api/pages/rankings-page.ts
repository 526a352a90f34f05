import { dayOf } from '../wording';
import { html, type SafeHtml } from '../html';
import type { RankingEntry } from '../schemas';
import { layout } from './layout';
import { SITE_METRICS } from '../../domain/site/metrics';

/** GET /rankings: the newest site check of each domain, by total score. */
export function rankingsPage(entries: readonly RankingEntry[], publicBaseUrl: string): SafeHtml {
  const body = html`<p class="no-print"><a href="/">Check a site</a></p>
<h1>AI visibility rankings</h1>
<p class="muted">The newest check of each domain, by total score (40% crawler reachability + 60% AI awareness); ties go to the newer check.</p>
${
  entries.length === 0
    ? html`<p>No site has been checked yet.</p>`
    : html`<table>
<thead><tr><th scope="col">#</th><th scope="col">Domain</th>${SITE_METRICS.map((metric) => html`<th scope="col">${metric.shortLabel}</th>`)}<th scope="col">Checked</th></tr></thead>
<tbody>${entries.map(
        (entry) =>
          html`<tr><td>${entry.rank}</td><th scope="row"><a href="${entry.snapshotUrl}">${entry.domain}</a></th>${SITE_METRICS.map((metric) => (metric.key === 'totalScore' ? html`<td><strong>${Math.round(entry[metric.key])}</strong>/100</td>` : html`<td>${Math.round(entry[metric.key])}</td>`))}<td><time datetime="${entry.checkedAt}">${dayOf(entry.checkedAt)}</time></td></tr>`,
      )}</tbody></table>`
}`;
  return layout(
    {
      title: 'AI visibility rankings',
      description: 'Sites ranked by how well AI crawlers reach them and how well AI assistants know them.',
      url: `${publicBaseUrl}/rankings`,
    },
    body,
  );
}

import type { BrandReport } from '../../../domain/brand/report/report-schema';
import type { SourceType } from '../../../domain/brand/report/source-types';
import { formatPercent } from '../../../domain/shared/rate';
import { html, safeHref, type SafeHtml } from '../../html';

/** The source types of the cited sites and the community threads to join (docs/checks/brand.md, "Source types"). */

export const SOURCE_TYPE_WORDS: Record<SourceType, string> = {
  owned: 'the brand’s own site',
  competitor: 'competitors’ sites',
  ugc: 'community (threads, videos, forums)',
  reference: 'reference works',
  institutional: 'institutions',
  marketplace: 'marketplaces',
  social: 'social networks',
  editorial: 'publishers and review sites',
  other: 'other sites',
};

export function sourceTypesSection(report: BrandReport): SafeHtml {
  const rows = report.sourceTypes ?? [];
  if (rows.length === 0 || rows[0]!.citations === 0) return html``;
  const label = (row: (typeof rows)[number]) => row.platform ?? row.market ?? 'All answers';
  return html`<h2>Where the cited pages come from</h2>
<p class="muted">Each cited page counted once an answer, by the kind of site it is on; the way to act differs by kind: earn a review on a publisher, join a thread, correct a reference article, fix your own page.</p>
<table class="source-types"><thead><tr><th scope="col">Answers</th><th scope="col">Citations</th><th scope="col">By kind of site</th></tr></thead>
<tbody>${rows.map(
    (row) =>
      html`<tr><th scope="row">${label(row)}</th><td>${row.citations}</td><td>${row.types.map((share) => html`<span class="source-type" data-type="${share.type}">${SOURCE_TYPE_WORDS[share.type]} ${formatPercent(share.share)}</span> `)}</td></tr>`,
  )}</tbody></table>`;
}

export function ugcPagesSection(report: BrandReport): SafeHtml {
  const pages = report.ugcPages;
  if (!pages) return html``;
  return html`<h2>Threads to join</h2>
<p class="muted">Community pages (threads, videos) the answers cite where they name a competitor and not ${report.brand}: people there ask what to choose, and the assistants read what they answer.</p>
${
  pages.length
    ? html`<table class="ugc-pages"><thead><tr><th scope="col">Page</th><th scope="col">Answers citing it</th><th scope="col">Competitors named there</th><th scope="col">Platforms</th></tr></thead>
<tbody>${pages.map((page) => html`<tr><th scope="row"><a href="${safeHref(page.url)}" rel="nofollow noopener">${page.url}</a></th><td>${page.answers}</td><td>${page.competitors.join(', ')}</td><td>${page.platforms.join(', ')}</td></tr>`)}</tbody></table>`
    : html`<p>No community page is cited where competitors are named without ${report.brand}.</p>`
}`;
}

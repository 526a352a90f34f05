import type { AnswerEvidence } from '../../domain/shared/platform-reply';
import { html, type SafeHtml } from '../html';

/** How an answer came about, under it on every report page: asked with search or not, what it searched, what it cost. */
export function provenanceLine(entry: Partial<AnswerEvidence> & { model?: string }): SafeHtml {
  // Snapshots stored before answers recorded this have nothing to show.
  if (entry.webSearch === undefined) return html``;
  const search = !entry.webSearch
    ? html`<span class="tag warn">asked without web search (from memory)</span>`
    : entry.searched
      ? html`searched for ${entry.searchQueries?.length ? entry.searchQueries.map((query, index) => html`${index > 0 ? ', ' : ''}<q>${query}</q>`) : 'something it did not name'}`
      : html`did not search the web`;
  return html`<p class="muted evidence">${entry.model ? html`<code>${entry.model}</code> · ` : ''}${search}${entry.costUsd === undefined ? '' : html` · ${dollars(entry.costUsd)}`}</p>`;
}

/** The report's total, with how many answers it covers; absent for snapshots stored before costs were kept. */
export function costNote(costUsd: number | null | undefined, answers: number): SafeHtml {
  if (costUsd === undefined) return html``;
  return html` · the ${answers} answers cost ${dollars(costUsd)}`;
}

function dollars(costUsd: number | null): string {
  if (costUsd === null) return 'cost unknown (no price for this model)';
  return costUsd < 0.01 ? `$${costUsd.toFixed(4)}` : `$${costUsd.toFixed(3)}`;
}

import type { BrandAnswer } from '../../../domain/brand/report/report-schema';
import { html, type SafeHtml } from '../../html';

/**
 * Who read a brand answer, shown modestly under it where an analysis model was asked (docs/checks/brand.md,
 * its reading by a model): read by the model, with the names it and the rules read differently, or read by
 * the rules because the model's reading failed, and why. Nothing for a diagnosis read by the rules alone.
 */
export function readingLine(answer: BrandAnswer): SafeHtml {
  if (answer.readBy === 'rules' && answer.readingFallback)
    return html`<p class="muted">Read by the rules: the model’s reading did not stand (${answer.readingFallback}).</p>`;
  if (answer.readBy !== 'model') return html``;
  const disagreements = answer.readerDisagreements ?? [];
  const side = (role: string | null, rank: number | null) => (role === null ? 'not listed' : rank === null ? role : `${role} ${rank}`);
  return html`<p class="muted">Read by the analysis model${
    disagreements.length === 0
      ? html`; the rules read it the same.`
      : html`; the rules read differently: ${disagreements.map(
          (entry, index) =>
            html`${index > 0 ? '; ' : ''}${entry.name} (rules: ${side(entry.rulesRole, entry.rulesRank)}, model: ${side(entry.modelRole, entry.modelRank)})`,
        )}.`
  }</p>`;
}

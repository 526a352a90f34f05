import type { AnswerLayout } from './answer-layout';

/**
 * A name given as a quality of a product rather than as a product: one of the colours, finishes, fabrics or flavours it
 * comes in ("available in colors like Sky and Umber", "shades like Violet or Dune", a table's "Color" column: "Black or
 * Mercury White"). The nouns below are kinds of quality, not names of products, technologies or brands
 * (docs/brand-reader.md §3).
 */
const QUALITY =
  /\b(?:colou?r(?:way)?s?|shades?|finish(?:es)?|fabrics?|materials?|flavou?rs?|scents?)\b(?:\s+\p{L}+)?\s+(?:like|such as|including)\s/iu;

/** How far back in its clause the quality's noun is looked for. */
const REACH = 120;

/** The name at `at` (in `text`, the answer without markup) is an example of a quality, in a clause or in a table's column. */
export function namesAQuality(text: string, layout: AnswerLayout, at: number): boolean {
  const unit = layout.unitAt(at);
  if (unit?.kind === 'row') {
    // A column headed "Color" or "Finish" reads as the clause "color like …" would.
    const header = columnHeaderAt(text, layout, unit.id, at);
    return header !== undefined && QUALITY.test(`${header} like `);
  }
  // The clause before the name, from its sentence's start: the quality's noun and its "like", then only the list.
  const before = text.slice(Math.max(unit?.textStart ?? 0, at - REACH), at);
  const clause = before.slice(Math.max(...['.', '!', '?', ';', '\n'].map((end) => before.lastIndexOf(end))) + 1);
  return QUALITY.test(clause);
}

/** The text of the header cell over the cell at `at` in a table row: the table's first row, with or without its rule line. */
function columnHeaderAt(text: string, layout: AnswerLayout, rowId: number, at: number): string | undefined {
  const cells = layout.cells.get(rowId);
  const column = cells?.find((cell) => at >= cell.start && at <= cell.end)?.column;
  let first = rowId;
  while (first > 0 && (layout.units[first - 1]?.kind === 'row' || layout.units[first - 1]?.kind === 'header')) first--;
  if (column === undefined || first === rowId) return undefined;
  const header = layout.cells.get(first)?.find((cell) => cell.column === column);
  return header && text.slice(header.start, header.end).trim();
}

import type { AnswerLayout, Unit } from './answer-layout';
import { isComponentName } from './not-options';
import { isOrdinaryPhrase } from './ordinary-words';
import { cleanName, isKnownPhrase, MEASURE_LEAD, type OptionName } from './name-words';

/** How an answer's tables present options: a column of names, or a header whose columns are the options. */

export interface TableRow {
  /** The table's columns are its options ("| Feature | Asana | Trello |"). */
  transposed: boolean;
  /** Some of its first cells are names by their letters ("Slite" beside "Notion" and "Confluence"). */
  namesColumn: boolean;
  /** A captured table without its rule line: its first row is the header, and these cells are options. */
  headerNames?: OptionName[];
}

/** What each table row is, read with its table. */
export function tablesOf(answer: string, layout: AnswerLayout): Map<number, TableRow> {
  const tables = new Map<number, TableRow>();
  const cellText = (cell: { start: number; end: number }) => cleanName(answer.slice(cell.start, cell.end));
  const isName = (text: string) => text !== '' && !isKnownPhrase(text) && !isComponentName(text) && !MEASURE_LEAD.test(text);
  let rows: Unit[] = [];
  let transposed = false;
  const close = () => {
    let body = rows;
    const first = rows[0];
    const firstCells = first ? (layout.cells.get(first.id) ?? []) : [];
    if (first && !transposed && layout.units[first.id - 1]?.kind !== 'header' && firstCells.length >= 2) {
      // No rule line: a first row of labels is the header; a first row of names heads the options' columns.
      const texts = firstCells.map(cellText);
      if (texts.every((text) => text === '' || isKnownPhrase(text))) {
        tables.set(first.id, { transposed: false, namesColumn: false, headerNames: [] });
        body = rows.slice(1);
      } else if (texts.every(isName)) {
        tables.set(first.id, {
          transposed: true,
          namesColumn: false,
          headerNames: firstCells.map((cell) => ({
            name: cellText(cell),
            start: cell.start + answer.slice(cell.start, cell.end).indexOf(cellText(cell).slice(0, 1)),
            end: cell.end,
          })),
        });
        for (const row of rows.slice(1)) tables.set(row.id, { transposed: true, namesColumn: false });
        rows = [];
        return;
      }
    }
    const namesColumn = body.some((row) => isName(cellText(layout.cells.get(row.id)?.[0] ?? { start: 0, end: 0 })));
    for (const row of body) tables.set(row.id, { transposed, namesColumn });
    rows = [];
  };
  for (const unit of layout.units) {
    if (unit.kind === 'header') {
      close();
      transposed = transposedHeader(answer, layout, unit).length > 0;
    } else if (unit.kind === 'row') {
      rows.push(unit);
    } else if (rows.length > 0) {
      close();
      transposed = false;
    }
  }
  close();
  return tables;
}

/** "| Feature | Asana | Trello |": a table whose columns are the options. */
export function transposedHeader(answer: string, layout: AnswerLayout, unit: Unit): OptionName[] {
  const cells = layout.cells.get(unit.id) ?? [];
  const first = cleanName(answer.slice(cells[0]?.start ?? 0, cells[0]?.end ?? 0));
  if (cells.length < 3 || (first !== '' && !isOrdinaryPhrase(first))) return [];
  return cells.slice(1).flatMap((cell) => {
    const name = cleanName(answer.slice(cell.start, cell.end));
    return name !== '' && !isOrdinaryPhrase(name)
      ? [{ name, start: cell.start + answer.slice(cell.start, cell.end).indexOf(name.split(' ')[0]!), end: cell.end }]
      : [];
  });
}

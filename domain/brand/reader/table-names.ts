import type { AnswerLayout, Unit } from './answer-layout';
import { FEATURE_NOUNS } from './cues';
import { foldName } from './names';
import { isComponentName } from './not-options';
import { isOrdinaryPhrase } from './ordinary-words';
import { cleanName, isKnownPhrase, MEASURE_LEAD, type OptionName } from './name-words';
import { SPACES } from './patterns';

/** How an answer's tables present options: a column of names, or a header whose columns are the options. */

export interface TableRow {
  /** The table's columns are its options ("| Feature | Asana | Trello |"). */
  transposed: boolean;
  /** Some of its first cells are names by their letters ("Slite" beside "Notion" and "Confluence"). */
  namesColumn: boolean;
  /** The column that names the options: 0 but after a column of ranks or of makers (`| Rank | Model |`, `| Brand | Product |`). */
  column?: number;
  /** The column of the makers whose products `column` names (`| Brand | Product Name |`): the option is the maker's product. */
  makerColumn?: number;
  /** A captured table without its rule line: its first row is the header, and these cells are options. */
  headerNames?: OptionName[];
}

/** A cell that is a name by its letters: not dictionary words, a component or a measure. */
const isNameByLetters = (text: string) => text !== '' && !isKnownPhrase(text) && !isComponentName(text) && !MEASURE_LEAD.test(text);

const cellName = (answer: string, cell: { start: number; end: number }, name: string): OptionName => ({
  name,
  start: cell.start + answer.slice(cell.start, cell.end).indexOf(name.slice(0, 1)),
  end: cell.end,
});

/**
 * More than half of the body's first cells are names ("| Sanitas | … |"): the rows are the options, and a header
 * the dictionary does not hold is labels in another language ("| Aseguradora | Cuadro médico |").
 */
function namesInFirstColumn(answer: string, layout: AnswerLayout, header: Unit): boolean {
  const firsts: string[] = [];
  for (let id = header.id + 1; layout.units[id]?.kind === 'row'; id++) {
    const cell = layout.cells.get(id)?.[0];
    if (cell) firsts.push(cleanName(answer.slice(cell.start, cell.end)));
  }
  return firsts.length > 0 && firsts.filter(isNameByLetters).length * 2 > firsts.length;
}

/** What each table row is, read with its table. */
export function tablesOf(answer: string, layout: AnswerLayout): Map<number, TableRow> {
  const tables = new Map<number, TableRow>();
  const cellText = (cell: { start: number; end: number }) => cleanName(answer.slice(cell.start, cell.end));
  const isName = isNameByLetters;
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
          headerNames: firstCells.map((cell) => cellName(answer, cell, cellText(cell))),
        });
        for (const row of rows.slice(1)) tables.set(row.id, { transposed: true, namesColumn: false });
        rows = [];
        return;
      }
    }
    const makers = !transposed && header !== undefined && makersBeside(answer, layout, header);
    const column = transposed || !header ? 0 : optionColumn(answer, layout, header, body, makers);
    const namesColumn = makers || body.some((row) => isName(cellTextAt(answer, layout, row.id, column)));
    for (const row of body)
      tables.set(row.id, { transposed, namesColumn, ...(column > 0 ? { column } : {}), ...(makers ? { makerColumn: 0 } : {}) });
    rows = [];
  };
  let header: Unit | undefined;
  for (const unit of layout.units) {
    if (unit.kind === 'header') {
      close();
      header = unit;
      transposed = transposedHeader(answer, layout, unit).length > 0;
    } else if (unit.kind === 'row') {
      rows.push(unit);
    } else if (rows.length > 0) {
      close();
      transposed = false;
      header = undefined;
    }
  }
  close();
  return tables;
}

/** A rank in a table's first column: "1", "#2", "3rd". */
const RANK_CELL = /^#?\d{1,2}(?:st|nd|rd|th)?[.)]?$/u;
/** A header that labels a column of makers, and one that labels their products. */
const MAKER_HEADER = /^(?:brand|maker|manufacturer|company)$/iu;
const PRODUCT_HEADER = /\b(?:product|model|name)s?\b/iu;

/** The text of a row's cell in `column`, '' where the row has none. */
function cellTextAt(answer: string, layout: AnswerLayout, unitId: number, column: number): string {
  const cell = layout.cells.get(unitId)?.[column];
  return cell ? cleanName(answer.slice(cell.start, cell.end)) : '';
}

/** `| Brand | Product Name | Key Features |`: the first column names the makers, the second their products. */
function makersBeside(answer: string, layout: AnswerLayout, header: Unit): boolean {
  return MAKER_HEADER.test(cellTextAt(answer, layout, header.id, 0)) && PRODUCT_HEADER.test(cellTextAt(answer, layout, header.id, 1));
}

/** The body under a header opens every row with a rank. */
function ranksFirst(answer: string, layout: AnswerLayout, header: Unit): boolean {
  const firsts: string[] = [];
  for (let id = header.id + 1; layout.units[id]?.kind === 'row'; id++) firsts.push(cellTextAt(answer, layout, id, 0));
  return firsts.length > 0 && firsts.every((text) => RANK_CELL.test(text));
}

/**
 * name-column: the column that names a table's options. The first, unless it holds ranks (`| Rank | Model | Runtime |`)
 * or makers whose products the next column names (`| Brand | Product Name | Key Features |`): then the first later
 * column whose cells are mostly names by their letters. A maker beside its product in one row is that product's maker,
 * presented with it (docs/brand-reader.md §2).
 */
function optionColumn(answer: string, layout: AnswerLayout, header: Unit, body: readonly Unit[], makers: boolean): number {
  // The header says which column names the products: its words decide, not whether the dictionary holds the products' words ("Storm Shell").
  if (makers) return 1;
  if (!ranksFirst(answer, layout, header)) return 0;
  const columns = layout.cells.get(header.id)?.length ?? 0;
  for (let column = 1; column < columns; column++)
    if (body.filter((row) => isNameByLetters(cellTextAt(answer, layout, row.id, column))).length * 2 > body.length) return column;
  return 0;
}

/**
 * "| Feature | Asana | Trello |": a table whose columns are the options. So is a header made of names alone
 * ("| Marmot PreCip Eco | L.L.Bean Trail Model | Columbia Watertight II |"): a header labels its columns, and
 * labels that are names by their letters make each column an option, its rows the options' specifications.
 */
export function transposedHeader(answer: string, layout: AnswerLayout, unit: Unit): OptionName[] {
  const cells = layout.cells.get(unit.id) ?? [];
  const texts = cells.map((cell) => cleanName(answer.slice(cell.start, cell.end)));
  if (cells.length >= 2 && texts.every(isNameByLetters) && !namesInFirstColumn(answer, layout, unit))
    return cells.map((cell, index) => cellName(answer, cell, texts[index]!));
  const first = texts[0] ?? '';
  // A column of ranks under "| Rank | Model | Runtime |" heads a table whose rows are the options.
  // A body whose first cells are names ("| DKB | kostenlos |") holds the options, unless the header says its rows are features.
  if (
    cells.length < 3 ||
    (first !== '' && !isOrdinaryPhrase(first)) ||
    ranksFirst(answer, layout, unit) ||
    (!FEATURE_NOUNS.test(first) && namesInFirstColumn(answer, layout, unit))
  )
    return [];
  const names = cells.slice(1).flatMap((cell) => {
    const name = cleanName(answer.slice(cell.start, cell.end));
    return name !== '' && !isOrdinaryPhrase(name)
      ? [{ name, start: cell.start + answer.slice(cell.start, cell.end).indexOf(name.split(' ')[0]!), end: cell.end }]
      : [];
  });
  // Half its columns at least: one label the dictionary lacks ("| Machine | Price | Grinder | Milk Frother |") makes no option of a column.
  return names.length * 2 >= cells.length - 1 ? names : [];
}

/**
 * The option a row of `| Brand | Product Name |` presents is the maker's product, named as the answer would write it
 * ("Outdoor Research Foray 3L"; bench/brand-answers/README.md: maker and model), unless the product cell names its maker.
 */
export function withMaker(
  answer: string,
  cells: readonly { start: number; end: number }[],
  makerColumn: number | undefined,
  product: string,
): string {
  const cell = makerColumn === undefined ? undefined : cells[makerColumn];
  const maker = cell ? cleanName(answer.slice(cell.start, cell.end)) : '';
  if (maker === '' || maker.split(SPACES).length > 3 || foldName(product).startsWith(foldName(maker))) return product;
  return `${maker} ${product}`;
}

/**
 * An answer's layout as its reader sees it: headings, list items (each line of an item is its own
 * innermost item), table rows and prose, each a unit with its offsets. Options first presented in
 * one unit share a rank; prose presents each option on its own (benchmarks/brand-answers/README.md).
 */

export type UnitKind = 'heading' | 'item' | 'row' | 'header' | 'prose';

export interface Unit {
  id: number;
  kind: UnitKind;
  start: number;
  end: number;
  /** Where the unit's text starts after its marker (`- `, `1. `, `## `, `| `). */
  textStart: number;
  /** The section it is under: the text of the nearest heading above, '' before any. */
  section: string;
}

export interface Cell {
  start: number;
  end: number;
  /** 0 for the first column. */
  column: number;
}

const ITEM = /^(\s*)(?:\d{1,3}[.)]|[-*•+‣◦]|[a-z][.)])\s+/u;
const HEADING = /^(\s{0,3}#{1,6}\s+)/u;
const TABLE_ROW = /^\s*\|.*\|\s*$/u;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}/u;
/** A line that is only bold text (ChatGPT's and Claude's headings): `**1. Asana**`, `**Best for teams:**`. */
const BOLD_LINE = /^(\s*(?:\*\*|__))[^*_\n]{1,120}(?:\*\*|__)\s*:?\s*$/u;

export interface AnswerLayout {
  units: Unit[];
  /** The cells of table rows and headers, by unit id. */
  cells: Map<number, Cell[]>;
  unitAt(offset: number): Unit | undefined;
}

export function layoutOf(answer: string): AnswerLayout {
  const units: Unit[] = [];
  const cells = new Map<number, Cell[]>();
  let offset = 0;
  let section = '';
  let current: Unit | undefined;
  const lines = answer.split('\n');
  lines.forEach((line, index) => {
    const start = offset;
    const end = offset + line.length;
    offset = end + 1;
    const open = (kind: UnitKind, textStart: number) => {
      current = { id: units.length, kind, start, end, textStart, section };
      units.push(current);
      return current;
    };
    if (line.trim() === '') {
      current = undefined;
      return;
    }
    const heading = HEADING.exec(line) ?? BOLD_LINE.exec(line);
    if (heading) {
      open('heading', start + heading[1]!.length);
      section = line.slice(heading[1]!.length).replace(/[*_:#]+/gu, ' ').trim();
      current = undefined;
      return;
    }
    if (TABLE_ROW.test(line)) {
      if (TABLE_RULE.test(line)) return;
      const nextIsRule = TABLE_RULE.test(lines[index + 1] ?? '');
      const unit = open(nextIsRule ? 'header' : 'row', start + line.indexOf('|') + 1);
      cells.set(unit.id, cellsOf(line, start));
      current = undefined;
      return;
    }
    const marker = ITEM.exec(line);
    if (marker) {
      open('item', start + marker[0].length);
      return;
    }
    // A line that continues an item (indented, or wrapped) stays in it; other lines are prose.
    if (current && (current.kind === 'item' || current.kind === 'prose') && (/^\s+/u.test(line) || current.kind === 'prose')) {
      current.end = end;
      return;
    }
    open('prose', start);
  });
  return {
    units,
    cells,
    unitAt: (at: number) => {
      // Units are in text order and do not overlap: the last one starting at or before `at`.
      let low = 0;
      let high = units.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (units[middle]!.start <= at) low = middle;
        else high = middle - 1;
      }
      const unit = units[low];
      return unit && at >= unit.start && at <= unit.end ? unit : undefined;
    },
  };
}

function cellsOf(line: string, lineStart: number): Cell[] {
  const result: Cell[] = [];
  const first = line.indexOf('|');
  const last = line.lastIndexOf('|');
  let cellStart = first + 1;
  for (let at = first + 1; at <= last; at++) {
    if (line[at] !== '|') continue;
    result.push({ start: lineStart + cellStart, end: lineStart + at, column: result.length });
    cellStart = at + 1;
  }
  return result;
}

/**
 * The text at `at` opens a sentence, a line, an item, a cell or a clause after a colon or a dash
 * (looking back no further than `from`): where any word takes a capital.
 */
export function startsSentence(answer: string, at: number, from: number): boolean {
  const before = answer.slice(Math.max(from, at - 200), at).replace(/[\s*_"“‘«(#>]+$/u, '');
  if (at <= from || before === '' || before.endsWith('\n')) return true;
  return /^\s*(?:\d{1,3}[.)]|[-*•+‣◦])$/u.test(before) || /[.!?:|—–]$/u.test(before) || /\s-$/u.test(before);
}

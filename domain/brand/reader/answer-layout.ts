import { answerBlocks, blockAt, type Block, type Cell } from './layout';

/**
 * The layout as the name reader walks it: each block of the answer (layout.ts) as a unit, a line of
 * bold alone counted as a heading. Options first presented in one unit share a rank; prose presents
 * each option on its own (docs/brand-reader.md).
 */

export type UnitKind = 'heading' | 'item' | 'row' | 'header' | 'prose';
export type { Cell } from './layout';

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

export interface AnswerLayout {
  units: Unit[];
  /** The blocks the units were made from, by unit id. */
  blocks: Block[];
  /** The cells of table rows and headers, by unit id. */
  cells: Map<number, Cell[]>;
  unitAt(offset: number): Unit | undefined;
}

const kindOf = (block: Block): UnitKind => {
  if (block.kind === 'row') return block.isHeader ? 'header' : 'row';
  if (block.kind === 'heading' || (block.kind === 'paragraph' && block.boldOnly && !block.boldSentence)) return 'heading';
  return block.kind === 'item' ? 'item' : 'prose';
};

export function layoutOf(answer: string): AnswerLayout {
  const blocks = answerBlocks(answer);
  const cells = new Map<number, Cell[]>();
  let section = '';
  const units = blocks.map((block, id): Unit => {
    const kind = kindOf(block);
    // A line of bold alone reads from inside its bold, as a heading's text does after its hashes.
    const textStart = kind === 'heading' && block.kind === 'paragraph' ? block.boldLead!.start : block.textStart;
    if (block.cells) cells.set(id, block.cells);
    const unit = { id, kind, start: block.start, end: block.end, textStart, section };
    if (kind === 'heading')
      section = answer
        .slice(textStart, block.end)
        .replace(/[*_:#]+/gu, ' ')
        .trim();
    return unit;
  });
  return {
    units,
    blocks,
    cells,
    unitAt: (at: number) => {
      const id = blockAt(blocks, at);
      return id === undefined ? undefined : units[id];
    },
  };
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

/** The bold leads of the other items of the unit's list (the items beside it at its depth), as written. */
export function siblingBoldLeads(answer: string, layout: AnswerLayout, unit: Unit): string[] {
  const depth = layout.blocks[unit.id]?.depth;
  const leads: string[] = [];
  for (const step of [-1, 1])
    for (let id = unit.id + step; layout.units[id]?.kind === 'item'; id += step) {
      const block = layout.blocks[id]!;
      if ((block.depth ?? 0) < (depth ?? 0)) break;
      if (block.depth !== depth) continue;
      if (!block.boldLead) return [];
      leads.push(answer.slice(block.boldLead.start, block.boldLead.end).trim());
    }
  return leads;
}

import type { AnswerLayout, Unit } from './answer-layout';
import { endsWithPlaceLead, QUOTES_SOURCE, SOURCE_VERB_AFTER } from './cues';

/**
 * Ranks by presentation slots (docs/DESIGN.md "Reading an answer's structure"): an option's rank is the
 * place, in reading order across the whole answer, of the slot that first presents it. A slot is a list
 * item, a heading, a table row, a side-by-side table's header cell (each column its own), a bold lead;
 * in prose each naming is its own. A name met only in a quotation of a source ("according to
 * OutdoorGearLab", a block quotation) is a mention with no rank, and a name met there before its slot is
 * ranked at its slot.
 */

export interface Occurrence {
  /** Which option it is (the brand, a competitor, an option the reader found). */
  key: string;
  at: number;
  /** Where the name ends, where it is known: what follows may make it a source ("L.L.Bean recommends a…"). */
  end?: number;
  name: string;
}

export interface Ranked {
  rank: number;
  /** The name where the option is presented. */
  name: string;
  at: number;
}

/** How far back in its sentence a cue is looked for. */
const CUE_REACH = 160;

/**
 * ranksBySlots: `storesAsked` says the question asks where to buy (its options are stores), so a place to buy is never
 * an aside there.
 */
export function ranksBySlots(
  answer: string,
  layout: AnswerLayout,
  occurrences: readonly Occurrence[],
  storesAsked = false,
): Map<string, Ranked> {
  const sorted = [...occurrences].sort((a, b) => a.at - b.at);
  const ranks = new Map<string, Ranked>();
  const slotRanks = new Map<string, number>();
  let previous: { slot: string; at: number } | undefined;
  // An item, a heading, a table row or a bold lead has presented an option: the answer's options are laid out.
  let presented = false;
  // The answer's opening paragraph, before it presents anything in a slot.
  const opening = layout.units[0]?.kind === 'prose' ? layout.units[0].end : -1;
  for (const occurrence of sorted) {
    if (ranks.has(occurrence.key)) continue;
    let slot = slotOf(answer, layout, occurrence, opening);
    if (slot !== undefined && !storesAsked && presented && soldAtAside(answer, layout, occurrence.at)) slot = undefined;
    if (slot === undefined) continue;
    // "Asana/Trello" in prose: a slash-joined pair is presented together.
    if (
      previous &&
      slot.startsWith('at:') &&
      previous.slot.startsWith('at:') &&
      /^\S*\s*\/\s*$/u.test(answer.slice(previous.at, occurrence.at).replace(/^\S+/u, ''))
    )
      slot = previous.slot;
    if (!slotRanks.has(slot)) slotRanks.set(slot, slotRanks.size + 1);
    presented ||= !slot.startsWith('at:');
    ranks.set(occurrence.key, { rank: slotRanks.get(slot)!, name: occurrence.name, at: occurrence.at });
    previous = { slot, at: occurrence.at };
  }
  return ranks;
}

/** The slot an occurrence presents its option in, or none where it is a source or a place to buy. */
function slotOf(answer: string, layout: AnswerLayout, occurrence: Occurrence, opening: number): string | undefined {
  const { at, end } = occurrence;
  const unit = layout.unitAt(at);
  if (!unit) return `at:${at}`;
  if (asideOrSource(answer, layout, unit, at, at < opening)) return undefined;
  if (end !== undefined && SOURCE_VERB_AFTER.test(answer.slice(end, end + 60))) return undefined;
  const block = layout.blocks[unit.id]!;
  switch (unit.kind) {
    case 'heading':
    case 'item':
      return `unit:${unit.id}`;
    case 'header':
      // A side-by-side table: each column's header presents its own option.
      return `cell:${unit.id}:${columnAt(layout, unit, at)}`;
    case 'row': {
      // A table a capture lost its rule line from: its first row heads the options' columns.
      const previous = layout.units[unit.id - 1];
      const firstRow = !block.header && (!previous || previous.kind !== 'row' || previous.end < unit.start - 1);
      return firstRow ? `cell:${unit.id}:${columnAt(layout, unit, at)}` : `unit:${unit.id}`;
    }
    default:
      return block.boldLead && at >= block.boldLead.start && at < block.boldLead.end ? `unit:${unit.id}` : `at:${at}`;
  }
}

/**
 * A quotation, or a name after "according to", "reviewers on" in its sentence. Before the answer presents its
 * options (`intro`: its opening paragraph), a place to buy is an aside ("Retailers such as Backcountry run frequent
 * sales"): place-to-buy-aside; after options its layout presents, sold-at-aside says so.
 */
function asideOrSource(answer: string, layout: AnswerLayout, unit: Unit, at: number, intro: boolean): boolean {
  if (layout.blocks[unit.id]?.quoted) return true;
  const sentence = sentenceBefore(answer, unit, at);
  return QUOTES_SOURCE.test(sentence) || (intro && endsWithPlaceLead(sentence));
}

function columnAt(layout: AnswerLayout, unit: Unit, at: number): number {
  return layout.cells.get(unit.id)?.find((cell) => at >= cell.start && at <= cell.end)?.column ?? 0;
}

/**
 * sold-at-aside: after the answer has presented options in its layout (an item, a heading, a table row, a bold lead),
 * prose that says where to buy them ("You can find all three at REI or Backcountry.", "All three are sold by Amazon
 * and REI.", "Where to buy: REI, Backcountry.", "try them on at a store such as Fleet Feet") names stores as an aside,
 * a mention with no rank (docs/DESIGN.md); unless the question asks where to buy, where the stores are its options. A
 * store the answer presents in a slot of its own ("- **REI:** wide range") keeps its place.
 */
export const SOLD_AT_ASIDE = {
  name: 'sold-at-aside',
  example: { answer: '1. **Arc’teryx Beta**\n2. **Patagonia Torrentshell**\n\nYou can find both at REI.', unranked: 'REI' },
  why: 'a place to buy the options already presented, named as an aside',
};

/** "all three are sold by ", "find these at REI or ": the options as a group, a cue that says where they are sold, up to the name. */
const OPTIONS_SOLD_AT =
  /(?<![\p{L}\p{N}])(?:all|both|each|these|those|them)(?:\s+[\p{L}\p{N}-]+){0,3}?\s+(?:(?:are|is)\s+)?(?:(?:sold|stocked|carried|available|found|offered)\s+)?(?:at|from|by|through|on)\s+(?:[^\n.;:!?]*?(?:,|\bor\b|\band\b)\s*)?$/iu;
/** The verbs of buying one of which such a sentence holds. */
const BUYING = /(?<![\p{L}])(?:find|buy|purchase|get|order|sold|stocked|carried|available|shop)(?![\p{L}])/iu;

function soldAtAside(answer: string, layout: AnswerLayout, at: number): boolean {
  const unit = layout.unitAt(at);
  if (!unit || unit.kind !== 'prose') return false;
  const bold = layout.blocks[unit.id]?.boldLead;
  if (bold && at >= bold.start && at < bold.end) return false;
  const sentence = sentenceBefore(answer, unit, at);
  return (BUYING.test(sentence) && OPTIONS_SOLD_AT.test(sentence)) || endsWithPlaceLead(sentence);
}

/** The sentence up to `at`, within its unit and the cue's reach. */
function sentenceBefore(answer: string, unit: Unit, at: number): string {
  const before = answer.slice(Math.max(unit.textStart, at - CUE_REACH), at);
  return before.slice(
    Math.max(
      0,
      ...['. ', '! ', '? ', '\n'].map((stop) => {
        const at = before.lastIndexOf(stop);
        return at < 0 ? 0 : at + stop.length;
      }),
    ),
  );
}

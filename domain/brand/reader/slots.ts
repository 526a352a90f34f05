import type { AnswerLayout, Unit } from './answer-layout';
import { endsWithPlaceLead, QUOTES_SOURCE, SOURCE_VERB_AFTER } from './cues';
import { firstDrop, type Decision, type DropRule } from './rule';

/**
 * Ranks by presentation slots (docs/brand-reader.md §2): an option's rank is the
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

/** How slots are read: the slot rules in order, where their decisions go, and whether the question asks where to buy. */
export interface SlotReading {
  /** The question asks where to buy (its options are stores): a place to buy is never an aside there. */
  storesAsked: boolean;
  rules: readonly SlotRule[];
  setAside(occurrence: Occurrence, decision: Decision): void;
}

/** What a slot rule reads about an occurrence: its unit, whether the answer's layout has presented options before it. */
export interface SlotScope {
  answer: string;
  layout: AnswerLayout;
  unit: Unit;
  /** Before the answer presents anything in a slot: in its opening paragraph. */
  intro: boolean;
  /** An item, a heading, a table row or a bold lead has presented an option: the answer's options are laid out. */
  presented: boolean;
  storesAsked: boolean;
}

/** A slot rule leaves an occurrence without a rank there: its option is ranked at a later slot, or nowhere. */
export type SlotRule = DropRule<Occurrence, SlotScope>;

export function ranksBySlots(
  answer: string,
  layout: AnswerLayout,
  occurrences: readonly Occurrence[],
  reading: SlotReading,
): Map<string, Ranked> {
  const sorted = [...occurrences].sort((a, b) => a.at - b.at);
  const ranks = new Map<string, Ranked>();
  const slotRanks = new Map<string, number>();
  let previous: { slot: string; at: number } | undefined;
  let presented = false;
  // The answer's opening paragraph, before it presents anything in a slot.
  const opening = layout.units[0]?.kind === 'prose' ? layout.units[0].end : -1;
  for (const occurrence of sorted) {
    if (ranks.has(occurrence.key)) continue;
    const unit = layout.unitAt(occurrence.at);
    const scope = unit && { answer, layout, unit, intro: occurrence.at < opening, presented, storesAsked: reading.storesAsked };
    const aside = scope && firstDrop(reading.rules, occurrence, scope);
    if (aside) {
      reading.setAside(occurrence, aside);
      continue;
    }
    let slot = slotOf(layout, occurrence, unit);
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

/** The slot an occurrence presents its option in: its item, heading or row, a header's column, a bold lead, or itself in prose. */
function slotOf(layout: AnswerLayout, occurrence: Occurrence, unit: Unit | undefined): string {
  const { at } = occurrence;
  if (!unit) return `at:${at}`;
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
      // A bold sentence (Perplexity's lead: "**Top brands include A, B and C.**") presents each name as prose does.
      return block.boldLead && !block.boldSentence && at >= block.boldLead.start && at < block.boldLead.end
        ? `unit:${unit.id}`
        : `at:${at}`;
  }
}

export const QUOTED_BLOCK: SlotRule = {
  name: 'quoted-block',
  example: { answer: '> REI calls it the best shell.\n\n1. **Arc’teryx Beta**', unranked: 'REI' },
  why: 'named in a block quotation: a source speaking, not an option presented',
  apply: (_occurrence, { layout, unit }) => layout.blocks[unit.id]?.quoted === true,
};

export const QUOTED_SOURCE_ASIDE: SlotRule = {
  name: 'quoted-source-aside',
  example: { answer: 'According to OutdoorGearLab, the **Arc’teryx Beta** leads.', unranked: 'OutdoorGearLab' },
  why: 'named after "according to", "reviewers on" in its sentence: a source quoted',
  apply: (occurrence, { answer, unit }) => QUOTES_SOURCE.test(sentenceBefore(answer, unit, occurrence.at)),
};

/** Before the answer presents its options, a place to buy is an aside ("Retailers such as Backcountry run frequent sales"). */
export const PLACE_TO_BUY_ASIDE: SlotRule = {
  name: 'place-to-buy-aside',
  example: { answer: 'Retailers such as Backcountry run frequent sales.\n\n1. **Arc’teryx Beta**', unranked: 'Backcountry' },
  why: "a place to buy named in the answer's opening paragraph, before it presents anything",
  apply: (occurrence, { answer, unit, intro }) => intro && endsWithPlaceLead(sentenceBefore(answer, unit, occurrence.at)),
};

export const SOURCE_VERB_ASIDE: SlotRule = {
  name: 'source-verb-aside',
  example: { answer: 'L.L.Bean recommends a shell with pit zips.\n\n1. **Arc’teryx Beta**', unranked: 'L.L.Bean' },
  why: 'the subject of a verb that rates, recommends or reports: a source',
  apply: ({ end }, { answer }) => end !== undefined && SOURCE_VERB_AFTER.test(answer.slice(end, end + 60)),
};

function columnAt(layout: AnswerLayout, unit: Unit, at: number): number {
  return layout.cells.get(unit.id)?.find((cell) => at >= cell.start && at <= cell.end)?.column ?? 0;
}

/**
 * sold-at-aside: after the answer has presented options in its layout (an item, a heading, a table row, a bold lead),
 * prose that says where to buy them ("You can find all three at REI or Backcountry.", "All three are sold by Amazon
 * and REI.", "Where to buy: REI, Backcountry.", "try them on at a store such as Fleet Feet") names stores as an aside,
 * a mention with no rank (docs/brand-reader.md §2); unless the question asks where to buy, where the stores are its options. A
 * store the answer presents in a slot of its own ("- **REI:** wide range") keeps its place.
 */
export const SOLD_AT_ASIDE: SlotRule = {
  name: 'sold-at-aside',
  example: { answer: '1. **Arc’teryx Beta**\n2. **Patagonia Torrentshell**\n\nYou can find both at REI.', unranked: 'REI' },
  why: 'a place to buy the options already presented, named as an aside',
  apply: ({ at }, { answer, layout, presented, storesAsked }) => !storesAsked && presented && soldAtAside(answer, layout, at),
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

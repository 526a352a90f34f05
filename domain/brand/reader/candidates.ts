import type { Unit } from './answer-layout';
import { boldSpans } from './bold-names';
import type { CandidateSource, ReadingScope } from './candidate';
import { judgeRun, TITLE } from './run-rules';
import { cleanName, MAX_NAME_WORDS, MODEL_SUFFIX, type OptionName } from './name-words';
import { isComponentName } from './not-options';
import { isKnownWord, isOrdinaryPhrase, isOrdinaryWord, isTitleCased } from './ordinary-words';
import { transposedHeader, withMaker } from './table-names';
import { hasCjk } from '../../shared/language/cjk';
import { SPACES, OPENS_CAPITAL, HAS_DIGIT, HAS_LETTER } from './patterns';

/**
 * The candidate sources (docs/brand-reader.md §3): where the names an answer might present come from, unit by unit.
 * Names are runs of capitalised words and model numbers ("Lenovo ThinkPad X12 Gen 2", "B&H Photo"), bold spans, the
 * cells of a table that names its options, and outside English the name an item, row or heading opens with.
 */

const TOKEN = /[^\s]+/gu;
/** The quotes, brackets and emphasis around a word ("(**Asana**"). */
const WORD_MARKS = /^[(["“‘«*_]+|[*_]+$/gu;
/** "1.", "2)", "#3": a list's or heading's number. */
const ENUMERATOR = /^#?\d{1,3}[.):]?$/u;
/** A size in inches ("17.3\"") is part of a model's name, not a closing quote. */
const INCHES = /^\d{1,2}(?:\.\d)?["″”]$/u;
/** Punctuation that ends a name where it trails a word. */
const BREAK_AFTER = /[,.;:!?)\]"”’»]+$|['’]s[,.;:!?]$/u;
const BREAK_BEFORE = /^[(["“‘«]/u;

/** An item's or a line's lead before its colon ("Brands with a Similar Aesthetic:"): title-cased or not on its own. */
export const LEAD = /^[^:：\n]{1,80}[:：]/u;

/** Most words a linked lead may hold: a shop's listing title names its product at length. */
const MAX_LINKED_WORDS = 16;
/**
 * A unit that leads with a link, after its number, bold and a bold label ("### [Name](…)", "1. **[Name](…)**:",
 * "- **Best Budget Option:** The [Name](…)"), its target already blanked; group 1 is the link's text.
 */
const LINKED_LEAD_TEXT =
  /^[\s*_#]*(?:\d{1,3}[.)][\s*_]*)?(?:\*\*[^*\n]{1,40}[:：]\*\*\s*(?:the\s+)?)?\[(?!!)([^\]\n]{2,200})\][\s*_]*(?:$|[:：|]|[–—-]\s)/iu;

export const LINKED_LEAD: CandidateSource = {
  name: 'linked-lead',
  example: {
    answer: '### [Apple MacBook Air (13-inch, M1, 2020)](https://shop.example/air)',
    reads: 'Apple MacBook Air (13-inch, M1, 2020)',
  },
  why: "a heading or item that leads with a link names what the link goes to, whole, as a shop's card does; the rest of the unit is read too",
  alsoOthers: true,
  claims: true,
  apply(unit, { answer, context }) {
    const lead = linkedLead(answer, context.answer, unit);
    if (!lead) return undefined;
    const { close } = lead;
    // A listing's code after a bar is no part of the product's name ("Barista Express Espresso Machine | BES870XL").
    const name = lead.text.split(' | ')[0]!.trim();
    if (!/^[\p{Lu}\p{N}]|^\p{Ll}+\p{Lu}/u.test(name) || name.split(SPACES).length > MAX_LINKED_WORDS) return undefined;
    const start = close - lead.text.length + lead.text.indexOf(name);
    return [{ name, start, end: start + name.length, whole: true, reach: { start: close - lead.text.length, end: close } }];
  },
};

/** The link a heading or item leads with: its text, and where its closing bracket stands (`answer` without markup, `original` with it). */
function linkedLead(answer: string, original: string, unit: Unit): { text: string; close: number } | undefined {
  if (unit.kind !== 'heading' && unit.kind !== 'item') return undefined;
  const lead = LINKED_LEAD_TEXT.exec(answer.slice(unit.textStart, unit.end));
  if (!lead) return undefined;
  const close = unit.textStart + lead[0].indexOf(']', lead[0].lastIndexOf(lead[1]!) + lead[1]!.length);
  // Only a link: a bracket the answer wrote as text ("[Sponsored]") is no target's name.
  return original[close + 1] === '(' ? { text: lead[1]!, close } : undefined;
}

export const leadsWithLink = (answer: string, original: string, unit: Unit) => linkedLead(answer, original, unit) !== undefined;

export const BOLD_SPANS: CandidateSource = {
  name: 'bold-spans',
  example: { answer: 'Try **Asana** for teams.', reads: 'Asana' },
  why: 'the answer marks a name in bold; the rest of the unit is read too',
  alsoOthers: true,
  apply: (unit, { answer, context, boldRules, dropped }) => boldSpans(answer, context.layout, unit, boldRules, dropped),
};

export const HEADER_CELLS: CandidateSource = {
  name: 'header-cells',
  example: { answer: '| Feature | Asana | Trello |\n|---|---|---|\n| Price | $10 | $5 |', reads: 'Trello' },
  why: "a side-by-side table's header names its options, one a column",
  apply: (unit, { answer, context }) => (unit.kind === 'header' ? transposedHeader(answer, context.layout, unit) : undefined),
};

export const TABLE_ROW: CandidateSource = {
  name: 'table-row',
  example: { answer: '| Jacket | Price |\n|---|---|\n| Marmot PreCip Eco | $100 |', reads: 'Marmot PreCip Eco' },
  why: 'a table names its options in the column of names, or in its header where the columns are the options',
  apply(unit, scope) {
    const { answer, context, tables } = scope;
    const cells = context.layout.cells.get(unit.id);
    if (unit.kind !== 'row' || !cells?.[0]) return undefined;
    const table = tables.get(unit.id);
    if (table?.headerNames) return table.headerNames;
    if (table?.transposed) return [];
    const named = cells[table?.column ?? 0] ?? cells[0];
    const cell = cleanName(answer.slice(named.start, named.end));
    const start = named.start + answer.slice(named.start, named.end).indexOf(cell.slice(0, 1));
    // A cell that lists names ("Timberland Pro, Carolina, Ariat") names each of them.
    const parts = listedIn(cell, start);
    if (table?.namesColumn && cell !== '' && parts.every((part) => part.name.split(SPACES).length <= MAX_NAME_WORDS))
      return parts.map((part) => ({ ...part, name: withMaker(answer, cells, table.makerColumn, part.name) }));
    if (scope.english) return runsIn(scope, named.start, named.end, isTitleCased(answer.slice(unit.textStart, unit.end)));
    const lead = leadingName(answer, unit, named);
    return lead ? [lead] : [];
  },
};

export const CAPITALISED_RUNS: CandidateSource = {
  name: 'capitalised-runs',
  example: { answer: 'Teams like Lenovo ThinkPad X12 for travel.', reads: 'Lenovo ThinkPad X12' },
  why: 'in English, a run of capitalised words and model numbers may be a name',
  apply(unit, scope) {
    const { answer } = scope;
    const text = answer.slice(unit.textStart, unit.end);
    if (!scope.english || hasCjk(text)) return undefined;
    const lead = unit.kind === 'item' || unit.kind === 'prose' ? LEAD.exec(text)?.[0].length : undefined;
    const segments = lead
      ? [
          { start: unit.textStart, end: unit.textStart + lead },
          { start: unit.textStart + lead, end: unit.end },
        ]
      : [{ start: unit.textStart, end: unit.end }];
    const titleCase = isTitleCased(text);
    return segments.flatMap((segment) =>
      runsIn(
        scope,
        segment.start,
        segment.end,
        (lead ? isTitleCased(answer.slice(segment.start, segment.end)) : titleCase) || unit.kind === 'heading',
      ),
    );
  },
};

export const LEADING_NAME: CandidateSource = {
  name: 'leading-name',
  example: { answer: '- Sanitas: el cuadro médico más amplio', reads: 'Sanitas' },
  why: 'outside English, capitals say little: the name an item, row or heading opens with',
  apply(unit, { answer }) {
    const lead = leadingName(answer, unit, { start: unit.textStart, end: unit.end });
    return lead ? [lead] : [];
  },
};

/**
 * The names a cell holds: each of a comma list ("Timberland Pro, Carolina, and Ariat"), but one name where a comma
 * only adds a word to it ("Contoso WH-1000, Black", "Cookware Set, 17-Piece").
 */
function listedIn(cell: string, start: number): OptionName[] {
  const whole = [{ name: cell, start, end: start + cell.length }];
  if (!cell.includes(',')) return whole;
  const names = listedNames(cell, start);
  return names.length >= 3 || (names.length === 2 && !isOrdinaryPhrase(names[1]!.name)) ? names : whole;
}

/** The names of a comma list, each where it stands in it. */
function listedNames(list: string, start: number): OptionName[] {
  const names: OptionName[] = [];
  let at = 0;
  for (const part of list.split(',')) {
    const words = part.trim();
    const name = words.startsWith('and ') ? words.slice(4) : words.startsWith('or ') ? words.slice(3) : words;
    const from = start + at + part.indexOf(name);
    if (name !== '') names.push({ name, start: from, end: from + name.length });
    at += part.length + 1;
  }
  return names;
}

/** Runs of name-like words between `start` and `end`, each judged by the run rules (docs/brand-reader.md §3). */
function runsIn(scope: ReadingScope, start: number, end: number, titleCase: boolean): OptionName[] {
  const { answer, dropped } = scope;
  // Each token starts after its opening markup ("**Asana" starts at the A).
  const tokens = [...answer.slice(start, end).matchAll(TOKEN)].map((match) => {
    const lead = /^[(["“‘«*_]*/u.exec(match[0])![0].length;
    return { text: match[0].slice(lead), start: start + match.index + lead, end: start + match.index + match[0].length };
  });
  const runs: OptionName[] = [];
  let run: typeof tokens = [];
  let previousEnd = start;
  // A line that is one name and nothing else ("- UNTUCKit Quilted City Jacket (Navy)") is a name, not a title-cased label.
  // A numbered heading's number ("## 1. MacBook Pro 14-inch") is no part of the line's name.
  const newline = answer.indexOf('\n', start);
  const firstLine = tokens
    .filter((token) => newline < 0 || token.start < newline)
    .filter((token, index) => index > 0 || !ENUMERATOR.test(token.text));
  // A ranked list's lead ("### 2. The North Face Venture 2", "2. Mountain Hardwear Exposure/2") presents an option.
  const numbered =
    (tokens[0] !== undefined && tokens[0] !== firstLine[0] && ENUMERATOR.test(tokens[0].text)) ||
    /^\s*(?:#{1,6}\s*)?\d{1,2}[.)]\s*(?:\*\*|__)?$/u.test(answer.slice(answer.lastIndexOf('\n', start - 1) + 1, start));
  // But a line that opens and ends with ordinary words, the last a plural, names a category ("Recommended HP Mid-Range Laptops").
  const category =
    firstLine.length > 1 &&
    [firstLine[0]!, firstLine[firstLine.length - 1]!].every((token) => isOrdinaryWord(token.text)) &&
    /\p{Ll}s$/u.test(firstLine[firstLine.length - 1]!.text);
  const oneName =
    !category &&
    firstLine.length > 0 &&
    firstLine.length <= MAX_NAME_WORDS &&
    firstLine.every(
      (token, index) =>
        isNameWord(token.text.replace(WORD_MARKS, ''), index > 0) && (index === firstLine.length - 1 || !BREAK_AFTER.test(token.text)),
    );
  const close = () => {
    if (run.length > 0) {
      const whole = oneName && run[0] === firstLine[0];
      const judged = judgeRun(scope.runRules, answer, run, titleCase && !whole, start, whole && numbered);
      if (judged.name) runs.push(judged.name);
      if (judged.dropped) dropped.push(judged.dropped);
    }
    run = [];
  };
  for (const token of tokens) {
    const word = token.text.replace(WORD_MARKS, '');
    const joins = run.length > 0 && /^(?:&|\+|of|de|du|la|von|van|for|by)$/u.test(word);
    const named = isNameWord(word, run.length > 0);
    if (
      ((token.start > previousEnd && BREAK_BEFORE.test(answer[token.start - 1] ?? '')) ||
        answer.slice(previousEnd, token.start).includes('\n')) &&
      run.length > 0
    )
      close();
    previousEnd = token.end;
    if (!named && !joins) {
      close();
      continue;
    }
    run.push(token);
    if ((BREAK_AFTER.test(token.text) && !TITLE.test(token.text) && !INCHES.test(token.text)) || /[*_]$/u.test(token.text)) close();
  }
  close();
  return runs;
}

/** Each word's verdict once (it depends on the word alone); bounded, emptied when full. */
const nameWords = new Map<string, boolean>();
function isNameWord(word: string, inRun: boolean): boolean {
  const key = `${inRun ? '+' : '-'}${word}`;
  let verdict = nameWords.get(key);
  if (verdict === undefined) {
    if (nameWords.size >= 50_000) nameWords.clear();
    verdict = nameWord(word, inRun);
    nameWords.set(key, verdict);
  }
  return verdict;
}

/** A word that can be part of a name: capitalised, with inner capitals (eBay), a model (X12, A14), or a number after a name. */
function nameWord(word: string, inRun: boolean): boolean {
  const bare = word.replace(/[,.;:!?)\]"”’»]+$/u, '').replace(/['’]s$/u, '');
  if (bare === '' || /^I(?:['’]\p{L}+)?$/u.test(bare)) return false;
  // "M4/M5", "DDR4/DDR5", "Skin/Food": alternatives of specifications or words, not a name.
  // But a model numbered after a slash is a name ("Exposure/2").
  if (
    bare.includes('/') &&
    !/^\p{Lu}\p{L}+\/\d{1,2}$/u.test(bare) &&
    bare
      .split('/')
      .every(
        (part) => part === '' || isComponentName(part) || isKnownWord(part) || MODEL_SUFFIX.test(part) || /^\p{L}{1,3}\d{1,2}$/u.test(part),
      )
  )
    return false;
  // "Microsoft-branded", "Non-Microsoft": an adjective made from a name, not the name.
  if (
    /^(?:non|pre|anti|pro)-/iu.test(bare) ||
    (/-\p{Ll}+$/u.test(bare) && isOrdinaryWord(bare.slice(bare.lastIndexOf('-') + 1)) && !HAS_DIGIT.test(bare))
  )
    return false;
  if (OPENS_CAPITAL.test(bare)) return true;
  if (/^\p{Ll}+\p{Lu}/u.test(bare)) return true;
  if (HAS_LETTER.test(bare) && HAS_DIGIT.test(bare)) return true;
  return inRun && /^\d+(?:[.,]\d+)?(?:["″]|-inch)?$/u.test(bare);
}

/** Outside English: the name an item, row or heading opens with (before a colon or dash). */
function leadingName(answer: string, unit: Unit, scope: { start: number; end: number }): OptionName | undefined {
  if (unit.kind === 'prose') return undefined;
  const text = answer.slice(scope.start, scope.end);
  const lead = /^\s*(?:\d{1,3}[.)]\s*)?([^:：–—\n|]{1,60}?)\s*(?:[:：]|\s[–—-]\s|$)/u.exec(text);
  const name = cleanName(lead?.[1] ?? '');
  if (name === '' || name.split(SPACES).length > 5 || !HAS_LETTER.test(name)) return undefined;
  const start = scope.start + text.indexOf(name.slice(0, 1));
  return { name, start, end: start + name.length };
}

/** Most lower-case words are English ones: capitals are read as English writes them. */
export function looksEnglish(answer: string): boolean {
  const words = answer.match(/(?<![\p{L}])\p{Ll}{3,}(?![\p{L}])/gu) ?? [];
  if (words.length === 0) return !hasCjk(answer);
  return words.filter((word) => isOrdinaryWord(word)).length / words.length >= 0.6;
}

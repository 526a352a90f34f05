import { hasCjk } from '../../shared/language/cjk';
import { startsSentence, type AnswerLayout, type Unit } from './answer-layout';
import type { Clauses } from './clauses';
import { onlyModelWords, type OptionName } from './name-words';
import { foldName, type NameSpan } from './names';
import { isOrdinaryPhrase, isOrdinaryWord, isTitleCased } from './ordinary-words';
import { namesAQuality } from './qualities';
import type { DropRule } from './rule';
import { SPACES, SPACE_RUNS } from './patterns';

/**
 * Mention judgement (docs/brand-reader.md §3): which occurrences of the brand's (or a given competitor's) name are
 * uses of it as a name. Each rule that sets an occurrence aside says why. A name spelled like ordinary words
 * ("Clear", "Crucial", "Best Buy") counts only written as the brand writes itself, never inside a hyphenated word
 * ("Mini-LED", "snap-back"); where its capital may only open a sentence or a title-cased line, it counts when it
 * stands alone (an item's lead, a heading, a bold name), when a model name follows ("Crucial P3"), or when the answer
 * names it mid-sentence elsewhere.
 */

export interface MentionScope {
  /** The answer as written, and without its markup. */
  answer: string;
  text: string;
  layout: AnswerLayout;
  options: readonly OptionName[];
  clauses: Clauses;
  /** The occurrences the rules before this one kept. */
  kept: readonly NameSpan[];
}

export type MentionRule = DropRule<NameSpan, MentionScope>;

/** The form is spelled like ordinary words, where how it is written decides whether it is the name. */
const spelledLikeWords = (span: NameSpan) => {
  const form = span.form.normalize('NFKC');
  return !hasCjk(form) && isOrdinaryPhrase(form);
};

export const SAID_NOT_KNOWN: MentionRule = {
  name: 'said-not-known',
  example: { answer: "I don't know a brand called Zorblex.", notMention: 'Zorblex' },
  why: 'named in a clause that says the assistant does not know it',
  apply: (span, { clauses }) => clauses.saysNotKnownAt(span.start),
};

export const INSIDE_LONGER_NAME: MentionRule = {
  name: 'inside-longer-name',
  example: { answer: 'I like the Halvorsen Crestline Zentrix Parka.', notMention: 'Crestline' },
  why: "part of a longer option's name, not its maker",
  apply: (span, { answer, options }) => insideLongerName(span, options, answer, spelledLikeWords(span) && !span.form.includes(' ')),
};

export const WRITTEN_OTHERWISE: MentionRule = {
  name: 'written-otherwise',
  example: { answer: 'Its clear pricing helps small teams.', notMention: 'Clear' },
  why: 'a name spelled like ordinary words, not written as the brand writes itself',
  apply(span, { text }) {
    if (!spelledLikeWords(span)) return false;
    const written = text.slice(span.start, span.end).normalize('NFKC').replace(SPACE_RUNS, ' ');
    return !writtenAsBrand(written, span.form.normalize('NFKC'));
  },
};

export const NAMES_A_QUALITY: MentionRule = {
  name: 'names-a-quality',
  example: { answer: 'The Contoso Ridge comes in colors like Sky and Violet.', notMention: 'Sky' },
  why: 'a name spelled like ordinary words, given as one of the colours, finishes or fabrics an option comes in',
  apply: (span, { text, layout }) => spelledLikeWords(span) && namesAQuality(text, layout, span.start),
};

export const INSIDE_HYPHENATED_WORD: MentionRule = {
  name: 'inside-hyphenated-word',
  example: { answer: 'A Mini-LED panel is bright.', notMention: 'Mini' },
  why: 'a name spelled like ordinary words, inside a hyphenated word',
  apply: (span, { text }) =>
    spelledLikeWords(span) &&
    (/^[-‐]\p{L}/u.test(text.slice(span.end, span.end + 2)) || /\p{L}[-‐]$/u.test(text.slice(Math.max(0, span.start - 2), span.start))),
};

export const INSIDE_A_LABEL: MentionRule = {
  name: 'inside-a-label',
  example: { answer: '- **Best Budget Option:** the Contoso Lite at $199.', notMention: 'Budget' },
  why: 'a name spelled like ordinary words, one word of a label of ordinary words that ends in a colon ("Best Budget Option:")',
  apply: (span, { text }) => spelledLikeWords(span) && insideALabel(text, span),
};

/** Bold that ends in a colon, or is followed by one: a label ("**Best for Work-from-Home or Office:**"). */
const BOLD_LABEL_TEXT = /\*\*([^*\n]{1,60}?)(?:[:：]\*\*|\*\*[:：])/gu;

/** The occurrence is a word of a bold label whose other words (two or more) are ordinary ones; a label that is the name alone is the name. */
function insideALabel(text: string, span: NameSpan): boolean {
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  const lineEnd = text.indexOf('\n', span.start);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  for (const match of line.matchAll(BOLD_LABEL_TEXT)) {
    const from = lineStart + match.index + 2;
    const to = from + match[1]!.length;
    if (span.start < from || span.end > to) continue;
    const others = `${text.slice(from, span.start)} ${text.slice(span.end, to)}`.split(SPACES).filter(Boolean);
    return others.length >= 2 && isOrdinaryPhrase(others.join(' '));
  }
  return false;
}

/** Two words or more and nothing else before a name on its line, after its markers: the name ends a title. */
const TITLE_BEFORE = /^[\s#>*_]*(?:\d{1,3}[.)]\s*)?(?:\p{L}[\p{L}'’-]*\s+){2,}$/u;

/** The occurrence's capital may only open a sentence or a title-cased line, and nothing else makes it the name. */
const positionalVerdicts = new WeakMap<NameSpan, boolean>();
const positional = (span: NameSpan, scope: MentionScope) => {
  let verdict = positionalVerdicts.get(span);
  if (verdict === undefined) {
    verdict = positionalCapital(span, scope);
    positionalVerdicts.set(span, verdict);
  }
  return verdict;
};
function positionalCapital(span: NameSpan, { text, layout, options }: MentionScope): boolean {
  if (!spelledLikeWords(span) || !capitalMayBePositional(text, span, layout) || leadsANumberedSlot(text, span, layout, options))
    return false;
  const after = text.slice(span.end, span.end + 40);
  // Alone, but not as the last word of a title of words ("### Why These Excel", "### Dress Shoes and Boots").
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  const endsATitle = TITLE_BEFORE.test(text.slice(lineStart, span.start));
  const standsAlone = !endsATitle && /^(?:\*\*|__|\])?\s*(?:$|\n|[:：|]|\s[–—-]\s|\*\*|__|\s*\()/u.test(after);
  const modelFollows = /^\s+(\S+)/u.exec(after)?.[1]?.replace(/[,.;:!?)]+$/u, '');
  return !(standsAlone || (modelFollows !== undefined && /^\p{Lu}|\p{N}/u.test(modelFollows) && !isOrdinaryWord(modelFollows)));
}

export const POSITIONAL_CAPITAL: MentionRule = {
  name: 'positional-capital',
  example: { answer: 'Crucial factors matter. Weigh them.', notMention: 'Crucial' },
  why: 'a name spelled like ordinary words whose capital only opens a sentence or a title-cased line, written as a name nowhere else',
  apply: (span, scope) => positional(span, scope) && !scope.kept.some((other) => other.form === span.form && !positional(other, scope)),
};

/**
 * A name inside a longer option's name is that option's ("Crest" in "Lauren Crest Patch Jacket"), unless
 * it opens it as its maker ("Lenovo ThinkPad") or is the product the maker's name stands before, with at
 * most a model number or grade after it ("VivoBook 15" in "ASUS VivoBook 15 OLED", "Forerunner 255" in
 * "Garmin Forerunner 255").
 */
function insideLongerName(span: NameSpan, options: readonly OptionName[], answer: string, oneWord: boolean): boolean {
  // Where the answer presents the name as an option of its own, a longer option is another product, even one that only
  // adds a model's words after it ("Contoso PRO Plus G6" beside "Contoso PRO").
  const named = foldName(answer.slice(span.start, span.end));
  const ownOption = options.some((option) => foldName(option.name) === named);
  const modelAfter = (option: OptionName) => onlyModelWords(answer.slice(span.end, option.end));
  return options.some((option) => {
    if (option.end < span.end) return false;
    if (option.start === span.start) return ownOption && foldName(option.name) !== named && modelAfter(option);
    // One ordinary word after a maker ("EltaMD UV Clear SPF 46") is a word of the product's name, not the product.
    return option.start < span.start && (oneWord || !(makerBefore(answer.slice(option.start, span.start)) && modelAfter(option)));
  });
}

/** A maker's name is a word or two ("Garmin", "The North Face"); more before a name makes it part of a longer one. */
const makerBefore = (text: string) =>
  text
    .trim()
    .split(SPACES)
    .filter((word) => word.toLowerCase() !== 'the').length <= 2;

/** A numbered slot's number, with the bold around its lead: "2. ", "**2.** ", "2) **". */
const SLOT_NUMBER = /^[\s*_]*\d{1,2}[.)][\s*_]*/u;

/**
 * The name leads a numbered heading or list item whose numbered siblings (two or more) lead with options:
 * "### 2. Black Diamond Distance Carbon" among "### 1. Leki Makalu FX Carbon" and "### 3. Gossamer Gear LT5"
 * presents an option there, whatever its words ("### 2. Battery Life" among labels does not).
 */
function leadsANumberedSlot(answer: string, span: NameSpan, layout: AnswerLayout, options: readonly OptionName[]): boolean {
  const unit = layout.unitAt(span.start);
  if (!unit || (unit.kind !== 'heading' && unit.kind !== 'item')) return false;
  // Where a numbered slot's lead starts: after its written number ("### 2. "), or its markup where the list numbers it.
  const leadOf = (slot: Unit) => {
    const text = answer.slice(slot.textStart, slot.end);
    const number = SLOT_NUMBER.exec(text);
    if (number) return slot.textStart + number[0].length;
    return layout.blocks[slot.id]?.ordinal === undefined ? undefined : slot.textStart + /^[\s*_]*/u.exec(text)![0].length;
  };
  if (leadOf(unit) !== span.start) return false;
  const level = (slot: Unit) => layout.blocks[slot.id]?.level ?? layout.blocks[slot.id]?.depth;
  const siblings = layout.units.filter((slot) => slot.id !== unit.id && slot.kind === unit.kind && level(slot) === level(unit));
  const optionLeads = new Set(options.map((option) => option.start));
  return (
    siblings.filter((slot) => {
      const lead = leadOf(slot);
      return lead !== undefined && optionLeads.has(lead);
    }).length >= 2
  );
}

/** As the brand writes itself: the same letters in the same case (a form given in lower case also in title case). */
function writtenAsBrand(written: string, form: string): boolean {
  if (written === form) return true;
  const titled = form.replace(/(^|\s)(\p{Ll})/gu, (_match, space: string, letter: string) => space + letter.toUpperCase());
  return form === form.toLowerCase() && written === titled;
}

/** The occurrence opens a sentence, a line or a clause, or stands in a title-cased line, where any word has a capital. */
function capitalMayBePositional(answer: string, span: NameSpan, layout: AnswerLayout): boolean {
  const unit = layout.unitAt(span.start);
  const lineStart = answer.lastIndexOf('\n', span.start - 1) + 1;
  const lineEnd = answer.indexOf('\n', span.start);
  const line = answer.slice(lineStart, lineEnd < 0 ? answer.length : lineEnd);
  if (unit?.kind === 'heading' || unit?.kind === 'header' || isTitleCased(line)) return true;
  // A second capitalised word ("Best Buy") is no sentence's doing.
  if (/\s\p{Lu}/u.test(answer.slice(span.start, span.end))) return false;
  return startsSentence(answer, span.start, lineStart);
}

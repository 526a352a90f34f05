import { hasCjk } from '../../shared/language/cjk';
import { compareText } from '../../shared/text';
import { CJK_CONTRAST, CONTRAST_WORDS, saysNotKnown } from '../../shared/language/clauses';
import { urlsInText } from '../../shared/canonical-url';
import { isOnSite } from '../../shared/site-host';
import { layoutOf, startsSentence, type AnswerLayout, type Unit } from './answer-layout';
import { findNames, matchableText, withoutMarkup, type NameSpan } from '../names';
import { MODEL_SUFFIX } from './name-words';
import { endsWithPlaceLead } from './cues';
import { distinctOptions } from './distinct-options';
import { optionNames, readOptions, type Dropped, type OptionName } from './option-names';
import { isOrdinaryPhrase, isOrdinaryWord, isTitleCased } from './ordinary-words';
import { sentimentOf, type Sentiment } from '../sentiment';
import { ranksBySlots, type Occurrence } from './slots';

/**
 * Reads one assistant answer for a brand diagnosis (docs/DESIGN.md "Reading an answer"): does it name the
 * brand as a name, at which rank among the options it presents, does it cite the brand's site, and
 * which options (entities) it presents. Pure and deterministic; runs in the ask activity.
 *
 * Rank: the option's place among the slots that present options (slots.ts); a name met only in an
 * introduction, a paragraph, a quotation or a "where to buy" aside is mentioned with no rank.
 */

export interface BrandAnswerInput {
  answer: string;
  citations: readonly string[];
  brand: string;
  aliases: readonly string[];
  domain?: string;
  competitors: readonly string[];
  /** The question the answer answers: names it holds are echoes, not options the answer presents. */
  question?: string;
}

export interface NamedEntity {
  name: string;
  rank: number;
}

export interface BrandAnswerVerdict {
  /** The answer names no option and says it does not know: listed, not counted. */
  noAnswer: boolean;
  mentioned: boolean;
  rank: number | null;
  firstRecommended: boolean;
  brandCited: boolean;
  /** The options the answer presents, given competitors included, best rank first (the brand excluded). */
  entities: NamedEntity[];
  /** How the answer speaks of the brand where it first presents it, and the clause that says so; only when mentioned. */
  sentiment?: Sentiment;
  sentimentEvidence?: string;
}

/** Far beyond any answer; keeps the work bounded. */
const MAX_ANSWER_CHARS = 60_000;
const MAX_ENTITIES = 30;

export function analyseBrandAnswer(input: BrandAnswerInput): BrandAnswerVerdict {
  const answer = input.answer.slice(0, MAX_ANSWER_CHARS);
  const layout = layoutOf(answer);
  const sentences = sentenceRanges(answer);
  // Only the sentences that hold a name are asked whether they say the assistant does not know it.
  const saysSo = new Map<number, boolean>();
  const notKnown = (index: number) => {
    let verdict = saysSo.get(index);
    if (verdict === undefined) {
      verdict = saysNotKnown(answer.slice(sentences[index]!.start, sentences[index]!.end));
      saysSo.set(index, verdict);
    }
    return verdict;
  };
  const inAbsentSentence = (offset: number) => {
    const index = rangeAt(sentences, offset);
    return index !== undefined && notKnown(index);
  };

  const options = optionNames({ answer, layout, question: input.question, citations: input.citations }).filter(
    (option) => !inAbsentSentence(option.start),
  );
  const brandForms = [input.brand, ...input.aliases];
  const spans = findNames(matchableText(answer), [
    { key: BRAND, names: brandForms },
    ...input.competitors.map((competitor) => ({ key: `${COMPETITOR}${competitor}`, names: [competitor] })),
  ]).filter((span) => !inAbsentSentence(span.start) && !insideLongerName(span, options, answer));
  const named = namedSpans(withoutMarkup(answer), spans, layout, options);

  // Every place the brand, a given competitor or another option is named; each is ranked where a slot first presents it.
  const occurrences: Occurrence[] = named.map((span) => ({
    key: span.key,
    at: span.start,
    end: span.end,
    name: span.key === BRAND ? input.brand : span.key.slice(COMPETITOR.length),
  }));
  const mentioned = named.some((span) => span.key === BRAND);
  const names = {
    own: brandForms,
    ownKey: BRAND,
    competitors: input.competitors,
    competitorKey: (name: string) => `${COMPETITOR}${name}`,
    placeToBuy: (at: number) => endsWithPlaceLead(answer.slice(answer.lastIndexOf('\n', at - 1) + 1, at)),
  };
  for (const option of distinctOptions(options, names))
    // The maker of the brand's product presents the brand only where the answer names the brand itself.
    if (option.key !== BRAND || mentioned)
      for (const at of option.occurrences) occurrences.push({ key: option.key, at, name: option.name });
  const ranks = ranksBySlots(answer, layout, occurrences, asksForStores(input.question));
  const brandRank = ranks.get(BRAND)?.rank ?? null;
  const entities = [...ranks.entries()]
    .filter(([key]) => key !== BRAND)
    .map(([key, ranked]) => ({ name: key.startsWith(COMPETITOR) ? key.slice(COMPETITOR.length) : ranked.name, rank: ranked.rank }))
    .sort((a, b) => a.rank - b.rank || compareText(a.name, b.name))
    .slice(0, MAX_ENTITIES);
  const brandAt = ranks.get(BRAND)?.at ?? named.find((span) => span.key === BRAND)?.start;

  const reading = brandAt !== undefined ? readSentiment(answer, layout, sentences, brandAt) : undefined;
  return {
    noAnswer: !mentioned && entities.length === 0 && sentences.some((_, index) => notKnown(index)),
    mentioned,
    rank: brandRank,
    firstRecommended: brandRank === 1,
    brandCited: input.domain ? citesDomain(answer, input.citations, input.domain) : false,
    entities,
    ...(reading ? { sentiment: reading.sentiment, sentimentEvidence: reading.evidence } : {}),
  };
}

/** The candidates the name rules dropped in an answer, each with the rule and why (for reading misses). */
export function droppedCandidates(answer: string, question?: string): Dropped[] {
  const text = answer.slice(0, MAX_ANSWER_CHARS);
  return readOptions({ answer: text, layout: layoutOf(text), citations: [], ...(question ? { question } : {}) }).dropped;
}

/** Read from the text that presents the option at `at`: its list item or table row, the text under its heading, or its sentence. */
function readSentiment(answer: string, layout: AnswerLayout, sentences: readonly Range[], at: number) {
  const unit = layout.unitAt(at);
  if (unit && (unit.kind === 'item' || unit.kind === 'row')) return sentimentOf(answer.slice(unit.start, unit.end));
  if (unit?.kind === 'heading') {
    const next = layout.units[unit.id + 1];
    return sentimentOf(answer.slice(unit.start, next && next.kind !== 'heading' ? next.end : unit.end));
  }
  const index = rangeAt(sentences, at);
  const sentence = index === undefined ? undefined : sentences[index];
  return sentimentOf(sentence ? answer.slice(sentence.start, sentence.end) : answer.slice(at, at + 200));
}

/** "where to buy running shoes near me", "which store sells…": a question whose options are stores. */
const asksForStores = (question: string | undefined) =>
  question !== undefined && /\b(?:where|stores?|shops?|retailers?|near me|sells?)\b|\bbuy (?:online|from)\b/iu.test(question);

const BRAND = 'brand';
const COMPETITOR = 'competitor:';

/**
 * Where the answer names the brand (or an alias) as the reader counts it: the spans a report page
 * marks, so that a page never highlights "clear pricing" for the brand Clear.
 */
export function brandMentions(text: string, brand: string, aliases: readonly string[]): { start: number; end: number }[] {
  const answer = text.slice(0, MAX_ANSWER_CHARS);
  const layout = layoutOf(answer);
  const options = optionNames({ answer, layout, citations: [] });
  const spans = findNames(matchableText(answer), [{ key: BRAND, names: [brand, ...aliases] }]).filter(
    (span) => !insideLongerName(span, options, answer),
  );
  return namedSpans(withoutMarkup(answer), spans, layout, options).map(({ start, end }) => ({ start, end }));
}

/**
 * A name inside a longer option's name is that option's ("Crest" in "Lauren Crest Patch Jacket"), unless
 * it opens it as its maker ("Lenovo ThinkPad") or is the product the maker's name stands before, with at
 * most a model number or grade after it ("VivoBook 15" in "ASUS VivoBook 15 OLED", "Forerunner 255" in
 * "Garmin Forerunner 255").
 */
function insideLongerName(span: NameSpan, options: readonly OptionName[], answer: string): boolean {
  return options.some(
    (option) =>
      option.start < span.start &&
      option.end >= span.end &&
      !(
        makerBefore(answer.slice(option.start, span.start)) &&
        answer
          .slice(span.end, option.end)
          .split(/\s+/u)
          .every((word) => word === '' || isModelWord(word))
      ),
  );
}

/** A maker's name is a word or two ("Garmin", "The North Face"); more before a name makes it part of a longer one. */
const makerBefore = (text: string) =>
  text
    .trim()
    .split(/\s+/u)
    .filter((word) => word.toLowerCase() !== 'the').length <= 2;

/** What follows a product's name inside its full name without making it another product: "15", "OLED", "Pro", "5G", "(2024)", "SE". */
const isModelWord = (word: string) =>
  MODEL_SUFFIX.test(word) || /^(?:\(?\d{2,4}\)?|[\p{L}\p{N}]*\d[\p{L}\p{N}+%-]*|[A-Z]{2,5}\+?|se|fe)$/iu.test(word);

/**
 * The occurrences that stand as names. A name spelled like ordinary words ("Clear", "Crucial",
 * "Best Buy") counts only written as the brand writes itself, never inside a hyphenated word
 * ("Mini-LED", "snap-back"); where its capital may only open a sentence or a title-cased line, it
 * counts when it stands alone (an item's lead, a heading, a bold name), when a model name follows
 * ("Crucial P3"), or when the answer names it mid-sentence elsewhere.
 */
function namedSpans(answer: string, spans: readonly NameSpan[], layout: AnswerLayout, options: readonly OptionName[]): NameSpan[] {
  const verdicts = spans.map((span) => ({ span, ...nameUse(answer, span, layout, options) }));
  const attested = new Set(verdicts.filter((verdict) => verdict.use === 'name').map((verdict) => verdict.span.form));
  return verdicts.filter(({ span, use }) => use === 'name' || (use === 'ambiguous' && attested.has(span.form))).map(({ span }) => span);
}

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

function nameUse(
  answer: string,
  span: NameSpan,
  layout: AnswerLayout,
  options: readonly OptionName[],
): { use: 'name' | 'ambiguous' | 'word' } {
  const form = span.form.normalize('NFKC');
  if (hasCjk(form) || !isOrdinaryPhrase(form)) return { use: 'name' };
  const written = answer.slice(span.start, span.end).normalize('NFKC').replace(/\s+/gu, ' ');
  if (!writtenAsBrand(written, form)) return { use: 'word' };
  if (/^[-‐]\p{L}/u.test(answer.slice(span.end, span.end + 2)) || /\p{L}[-‐]$/u.test(answer.slice(Math.max(0, span.start - 2), span.start)))
    return { use: 'word' };
  if (!capitalMayBePositional(answer, span, layout) || leadsANumberedSlot(answer, span, layout, options)) return { use: 'name' };
  const after = answer.slice(span.end, span.end + 40);
  const standsAlone = /^(?:\*\*|__|\])?\s*(?:$|\n|[:：|]|\s[–—-]\s|\*\*|__|\s*\()/u.test(after);
  const modelFollows = /^\s+(\S+)/u.exec(after)?.[1]?.replace(/[,.;:!?)]+$/u, '');
  return {
    use:
      standsAlone || (modelFollows !== undefined && /^\p{Lu}|\p{N}/u.test(modelFollows) && !isOrdinaryWord(modelFollows))
        ? 'name'
        : 'ambiguous',
  };
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

/**
 * Where a sentence, a line or a clause ends. Clauses too: in "I don't know X, but Y is popular" only
 * the first half says X is unknown; the turn is the classifier's own list of contrast words, in the
 * languages it reads.
 */
const CLAUSE_BOUNDARY = new RegExp(
  `[.!?。！？]+(?=\\s|$)|\\n+|[;；]|,\\s+(?=(?:${CONTRAST_WORDS})(?![\\p{L}\\p{N}]))|，(?=${CJK_CONTRAST})`,
  'giu',
);

interface Range {
  start: number;
  end: number;
}

/** Sentence and line ranges: a name in one that says the assistant does not know it is not a mention. */
function sentenceRanges(answer: string): Range[] {
  const ranges: Range[] = [];
  let start = 0;
  for (const match of answer.matchAll(CLAUSE_BOUNDARY)) {
    const end = match.index + match[0].length;
    ranges.push({ start, end });
    start = end;
  }
  if (start < answer.length) ranges.push({ start, end: answer.length });
  return ranges;
}

/** The range holding `at`, of ranges in order that do not overlap. */
function rangeAt(ranges: readonly Range[], at: number): number | undefined {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle]!;
    if (at < range.start) high = middle - 1;
    else if (at >= range.end) low = middle + 1;
    else return middle;
  }
  return undefined;
}

/** A cited URL, or a URL in the text, on the brand's domain or one of its subdomains. */
function citesDomain(answer: string, citations: readonly string[], domain: string): boolean {
  return [...citations, ...urlsInText(answer)].some((url) => isOnSite(url, domain));
}

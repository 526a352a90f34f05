import { compareText } from '../../shared/text';
import { urlsInText } from '../../shared/canonical-url';
import { isOnSite } from '../../shared/site-host';
import { layoutOf, type AnswerLayout } from './answer-layout';
import { clausesOf, rangeAt, type Range } from './clauses';
import { READER } from './configuration';
import { findNames, matchableText, withoutMarkup } from './names';
import { endsWithPlaceLead } from './cues';
import { distinctOptions } from './distinct-options';
import { unescapeMarkdown } from './escapes';
import { SAID_NOT_KNOWN } from './mention-rules';
import { optionNames, readOptions, type Dropped } from './option-names';
import { sift, type Decision } from './rule';
import { sentimentOf, type Sentiment } from './sentiment';
import { ranksBySlots, type Occurrence } from './slots';

/**
 * Reads one assistant answer for a brand diagnosis (docs/brand-reader.md): does it name the
 * brand as a name, at which rank among the options it presents, does it cite the brand's site, and
 * which options (entities) it presents. Pure and deterministic; runs in the ask activity.
 *
 * Rank: the option's place among the slots that present options (slots.ts), an introduction's namings
 * included as the labelling rules count them; a name in a quotation or a "where to buy" aside is mentioned
 * with no rank. The stages and their rules are configuration.ts's.
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

/** Why the reader read a name as it did: each candidate dropped, each naming left without a rank or not counted as a mention. */
export interface ReadingTrace {
  dropped: Dropped[];
  /** An occurrence a slot rule set aside: its option is ranked at a later slot, or nowhere. */
  unranked: (Decision & { name: string; at: number })[];
  /** An occurrence of the brand's or a given competitor's name a mention rule did not count. */
  notMentions: (Decision & { name: string; at: number })[];
}

/** Far beyond any answer; keeps the work bounded. */
const MAX_ANSWER_CHARS = 60_000;
const MAX_ENTITIES = 30;

export function analyseBrandAnswer(input: BrandAnswerInput): BrandAnswerVerdict {
  return readBrandAnswer(input).verdict;
}

/** The verdict, and the reasons behind it (`npm run bench:brand-answers -- --misses`). */
export function readBrandAnswer(input: BrandAnswerInput): { verdict: BrandAnswerVerdict; trace: ReadingTrace } {
  const answer = unescapeMarkdown(input.answer.slice(0, MAX_ANSWER_CHARS)).text;
  const layout = layoutOf(answer);
  const clauses = clausesOf(answer);
  const trace: ReadingTrace = { dropped: [], unranked: [], notMentions: [] };

  const { options, dropped } = readOptions({
    answer,
    layout,
    question: input.question,
    citations: input.citations,
    saysNotKnownAt: clauses.saysNotKnownAt,
  });
  trace.dropped = dropped;
  const brandForms = [input.brand, ...input.aliases];
  const nameOf = (key: string) => (key === BRAND ? input.brand : key.slice(COMPETITOR.length));
  const spans = findNames(matchableText(answer), [
    { key: BRAND, names: brandForms },
    ...input.competitors.map((competitor) => ({ key: `${COMPETITOR}${competitor}`, names: [competitor] })),
  ]);
  const named = sift(READER.mentionRules, spans, { answer, text: withoutMarkup(answer), layout, options, clauses }, (span, decision) =>
    trace.notMentions.push({ name: nameOf(span.key), at: span.start, ...decision }),
  );

  // Every place the brand, a given competitor or another option is named; each is ranked where a slot first presents it.
  const occurrences: Occurrence[] = named.map((span) => ({ key: span.key, at: span.start, end: span.end, name: nameOf(span.key) }));
  const mentioned = named.some((span) => span.key === BRAND);
  const names = {
    own: brandForms,
    ownKey: BRAND,
    competitors: input.competitors,
    competitorKey: (name: string) => `${COMPETITOR}${name}`,
    placeToBuy: (at: number) => endsWithPlaceLead(answer.slice(answer.lastIndexOf('\n', at - 1) + 1, at)),
  };
  const distinct = distinctOptions(options, names);
  const presented = sift(READER.distinctRules, distinct, { options: distinct, mentioned, ownKey: BRAND }, (option, decision) =>
    trace.unranked.push({ name: option.name, at: option.occurrences[0]!, ...decision }),
  );
  for (const option of presented) for (const at of option.occurrences) occurrences.push({ key: option.key, at, name: option.name });
  const ranks = ranksBySlots(answer, layout, occurrences, {
    storesAsked: asksForStores(input.question),
    rules: READER.slotRules,
    setAside: (occurrence, decision) => trace.unranked.push({ name: occurrence.name, at: occurrence.at, ...decision }),
  });
  const brandRank = ranks.get(BRAND)?.rank ?? null;
  const ranked = [...ranks.entries()]
    .filter(([key]) => key !== BRAND)
    .map(([key, { name, rank, at }]) => ({ name: key.startsWith(COMPETITOR) ? key.slice(COMPETITOR.length) : name, rank, at }))
    .sort((a, b) => a.rank - b.rank || compareText(a.name, b.name));
  // A bound, not a judgement: the options beyond it are set aside with the bound as their reason.
  for (const { name, at } of ranked.slice(MAX_ENTITIES))
    trace.unranked.push({ name, at, rule: 'entity-bound', why: `beyond the first ${MAX_ENTITIES} options` });
  const entities = ranked.slice(0, MAX_ENTITIES).map(({ name, rank }) => ({ name, rank }));
  const brandAt = ranks.get(BRAND)?.at ?? named.find((span) => span.key === BRAND)?.start;

  const reading = brandAt !== undefined ? readSentiment(answer, layout, clauses.ranges, brandAt) : undefined;
  const verdict = {
    noAnswer: !mentioned && entities.length === 0 && clauses.anySaysNotKnown(),
    mentioned,
    rank: brandRank,
    firstRecommended: brandRank === 1,
    brandCited: input.domain ? citesDomain(answer, input.citations, input.domain) : false,
    entities,
    ...(reading ? { sentiment: reading.sentiment, sentimentEvidence: reading.evidence } : {}),
  };
  return { verdict, trace };
}

/** The candidates the name rules dropped in an answer, each with the rule and why (for reading misses). */
export function droppedCandidates(answer: string, question?: string): Dropped[] {
  const text = unescapeMarkdown(answer.slice(0, MAX_ANSWER_CHARS)).text;
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
  const unescaped = unescapeMarkdown(text.slice(0, MAX_ANSWER_CHARS));
  const answer = unescaped.text;
  const layout = layoutOf(answer);
  const options = optionNames({ answer, layout, citations: [] });
  const spans = findNames(matchableText(answer), [{ key: BRAND, names: [brand, ...aliases] }]);
  // Every mention rule but the clause that says the assistant does not know: the page marks the name there too.
  const rules = READER.mentionRules.filter((rule) => rule.name !== SAID_NOT_KNOWN.name);
  const clauses = clausesOf(answer);
  return sift(rules, spans, { answer, text: withoutMarkup(answer), layout, options, clauses }, () => undefined).map(({ start, end }) => ({
    start: unescaped.originOf(start),
    end: unescaped.originOf(end - 1) + 1,
  }));
}

/** A cited URL, or a URL in the text, on the brand's domain or one of its subdomains. */
function citesDomain(answer: string, citations: readonly string[], domain: string): boolean {
  return [...citations, ...urlsInText(answer)].some((url) => isOnSite(url, domain));
}

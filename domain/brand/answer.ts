import { CJK_CONTRAST, CONTRAST_WORDS, saysNotKnown } from '../site/answer-classifier/clauses';
import { urlsInText } from '../shared/canonical-url';
import { isOnSite } from '../shared/site-host';
import { findNames, foldName, matchableText } from './names';

/**
 * Reads one assistant answer for a brand diagnosis: does it name the brand, at which rank, does it
 * cite the brand's site, and which options (entities) does it name. Pure and deterministic.
 *
 * Rank: an answer with list items (`1.`, `1)`, `-`, `*`, `•`, `a)`, or markdown table rows) ranks a
 * name by the first top-level item naming it (names in one item tie); a name only in prose, or an
 * answer without items, ranks by the order of first mentions.
 */

export interface BrandAnswerInput {
  answer: string;
  citations: readonly string[];
  brand: string;
  aliases: readonly string[];
  domain?: string;
  competitors: readonly string[];
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
  /** The options the answer names, given competitors included, best rank first (the brand excluded). */
  entities: NamedEntity[];
}

/** Far beyond any answer; keeps the work bounded. */
const MAX_ANSWER_CHARS = 60_000;
/** A leading name longer than this is a sentence, not a name. */
const MAX_NAME_WORDS = 5;
const MAX_ENTITIES = 30;

const ITEM = /^(\s*)(?:\d{1,3}[.)]|[-*•+‣◦]|[a-z][.)])\s+/u;
const TABLE_ROW = /^\s*\|(.+)\|\s*$/u;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}/u;
const HEADING = /^\s{0,3}#{1,6}\s+/u;

/** Words that lead list items or stand in bold without being the name of an option. */
const GENERIC = new Set(
  [
    'pros', 'cons', 'pricing', 'price', 'prices', 'cost', 'features', 'key features', 'best for', 'ideal for', 'summary', 'overview', 'conclusion', 'note',
    'notes', 'tip', 'tips', 'verdict', 'bottom line', 'final thoughts', 'recommendation', 'recommendations', 'option', 'options', 'alternatives', 'why',
    'how', 'what', 'when', 'who', 'example', 'examples', 'free', 'free plan', 'free tier', 'paid', 'ease of use', 'integrations', 'support', 'security',
    'scalability', 'collaboration', 'reporting', 'customization', 'customisation', 'tool', 'tools', 'name', 'platform', 'rating', 'ratings', 'reviews',
    'strengths', 'weaknesses', 'drawbacks', 'downsides', 'use case', 'use cases', 'best', 'top', 'other', 'others', 'also', 'however', 'important',
    'key takeaways', 'takeaways', 'sources', 'references', 'disclaimer', 'budget', 'team size', 'considerations', 'factors', 'criteria', 'table',
    '总结', '优点', '缺点', '价格', '功能', '适合', '推荐', '结论', '注意',
  ].map(foldName),
);

interface Segment {
  /** Offsets into the answer. */
  start: number;
  end: number;
  /** 0 for text outside items; else 1 + the index of the top-level item it belongs to. */
  item: number;
  /** The item's leading name, if it has one. */
  lead?: string;
}

export function analyseBrandAnswer(input: BrandAnswerInput): BrandAnswerVerdict {
  const answer = input.answer.slice(0, MAX_ANSWER_CHARS);
  const segments = readSegments(answer);
  const absent = sentenceRanges(answer).filter((range) => saysNotKnown(answer.slice(range.start, range.end)));
  const inAbsentSentence = (offset: number) => absent.some((range) => offset >= range.start && offset < range.end);

  // The options the answer names: items' leading names, bold names, headings.
  const candidates = [
    ...segments.flatMap((segment) => (segment.lead ? [{ name: segment.lead, at: segment.start }] : [])),
    ...[...answer.matchAll(/\*\*([^*\n]{2,80})\*\*|__([^_\n]{2,80})__/gu)].map((match) => ({ name: cleanName(match[1] ?? match[2] ?? ''), at: match.index })),
    ...[...answer.matchAll(/^\s{0,3}#{1,6}\s+(.+)$/gmu)].map((match) => ({ name: cleanName(match[1]!), at: match.index })),
  ].filter((candidate) => !inAbsentSentence(candidate.at));

  // The brand and the given competitors by name; option names take part only to claim their longer
  // spans, so that the brand inside a competitor's name is the competitor's.
  const names = [
    { key: BRAND, names: [input.brand, ...input.aliases] },
    ...input.competitors.map((competitor) => ({ key: `${COMPETITOR}${competitor}`, names: [competitor] })),
    ...candidates.map((candidate) => ({ key: OPTION, names: [candidate.name] })),
  ];
  const spans = findNames(matchableText(answer), names).filter((span) => span.key !== OPTION && !inAbsentSentence(span.start));

  const itemOf = (offset: number) => segments.find((segment) => offset >= segment.start && offset < segment.end)?.item ?? 0;
  // Where each name first occurs, and the first item it leads or, failing that, appears in: "1. Asana –
  // exports to Acme Plan; 2. **Acme Plan**" recommends Acme Plan second, not first.
  const occurrences = new Map<string, { name: string; at: number; item: number; ledItem: number }>();
  const occur = (key: string, name: string, at: number, leads: boolean) => {
    const item = itemOf(at);
    const seen = occurrences.get(key) ?? { name, at, item: 0, ledItem: 0 };
    occurrences.set(key, seen);
    seen.at = Math.min(seen.at, at);
    if (item > 0 && (seen.item === 0 || item < seen.item)) seen.item = item;
    if (leads && item > 0 && (seen.ledItem === 0 || item < seen.ledItem)) seen.ledItem = item;
  };
  const leaderOfItem = new Map(segments.flatMap((segment) => (segment.lead ? [[segment.item, entityKey(segment.lead, input)] as const] : [])));
  const leadOf = (key: string, at: number) => leaderOfItem.get(itemOf(at)) === key;
  for (const span of spans) {
    const key = span.key;
    occur(key, key === BRAND ? input.brand : key.slice(COMPETITOR.length), span.start, leadOf(key, span.start));
  }
  for (const candidate of candidates) {
    const key = entityKey(candidate.name, input);
    if (key) occur(key, candidate.name, candidate.at, leadOf(key, candidate.at));
  }
  for (const occurrence of occurrences.values()) if (occurrence.ledItem > 0) occurrence.item = occurrence.ledItem;

  const ranks = rankNames(occurrences, segments.reduce((most, segment) => Math.max(most, segment.item), 0));
  const brandRank = ranks.get(BRAND) ?? null;
  const mentioned = brandRank !== null;
  const entities = [...ranks.entries()]
    .filter(([key]) => key !== BRAND)
    .map(([key, rank]) => ({ name: occurrences.get(key)!.name, rank }))
    .sort((a, b) => a.rank - b.rank || (a.name < b.name ? -1 : 1))
    .slice(0, MAX_ENTITIES);

  return {
    noAnswer: !mentioned && entities.length === 0 && absent.length > 0,
    mentioned,
    rank: brandRank,
    firstRecommended: brandRank === 1,
    brandCited: input.domain ? citesDomain(answer, input.citations, input.domain) : false,
    entities,
  };
}

const BRAND = 'brand';
const COMPETITOR = 'competitor:';
const OPTION = 'option';

/** Which name a candidate option is: the brand, a given competitor, another option, or nothing (generic words). */
function entityKey(name: string, input: BrandAnswerInput): string | undefined {
  const folded = foldName(name);
  if (!folded || GENERIC.has(folded) || folded.split(' ').length > MAX_NAME_WORDS || !/[\p{L}]/u.test(folded)) return undefined;
  if ([input.brand, ...input.aliases].some((form) => foldName(form) === folded)) return BRAND;
  const competitor = input.competitors.find((form) => foldName(form) === folded);
  if (competitor) return `${COMPETITOR}${competitor}`;
  return `entity:${folded}`;
}

/**
 * Ranks (DESIGN.md): in an answer with items, 1 + the index of the first item naming the name (names
 * in one item tie), and names found only outside items after every item, in order of first mention;
 * in an answer without items, the order of first mention.
 */
function rankNames(occurrences: ReadonlyMap<string, { at: number; item: number }>, items: number): Map<string, number> {
  const ranks = new Map<string, number>();
  const outside = [...occurrences.entries()].filter(([, occurrence]) => occurrence.item === 0).sort(([, a], [, b]) => a.at - b.at);
  for (const [key, occurrence] of occurrences) if (occurrence.item > 0) ranks.set(key, occurrence.item);
  outside.forEach(([key], index) => ranks.set(key, items + index + 1));
  return ranks;
}

/** The answer cut into top-level list items (nested lines belong to their item), table rows and prose. */
function readSegments(answer: string): Segment[] {
  const segments: Segment[] = [];
  let offset = 0;
  let item = 0;
  let itemIndent = -1;
  let inItem = false;
  let tableHeaderSeen = false;
  for (const line of answer.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    const marker = ITEM.exec(line);
    const row = TABLE_ROW.exec(line);
    if (row) {
      if (TABLE_RULE.test(line)) {
        tableHeaderSeen = true;
        continue;
      }
      // The row before the rule is the table's header, not an option.
      const nextIsRule = TABLE_RULE.test(answer.slice(offset).split('\n', 1)[0] ?? '');
      if (nextIsRule || !tableHeaderSeen) {
        segments.push({ start, end: offset, item: 0 });
        continue;
      }
      item += 1;
      inItem = false;
      segments.push({ start, end: offset, item, lead: cleanName(row[1]!.split('|')[0] ?? '') });
      continue;
    }
    tableHeaderSeen = false;
    if (marker && (itemIndent < 0 || marker[1]!.length <= itemIndent || !inItem)) {
      item += 1;
      inItem = true;
      itemIndent = marker[1]!.length;
      segments.push({ start, end: offset, item, lead: leadingName(line.slice(marker[0].length)) });
      continue;
    }
    const continues = inItem && line.trim() !== '' && (marker !== null || /^\s+/u.test(line));
    if (continues) {
      segments.push({ start, end: offset, item });
      continue;
    }
    if (line.trim() !== '' && !HEADING.test(line)) {
      inItem = false;
      itemIndent = -1;
    }
    segments.push({ start, end: offset, item: inItem ? item : 0 });
  }
  return segments;
}

/** The name an item opens with: bold, a link's text, or the words before a dash or colon. */
function leadingName(rest: string): string | undefined {
  const bold = /^\s*(?:\*\*|__)([^*_\n]{1,80})(?:\*\*|__)/u.exec(rest);
  if (bold) return cleanName(bold[1]!);
  const link = /^\s*\[([^\]\n]{1,80})\]\(/u.exec(rest);
  if (link) return cleanName(link[1]!);
  const before = /^\s*([^:–—\n]{1,60}?)\s*(?::|\s[–—-]\s)/u.exec(rest);
  if (before) return cleanName(before[1]!);
  return undefined;
}

function cleanName(name: string): string {
  return name
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/[*_`]/gu, '')
    .replace(/^\s*\d{1,3}[.)]\s*/u, '')
    .replace(/\s*\(.*\)\s*$/u, '')
    .replace(/[\s:：,.;–—-]+$/u, '')
    .trim();
}

/**
 * Where a sentence, a line or a clause ends. Clauses too: in "I don't know X, but Y is popular" only
 * the first half says X is unknown; the turn is the classifier's own list of contrast words, in the
 * languages it reads.
 */
const CLAUSE_BOUNDARY = new RegExp(`[.!?。！？]+(?=\\s|$)|\\n+|[;；]|,\\s+(?=(?:${CONTRAST_WORDS})(?![\\p{L}\\p{N}]))|，(?=${CJK_CONTRAST})`, 'giu');

/** Sentence and line ranges: a name in one that says the assistant does not know it is not a mention. */
function sentenceRanges(answer: string): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  let start = 0;
  for (const match of answer.matchAll(CLAUSE_BOUNDARY)) {
    const end = match.index + match[0].length;
    ranges.push({ start, end });
    start = end;
  }
  if (start < answer.length) ranges.push({ start, end: answer.length });
  return ranges;
}


/** A cited URL, or a URL in the text, on the brand's domain or one of its subdomains. */
function citesDomain(answer: string, citations: readonly string[], domain: string): boolean {
  return [...citations, ...urlsInText(answer)].some((url) => isOnSite(url, domain));
}

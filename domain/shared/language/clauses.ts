import { truncate } from '../text';
import { ADVICE_PATTERN, FILLER_PATTERN, REFUSAL_PATTERN, SPECULATION_PATTERN } from './phrases';
import { countCjk } from './cjk';

/**
 * An answer cut into clauses (sentences, list items, both halves of "X, but Y"), each classified:
 * refusal, advice, speculation, filler, question, fragment or description. List items under an
 * advice or speculation lead-in ("This could be because:") count as the lead-in.
 */

/** "but" and its kin: where one sentence turns into another clause ("I don't know X, but based on the name…"). */
export const CONTRAST_WORDS = [
  'but',
  'however',
  'although',
  'though',
  'yet',
  'pero',
  'sin embargo',
  'mais',
  'cependant',
  'toutefois',
  'aber',
  'jedoch',
  'doch',
  'mas',
  'porém',
  'contudo',
  'ma',
  'però',
  'tuttavia',
  'но',
  'однако',
].join('|');
export const CJK_CONTRAST = '但是|(?<!不)但|不过|不過|然而|可是';
const CONTRAST = new RegExp(
  `[,;]\\s*(?:${CONTRAST_WORDS})(?![\\p{L}\\p{N}]),?\\s*|;\\s*|[，,]?\\s*(?:${CJK_CONTRAST})[，,]?|(?<=[ぁ-ん])が、|しかし、?`,
  'iu',
);

/** Caveats that open a clause; what follows is judged on its own ("As of my last update, Etsy is…"). */
const OPENING_CAVEATS = [
  'as of (?:my )?(?:last |latest |most recent )?(?:knowledge )?(?:update|cut-?off|training(?: data)?)(?: (?:date|in [a-z]+ \\d{4}|in \\d{4}))?',
  'as of (?:[a-z]+ )?\\d{4}',
  'to (?:the best of )?my knowledge',
  "as far as i (?:know|am aware|'m aware)",
  'based on (?:my )?(?:training data|knowledge|what i know|available information)',
  'according to (?:the )?(?:search results|sources|available sources|its website|public sources|available information)',
];
const OPENING_CAVEAT = new RegExp(
  `^(?:(?:${CONTRAST_WORDS}|that said|still|nevertheless|${CJK_CONTRAST}|しかし)(?![\\p{L}\\p{N}])[,，、]?\\s*)?(?:(?:${OPENING_CAVEATS.join('|')})[,，]?\\s*)?`,
  'iu',
);

/** "Reviews: search Trustpilot…" is judged by what follows the short label. */
const SHORT_LABEL = /^[^:.!?]{1,40}:\s+(?=\S)/u;
const HEADING_MARKER = /^\s{0,3}#{1,6}\s+/u;
const LIST_MARKER = /^\s*(?:[-*+•‣◦]|\d{1,3}[.)])\s+/u;

export type ClauseKind = 'refusal' | 'advice' | 'speculation' | 'filler' | 'question' | 'fragment' | 'description';

export interface Clause {
  text: string;
  kind: ClauseKind;
  /** The phrase that decided the kind, for the reasons. */
  evidence: string;
}

/**
 * Whether a sentence says the assistant does not know or could not find something ("I couldn't find
 * any information about Acme", "我没有找到关于…的信息"): a name in it is not a mention.
 */
export function saysNotKnown(sentence: string): boolean {
  return REFUSAL_PATTERN.test(cleanInline(normaliseText(sentence)));
}

export function readClauses(answer: string): Clause[] {
  const clauses: Clause[] = [];
  // Advice or speculation that ends with a colon ("This could be because:") colours the list below it.
  let leadIn: ClauseKind | undefined;
  for (const rawLine of normaliseText(answer).split('\n')) {
    const heading = HEADING_MARKER.test(rawLine);
    const withoutHeading = rawLine.replace(HEADING_MARKER, '').replace(/^\s*>\s?/u, '');
    const listItem = LIST_MARKER.test(withoutHeading);
    const line = cleanInline(withoutHeading.replace(LIST_MARKER, ''));
    if (!/[\p{L}\p{N}]/u.test(line)) continue;
    if (!listItem) leadIn = undefined;

    const inherited = leadIn;
    const lineClauses = splitClauses(line).map((text) => {
      const clause = classifyClause(text);
      const saysNothingElse = clause.kind === 'description' || clause.kind === 'fragment';
      return inherited && saysNothingElse ? { ...clause, kind: inherited } : clause;
    });
    clauses.push(...lineClauses);

    const last = lineClauses.at(-1);
    if (last && (heading || /[:：]$/u.test(line)) && (last.kind === 'advice' || last.kind === 'speculation')) leadIn = last.kind;
  }
  return clauses;
}

function normaliseText(answer: string): string {
  return answer
    .replace(/\r\n?/gu, '\n')
    .replace(/<br\s*\/?>/giu, '\n')
    .replace(/[\u2018\u2019\u02bc]/gu, "'")
    .replace(/[\u201c\u201d]/gu, '"');
}

/** Drops markdown and citation markers so that phrases match across them. */
function cleanInline(line: string): string {
  return line
    .replace(/\[([^\]\n]*)\]\([^)\s]*\)/gu, '$1')
    .replace(/\[\^?\d+(?:[,\s-]*\d+)*\]|【\d+[^】]*】/gu, '')
    .replace(/\*{1,3}|_{2,3}|`+/gu, '')
    .replace(/\|/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

function splitClauses(line: string): string[] {
  return line
    .split(/(?<=[.!?…])\s+|(?<=[。！？；])/u)
    .flatMap((sentence) => sentence.split(CONTRAST))
    .map((clause) => clause.trim())
    .filter((clause) => /[\p{L}\p{N}]/u.test(clause));
}

function classifyClause(text: string): Clause {
  if (/[?？]\s*$/u.test(text)) return { text, kind: 'question', evidence: text };
  const refusal = REFUSAL_PATTERN.exec(text);
  if (refusal) return { text, kind: 'refusal', evidence: refusal[0] };

  const body = text.replace(OPENING_CAVEAT, '').replace(SHORT_LABEL, '');
  const judged: [ClauseKind, RegExp][] = [
    ['advice', ADVICE_PATTERN],
    ['speculation', SPECULATION_PATTERN],
    ['filler', FILLER_PATTERN],
  ];
  for (const [kind, pattern] of judged) {
    const match = pattern.exec(body);
    if (match) return { text, kind, evidence: match[0] };
  }
  return { text, kind: saysSomething(body) ? 'description' : 'fragment', evidence: body };
}

/** Four words, or six CJK characters, are about the least that can describe a site. */
function saysSomething(text: string): boolean {
  const words = text.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  const cjkCharacters = countCjk(text);
  return words >= 4 || cjkCharacters >= 6;
}

export function quote(text: string): string {
  return `"${truncate(text, 80)}"`;
}

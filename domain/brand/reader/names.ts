import { escapeRegExp } from '../../shared/text';
import { URL_IN_TEXT } from '../../shared/urls-in-text';
import { CJK_SCRIPTS, hasCjk } from '../../shared/language/cjk';
import { SPACE_RUNS, HAS_LETTER_OR_DIGIT } from './patterns';
/**
 * Finding names (a brand, its aliases, competitors) in an answer, as docs/checks/brand.md says: NFKC and case
 * folding, URLs masked; Latin-script names on word boundaries, and never followed by `.word` (that is
 * a domain: "you" is not in you.com, "LI" is not in "tile"); Chinese, Japanese and Korean names by
 * substring of two characters or more. Where names overlap, the longest wins, so a brand inside a
 * competitor's longer name ("Monday" in "Monday Sales CRM") is the competitor's.
 */

export interface NameSpan {
  /** Which name list the span belongs to (the brand, a competitor, …). */
  key: string;
  /** The form (brand, alias or competitor name) that matched. */
  form: string;
  start: number;
  end: number;
}

/** Markdown link targets: `[text](https://…)` keeps its text, loses its target. */
const LINK_TARGET = /\]\([^)\s]*\)/gu;

/**
 * The text as names are matched in it: NFKC, lower case, URLs and link targets blanked out with as
 * many spaces, so that offsets into it are offsets into the original.
 */
export function matchableText(text: string): string {
  // NFKC can change lengths (e.g. "ﬁ" → "fi"); normalise per character so offsets stay aligned. ASCII needs only its case folded.
  const folded = text.replace(/[A-Z]+|[^\p{ASCII}]/gu, (char) => {
    if (char.charCodeAt(0) < 0x80) return char.toLowerCase();
    const normal = char.normalize('NFKC').toLowerCase();
    return normal.length === char.length ? normal : char.toLowerCase();
  });
  const blank = (match: string) => ' '.repeat(match.length);
  return withoutMarkup(folded).replace(URL_IN_TEXT, blank);
}

/** A parenthesis of citations only: `([The Verge][1])`, `([rtings.com](https://…), [CNET][2])`: sources, not names the answer presents. */
const CITATION_GROUP = /\(\s*(?:\[[^\]\n]{1,120}\](?:\[\d{1,3}\]|\([^)\s]*\))\s*,?\s*)+\)/gu;
/**
 * A reference-style link's mark (`[The Verge][1]` reads as `[The Verge]`), and a bare numbered citation (`[1]`, `【2】`),
 * also where a colon follows it after a word ("depends on your devices[1]:"); at a line's start `[1]:` defines a reference.
 */
// Each alternative opens with its bracket, so the scan skips every other character at once.
const REFERENCE_MARK = /\[\d{1,3}\](?:(?<=\]\[\d{1,3}\])|(?<=\S\[\d{1,3}\])(?!\()|(?![(:]))|【\d{1,3}[^】\n]{0,40}】/gu;
/** A reference definition line at the foot of an answer: `[1]: https://… "Title"`. */
const REFERENCE_DEFINITION = /^\s*\[\d{1,3}\]:\s+\S.*$/gmu;
/** A numeric character reference or a non-breaking space written out (`&#x20;`, `&nbsp;`), as copied answers carry them. */
const SPACE_ENTITY = /&(?:#x?[0-9a-f]{1,6}|nbsp);/giu;

/**
 * The answer with its markup's non-names blanked with as many spaces, offsets kept: link targets
 * (`[Asana](https://…)` reads as `[Asana]`), citation parentheses, reference marks and definitions, and
 * written-out spaces.
 */
export function withoutMarkup(text: string): string {
  const blank = (match: string) => ' '.repeat(match.length);
  return text
    .replace(CITATION_GROUP, blank)
    .replace(REFERENCE_DEFINITION, blank)
    .replace(REFERENCE_MARK, blank)
    .replace(LINK_TARGET, (target) => `]${' '.repeat(target.length - 1)}`)
    .replace(SPACE_ENTITY, blank);
}

/** A name as it is matched: NFKC, lower case, inner whitespace collapsed. */
export function foldName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(SPACE_RUNS, ' ').trim();
}

/**
 * A letter or digit that would make a Latin name part of a longer word. Chinese, Japanese and Korean
 * characters do not: "推荐使用Acme Plan进行" names Acme Plan, as Chinese text sets Latin names unspaced.
 */
const WORD_CHAR = `(?:(?![${CJK_SCRIPTS}])[\\p{L}\\p{N}])`;

function patternFor(name: string): RegExp | undefined {
  const folded = foldName(name);
  if (hasCjk(folded)) return [...folded].length >= 2 ? new RegExp(escapeRegExp(folded), 'gu') : undefined;
  if (!HAS_LETTER_OR_DIGIT.test(folded)) return undefined;
  const body = folded.split(' ').map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})(?!\\.[\\p{L}\\p{N}])`, 'gu');
}

/**
 * Every occurrence of every name in `text` (already passed through matchableText), longest first:
 * an occurrence overlapping a longer one already taken is dropped. Spans come back in text order.
 */
export function findNames(text: string, names: readonly { key: string; names: readonly string[] }[]): NameSpan[] {
  const candidates: NameSpan[] = [];
  for (const { key, names: forms } of names) {
    for (const form of forms) {
      const pattern = patternFor(form);
      if (!pattern) continue;
      for (const match of text.matchAll(pattern)) candidates.push({ key, form, start: match.index, end: match.index + match[0].length });
    }
  }
  candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const taken: NameSpan[] = [];
  for (const candidate of candidates) {
    if (!taken.some((span) => candidate.start < span.end && span.start < candidate.end)) taken.push(candidate);
  }
  return taken.sort((a, b) => a.start - b.start);
}

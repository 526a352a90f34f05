import type { KeyPoint } from './key-points';
import { contentTokens } from './text';

/**
 * Which key points an answer states (docs/checks/article.md), lexically, tolerant of a fact told in
 * other words (docs/checks/article.md, its two measures):
 *
 * - words: a key point's distinct content words (stop words of its language dropped, Snowball
 *   stems, figures as written without separators: "6,000" = "6000"; character bigrams in Chinese,
 *   Japanese and Korean), each weighing 1, or 2 for a figure or a name (a capitalised word inside
 *   the sentence, where the language does not capitalise every noun): what survives a paraphrase;
 * - a word is in the answer when the answer has the same stem; in languages that compound nouns
 *   (German, Dutch, the Nordic languages), also when an answer word of 5+ letters ends with it or it
 *   ends with one ("Bundesstaat" states "Staat");
 * - covered when the words found weigh at least 35% of the key point's, or at least 60% of its main
 *   clause's (the words before its first comma, dash, colon, parenthesis or subordinate clause, when
 *   those are 3 or more): a restatement keeps the sentence's claim and drops its details.
 *
 * Measured with `npm run bench:keypoints`: the human summary as the answer covers about half the
 * key points of a CNN/Daily Mail story, another story's summary almost none. Lexical overlap is a
 * proxy: it misses a paraphrase with no shared words, and can count a coincidence.
 */
export const COVERED_SHARE = 0.35;
export const CLAUSE_SHARE = 0.6;
const MIN_CLAUSE_WORDS = 3;
const MIN_COMPOUND_PART = 5;
const COMPOUNDING = new Set(['de', 'nl', 'sv', 'da', 'no', 'nb', 'fi', 'is']);
const NOUN_CAPITALISING = new Set(['de', 'lb']);
const CLAUSE_END =
  /\s[-–—]\s|[,;:(，、；：（]|\s(?:which|who|whom|whose|after|while|because|when|since|although|where|but|and|so|als|nachdem|weil|während|wobei|obwohl|und|aber|sodass|qui|que|dont|lorsque|parce|mais|et|que|cuando|porque|pero|y|che|quando|perché|ma|e)\s/iu;

export interface CoverageDetail {
  id: string;
  covered: boolean;
  /** Weighted share of the key point's words found in the answer. */
  share: number;
}

export function coveredKeyPoints(answer: string, points: readonly KeyPoint[], language?: string): string[] {
  return coverageDetails(answer, points, language)
    .filter((detail) => detail.covered)
    .map((detail) => detail.id);
}

export function coverageDetails(answer: string, points: readonly KeyPoint[], language?: string): CoverageDetail[] {
  const code = (language ?? 'en').toLowerCase().slice(0, 2);
  const answerTokens = new Set(contentTokens(answer, language));
  const compoundParts = COMPOUNDING.has(code) ? [...answerTokens].filter((token) => token.length >= MIN_COMPOUND_PART) : [];
  const found = (token: string) =>
    answerTokens.has(token) ||
    (compoundParts.length > 0 &&
      token.length >= MIN_COMPOUND_PART &&
      compoundParts.some((other) => other.endsWith(token) || token.endsWith(other)));
  return points.map((point) => {
    const tokens = [...new Set(contentTokens(point.text, language))];
    if (tokens.length === 0) return { id: point.id, covered: false, share: 0 };
    const names = NOUN_CAPITALISING.has(code)
      ? new Set<string>()
      : new Set((point.text.match(/(?<=\S\s+)\p{Lu}[\p{L}'’-]*/gu) ?? []).flatMap((word) => contentTokens(word, language)));
    const weight = (token: string) => (/^\d/u.test(token) || names.has(token) ? 2 : 1);
    const share = (words: readonly string[]) =>
      words.filter(found).reduce((sum, token) => sum + weight(token), 0) / words.reduce((sum, token) => sum + weight(token), 0);
    const whole = share(tokens);
    const clause = mainClause(point.text);
    const clauseTokens = clause === point.text ? [] : [...new Set(contentTokens(clause, language))];
    const covered = whole >= COVERED_SHARE || (clauseTokens.length >= MIN_CLAUSE_WORDS && share(clauseTokens) >= CLAUSE_SHARE);
    return { id: point.id, covered, share: Math.round(whole * 1000) / 1000 };
  });
}

/** The words before the sentence's first break (at least 20 characters in). */
function mainClause(text: string): string {
  const rest = text.slice(20);
  const match = CLAUSE_END.exec(rest);
  return match ? text.slice(0, 20 + match.index) : text;
}

import { SPACE_RUNS, HAS_LETTER_OR_DIGIT, HAS_LETTER } from './patterns';

/**
 * Questions the name rules ask of the whole answer ("is this word written mid-sentence anywhere?"),
 * answered from one pass over the answer instead of a regular expression compiled and run over it for
 * every candidate (which made the reader quadratic in the answer's length). The index is kept for the
 * last answer read only: the rules of one reading ask about the same answer.
 */

interface AnswerWords {
  answer: string;
  /** Where a word starts after a lower-case letter, a comma or a semicolon and a space, by its first two characters. */
  midSentence: Map<string, number[]>;
  /** The answer with every run of white space one space. */
  spaced: string;
}

let last: AnswerWords | undefined;

function wordsOf(answer: string): AnswerWords {
  if (last?.answer === answer) return last;
  const midSentence = new Map<string, number[]>();
  for (const match of answer.matchAll(/[\p{Ll},;]\s+/gu)) {
    const at = match.index + match[0].length;
    const key = answer.slice(at, at + 2);
    const starts = midSentence.get(key);
    if (starts) starts.push(at);
    else midSentence.set(key, [at]);
  }
  last = { answer, midSentence, spaced: answer.replace(SPACE_RUNS, ' ') };
  return last;
}

const charAfter = (text: string, at: number) => (at >= text.length ? undefined : String.fromCodePoint(text.codePointAt(at)!));
const charBefore = (text: string, at: number) => {
  if (at <= 0) return undefined;
  const low = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.slice(at - 2, at) : text[at - 1];
};
const touches = (pattern: RegExp, char: string | undefined) => char !== undefined && pattern.test(char);

/** `word` in `text` with no letter or digit (`edge`) touching it on either side. */
export function hasWord(text: string, word: string, edge: RegExp = HAS_LETTER_OR_DIGIT): boolean {
  if (word === '') return false;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1))
    if (!touches(edge, charBefore(text, at)) && !touches(edge, charAfter(text, at + word.length))) return true;
  return false;
}

/** The answer writes `word` after a lower-case word, a comma or a semicolon ("resellers like Best Buy"): a capital no sentence needs. */
export function namedMidSentence(answer: string, word: string): boolean {
  if (word === '') return false;
  const starts = wordsOf(answer).midSentence.get(word.slice(0, 2)) ?? [];
  return starts.some((at) => answer.startsWith(word, at) && !touches(HAS_LETTER_OR_DIGIT, charAfter(answer, at + word.length)));
}

/** The answer uses `phrase` as whole words, its spaces any white space ("MacBook Air" for a plural "MacBook Airs"). */
export function usesPhrase(answer: string, phrase: string): boolean {
  return hasWord(wordsOf(answer).spaced, phrase.replace(SPACE_RUNS, ' '), HAS_LETTER);
}

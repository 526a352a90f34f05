/**
 * A question as the words a person would type into a search box (docs/checks/brand.md, "Demand"): lower
 * case, no punctuation, without the asking words around it ("What are the best…", "…do you
 * recommend?"), at most 10 words and 80 characters, which is what Google Ads takes (DataForSEO refuses a
 * longer keyword). Pure: runs in workflow code.
 */

export const MAX_PHRASE_WORDS = 10;
export const MAX_PHRASE_CHARS = 80;

/** Words that ask rather than name what is asked about, dropped wherever they lead or trail the question. */
const ASKING = new Set(
  (
    'what which who whom whose where when why how is are was were do does did can could should would will shall may might ' +
    'i me my we our you your please tell recommend recommended recommendation recommendations suggest there any some give list ' +
    'the a an to of for in on me be good right now currently today use using'
  ).split(' '),
);
/** Words that carry what is asked even at the start ("best", "top", "cheapest"): never dropped. */
const KEPT = new Set([
  'best',
  'top',
  'cheapest',
  'cheap',
  'free',
  'alternatives',
  'alternative',
  'vs',
  'versus',
  'review',
  'reviews',
  'price',
  'pricing',
  'cost',
]);

export function searchPhrase(question: string): string {
  // The question itself, not the instructions after it ("… ? Name specific products.").
  const asked = question.split(/[?？。!！]|\.(?=\s|$)/u).find((sentence) => sentence.trim() !== '') ?? question;
  const words = asked
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']/gu, "'")
    .replace(/[^\p{L}\p{N}\s'&+.-]+/gu, ' ')
    .replace(/(?<![\p{L}\p{N}])[.'-]+|[.'-]+(?![\p{L}\p{N}])/gu, ' ')
    .split(/\s+/u)
    .filter(Boolean);
  let start = 0;
  let end = words.length;
  while (start < end && ASKING.has(words[start]!) && !KEPT.has(words[start]!)) start += 1;
  while (end > start && ASKING.has(words[end - 1]!) && !KEPT.has(words[end - 1]!)) end -= 1;
  const kept = (start < end ? words.slice(start, end) : words).slice(0, MAX_PHRASE_WORDS);
  while (kept.length > 1 && kept.join(' ').length > MAX_PHRASE_CHARS) kept.pop();
  while (kept.length > 1 && ASKING.has(kept.at(-1)!) && !KEPT.has(kept.at(-1)!)) kept.pop();
  return kept.join(' ').slice(0, MAX_PHRASE_CHARS).trim();
}

/** Whether Google Ads takes the phrase as a keyword: at most 10 words and 80 characters, not empty. */
export const googleAdsTakes = (phrase: string): boolean =>
  phrase.length > 0 && phrase.length <= MAX_PHRASE_CHARS && phrase.split(/\s+/u).length <= MAX_PHRASE_WORDS;

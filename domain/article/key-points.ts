import { countWords } from './extract';
import { contentTokens, sentencesOf } from './text';
import { CJK_SCRIPTS, countCjk } from '../shared/language/cjk';

/**
 * The 3–10 sentences that carry an article's facts (docs/checks/article.md): its lead, each
 * section's main claim, its figures and named facts; not asides, promotion, captions or the closing
 * line. Measured against human summaries with `npm run bench:keypoints` (docs/benchmarks.md, "Key points against human summaries").
 *
 * Each candidate sentence (6–60 words, CJK characters counting half; not boilerplate) scores, with
 * the weights of WEIGHTS (measured on the benchmark):
 *   position   1 / √(1 + its rank among the candidates)             (the lead carries the story)
 * + lead       the article's first sentence                          (its definition or news)
 * + section    the first sentence after a heading                    (each section's main claim;
 *              scaled down when there are more sections than K leaves room for)
 * + paragraph  the first sentence of its paragraph                   (the topic sentence)
 * + centrality cosine of its TF-IDF vector with the rest of the article's, ÷ the article's highest
 *              (what the article keeps returning to; TF-IDF with paragraphs as documents)
 * + facts      a figure (number, year, amount), named words (capitalised inside the sentence, in
 *              languages that do not capitalise every noun)
 * − form       "you" twice (addressing the reader), a label and a colon (a caption), a question,
 *              a quotation, the closing paragraph;
 * none of the parts grows with the sentence's length. Promotion (calls to action, "our product"),
 * asides ("Fun fact", "By the way", only a parenthesis), captions ("Image:", "Pictured:") and closing
 * formulas ("In conclusion", "Ready to…", "Happy planning") are never key points, however few
 * sentences remain. The best are taken one by one, skipping a
 * sentence that mostly repeats one already taken (60% of its words, and no figure of its own); kept
 * in article order.
 * K = clamp(max(⌈sentences / 10⌉, sections + 2), 3, 10): room for the lead and each section.
 */

export interface KeyPoint {
  id: string;
  text: string;
}

export interface KeyPointOptions {
  /** The article's headings, when known (they are also recognised among the blocks by their form). */
  headings?: readonly string[];
  /** Weights, for measuring alternatives (scripts/bench-keypoints.ts); the defaults are measured. */
  weights?: Partial<typeof WEIGHTS>;
}

export const WEIGHTS = {
  position: 2,
  lead: 1,
  section: 1,
  paragraph: 0.3,
  centrality: 1,
  number: 0.3,
  named: 0.3,
  promotion: 1.5,
  caption: 1,
  question: 1,
  quotation: 0.4,
  closing: 0.6,
  /** A sentence whose content words are this much in those already kept is redundant. */
  redundancy: 0.6,
};

/** Far beyond any article (about 30,000 words): keeps the work bounded on endless pages. */
const MAX_TEXT_CHARS = 200_000;
const MIN_WORDS = 6;
const MAX_WORDS = 60;
const MAX_CANDIDATES = 400;
const BOILERPLATE =
  /cookie|newsletter|subscribe|sign up|signup|log in|login|share (?:this|on)|follow us|all rights reserved|copyright|©|click here|read more|related (?:posts|articles)|advertis|privacy policy|terms of (?:use|service)|leave a (?:comment|reply)|scroll down|订阅|版权所有|点击/iu;

/** Promotion: calls to action and the site talking about itself. */
const PROMOTION =
  /\b(?:try (?:it|our|us|\w+ (?:for )?free)|free (?:trial|demo)|get started (?:today|now|for free|free)|sign up|book a demo|request a demo|contact (?:us|our (?:team|sales))|buy now|order now|shop now|download (?:our|it now)|start (?:your|a) free|use (?:the )?code|promo code|coupon code|our (?:product|software|tool|app|platform|service|experts)|we offer|jetzt (?:testen|kaufen|anmelden)|kostenlos testen|unser(?:e|en)? (?:produkt|software|tool|app|angebot)|essayez|inscrivez-vous|prueba gratis)\b|免费试用|立即(?:注册|购买|下载|体验)|联系我们|無料体験|今すぐ/iu;
const YOU = /\b(?:you|your|you'll|you're)\b/giu;
/** Asides: the writer stepping out of the story. */
const ASIDE =
  /^(?:fun fact|by the way|incidentally|as an aside|side note|anecdotally|note:|p\.\s?s\.|tip:|pro tip|übrigens|nebenbei bemerkt|à propos|au fait|por cierto|顺便|顺带)/iu;
/** Closing lines: wrap-ups, thanks, invitations. */
const CLOSING =
  /^(?:in (?:conclusion|summary)|to (?:sum up|conclude|wrap up)|all in all|thanks for|thank you|happy \w+ing|ready to (?:get|start|plan|try|take|give|see|learn|begin|build|create)|now that you|good luck|whatever you|fazit|zusammenfassend|en résumé|en conclusion|en resumen|总之|总而言之|综上所述|まとめ)/iu;
/** A label and a colon, as captions start: "Flying high: Half of the kite took to the sky". */
const CAPTION = /^\p{Lu}[\p{L}'’-]*(?:\s[\p{L}'’-]+){0,2}:\s/iu;
const CAPTION_WORD = /^(?:photo|image|picture|pictured|credit|source|figure|fig\.|video|watch|abbildung|bild|foto|quelle)\b/iu;
const QUOTE_START = /^[‘'"“„«‹「『]/u;
const NUMBER = /\d/u;
/** Languages that capitalise every noun: capitals do not mark names there. */
const NOUN_CAPITALISING = new Set(['de', 'lb']);

interface Candidate {
  text: string;
  index: number;
  blockIndex: number;
  tokens: string[];
  sectionLead: boolean;
  paragraphLead: boolean;
}

export function keyPoints(allBlocks: readonly string[], language?: string, options: KeyPointOptions = {}): KeyPoint[] {
  return scoredSentences(allBlocks, language, options).points;
}

/** The key points, and every candidate's score (for the benchmark's diagnostics). */
export function scoredSentences(
  allBlocks: readonly string[],
  language?: string,
  options: KeyPointOptions = {},
): { points: KeyPoint[]; scored: { text: string; score: number; words: number }[] } {
  const weights = { ...WEIGHTS, ...options.weights };
  const blocks = withinLength(allBlocks, MAX_TEXT_CHARS);
  const headingTexts = new Set((options.headings ?? []).map((heading) => heading.trim().toLowerCase()));
  const isHeading = blocks.map(
    (block, index) => headingTexts.has(block.trim().toLowerCase()) || looksLikeHeading(block, blocks[index + 1]),
  );
  const sections = isHeading.filter(Boolean).length;

  const sentences: { text: string; blockIndex: number; sectionLead: boolean; paragraphLead: boolean }[] = [];
  let afterHeading = false;
  blocks.forEach((block, blockIndex) => {
    if (isHeading[blockIndex]) {
      afterHeading = true;
      return;
    }
    sentencesOf(block).forEach((text, at) =>
      sentences.push({ text, blockIndex, sectionLead: afterHeading && at === 0, paragraphLead: at === 0 }),
    );
    if (sentencesOf(block).length > 0) afterHeading = false;
  });

  const candidates: Candidate[] = sentences
    .map((sentence, index) => ({ ...sentence, index, words: sentenceWords(sentence.text) }))
    .filter(
      (sentence) =>
        sentence.words >= MIN_WORDS && sentence.words <= MAX_WORDS && !BOILERPLATE.test(sentence.text) && !notAFact(sentence.text),
    )
    .slice(0, MAX_CANDIDATES)
    .map((sentence) => ({ ...sentence, tokens: contentTokens(sentence.text, language) }))
    .filter((sentence) => sentence.tokens.length > 0);
  if (candidates.length === 0) return { points: [], scored: [] };

  // TF-IDF over the article, paragraphs as documents.
  const textBlocks = blocks.filter((_, index) => !isHeading[index]);
  const documentFrequency = new Map<string, number>();
  for (const block of textBlocks)
    for (const token of new Set(contentTokens(block, language))) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
  const idf = (token: string) => Math.log((1 + textBlocks.length) / (1 + (documentFrequency.get(token) ?? 0))) + 1;
  const vectors = candidates.map((candidate) => {
    const vector = new Map<string, number>();
    for (const token of candidate.tokens) vector.set(token, (vector.get(token) ?? 0) + idf(token));
    return vector;
  });
  const whole = new Map<string, number>();
  for (const vector of vectors) for (const [token, weight] of vector) whole.set(token, (whole.get(token) ?? 0) + weight);
  const norm = (vector: Map<string, number>) => Math.sqrt([...vector.values()].reduce((sum, weight) => sum + weight * weight, 0));
  const centrality = vectors.map((vector) => {
    // Cosine with the rest of the article: the sentence's own words do not count for it.
    let dot = 0;
    let restSquares = 0;
    for (const [token, weight] of whole) {
      const rest = weight - (vector.get(token) ?? 0);
      restSquares += rest * rest;
      dot += (vector.get(token) ?? 0) * rest;
    }
    const denominator = norm(vector) * Math.sqrt(restSquares);
    return denominator ? dot / denominator : 0;
  });
  const maxCentrality = Math.max(...centrality, 1e-9);
  // The closing paragraph: the article's last paragraph, whether or not any of it is a candidate.
  const lastBlock = Math.max(...blocks.map((block, index) => (isHeading[index] || sentencesOf(block).length === 0 ? -1 : index)));
  const namesCount = !NOUN_CAPITALISING.has((language ?? '').toLowerCase().slice(0, 2));

  const count = Math.min(10, Math.max(3, Math.ceil(sentences.length / 10), sections + 2));
  // Each section's lead is a point when K leaves room for one a section; with more sections than
  // that (an encyclopedia article), they compete with the lead's sentences on the other signals.
  const sectionBonus = sections ? weights.section * Math.min(1, (count - 1) / sections) : 0;
  const scored = candidates.map((candidate, rank) => {
    const { text } = candidate;
    const youCount = text.match(YOU)?.length ?? 0;
    const score =
      weights.position / Math.sqrt(1 + rank) +
      (rank === 0 ? weights.lead : 0) +
      (candidate.sectionLead && rank > 0 ? sectionBonus : 0) +
      (candidate.paragraphLead ? weights.paragraph : 0) +
      weights.centrality * (centrality[rank]! / maxCentrality) +
      (NUMBER.test(text) ? weights.number : 0) +
      (namesCount && hasNames(text) ? weights.named : 0) -
      (youCount >= 2 ? weights.promotion : 0) -
      (CAPTION.test(text) ? weights.caption : 0) -
      (/[?？]\s*$/u.test(text) ? weights.question : 0) -
      (QUOTE_START.test(text) ? weights.quotation : 0) -
      (candidate.blockIndex === lastBlock && lastBlock > 0 ? weights.closing : 0);
    return { ...candidate, score };
  });

  // A sentence mostly made of one kept sentence's words, with no figure of its own, repeats it.
  const kept: (typeof scored)[number][] = [];
  const keptSets: Set<string>[] = [];
  for (const sentence of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (kept.length >= count) break;
    const distinct = [...new Set(sentence.tokens)];
    const repeats = keptSets.some(
      (set) =>
        distinct.filter((token) => set.has(token)).length / distinct.length >= weights.redundancy &&
        distinct.every((token) => !/\d/u.test(token) || set.has(token)),
    );
    if (repeats) continue;
    kept.push(sentence);
    keptSets.push(new Set(distinct));
  }
  return {
    points: kept.sort((a, b) => a.index - b.index).map((sentence, index) => ({ id: `k${index + 1}`, text: sentence.text })),
    scored: scored.map((sentence) => ({ text: sentence.text, score: sentence.score, words: sentenceWords(sentence.text) })),
  };
}

/** A capital, a figure or a CJK character: how a sentence or a heading starts. */
const SENTENCE_START = new RegExp(`^[\\p{Lu}\\p{N}${CJK_SCRIPTS}]`, 'u');
/** A sentence's start, or an opening quote. */
const PARAGRAPH_START = new RegExp(`^[\\p{Lu}\\p{N}‘'"“„«${CJK_SCRIPTS}]`, 'u');

/**
 * A heading among the blocks: short, capitalised, no stop, quotation or trailing punctuation, and
 * followed by a paragraph that starts as a sentence starts (not a broken-off fragment).
 */
function looksLikeHeading(block: string, next: string | undefined): boolean {
  const text = block.trim();
  return (
    countWords(text) >= 1 &&
    countWords(text) <= 12 &&
    SENTENCE_START.test(text) &&
    !/[.!?。！？;,…:'"‘’“”„«»-]/u.test(text.replace(/(?<=\p{L})['’-](?=\p{L})/gu, '')) &&
    next !== undefined &&
    PARAGRAPH_START.test(next.trim())
  );
}

/** Promotion, an aside, a caption or a closing formula: never a key point, however few sentences remain. */
function notAFact(text: string): boolean {
  return PROMOTION.test(text) || ASIDE.test(text) || /^\(.*\)[.!?]?$/u.test(text) || CAPTION_WORD.test(text) || CLOSING.test(text);
}

/** Words, with two characters of Chinese, Japanese or Korean counted as one (their words are short). */
function sentenceWords(text: string): number {
  const cjk = countCjk(text);
  return countWords(text) - cjk + Math.ceil(cjk / 2);
}

/** Capitalised words after the first: names of people, places, organisations, products. */
function hasNames(text: string): boolean {
  const words = text.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
  return words.slice(1).some((word) => /^\p{Lu}\p{Ll}/u.test(word));
}

/** The first blocks, up to `max` characters in all. */
function withinLength(blocks: readonly string[], max: number): string[] {
  const kept: string[] = [];
  let length = 0;
  for (const block of blocks) {
    if (length + block.length > max) break;
    kept.push(block);
    length += block.length;
  }
  return kept;
}

import { countWords } from './extract';
import { contentTokens, sentencesOf } from './text';

/**
 * The 3–10 sentences that carry an article's facts (DESIGN.md): each sentence scores the TF-IDF mass
 * of its content words (blocks as documents) over the square root of its length, plus 0.2 when it
 * holds a number and 0.1 in the first fifth of the article; boilerplate (cookies, newsletters, share
 * buttons) and fragments never count. K = clamp(⌈sentences / 10⌉, 3, 10), kept in article order.
 */

export interface KeyPoint {
  id: string;
  text: string;
}

/** Far beyond any article (about 30,000 words): keeps the work bounded on endless pages. */
const MAX_TEXT_CHARS = 200_000;
const MIN_WORDS = 6;
const MAX_WORDS = 60;
const BOILERPLATE = /cookie|newsletter|subscribe|sign up|signup|log in|login|share (?:this|on)|follow us|all rights reserved|copyright|©|click here|read more|related (?:posts|articles)|advertis|privacy policy|terms of (?:use|service)|leave a (?:comment|reply)|订阅|版权所有|点击/iu;

export function keyPoints(allBlocks: readonly string[], language?: string): KeyPoint[] {
  const blocks = withinLength(allBlocks, MAX_TEXT_CHARS);
  const sentences = blocks.flatMap((block, blockIndex) => sentencesOf(block).map((text) => ({ text, blockIndex })));
  const candidates = sentences
    .map((sentence, index) => ({ ...sentence, index, words: countWords(sentence.text) }))
    .filter((sentence) => sentence.words >= MIN_WORDS && sentence.words <= MAX_WORDS && !BOILERPLATE.test(sentence.text))
    .map((sentence) => ({ ...sentence, tokens: contentTokens(sentence.text, language) }))
    .filter((sentence) => sentence.tokens.length > 0);
  if (candidates.length === 0) return [];

  // Document frequency over blocks: a word in every paragraph says little about any one of them.
  const blockTokens = blocks.map((block) => new Set(contentTokens(block, language)));
  const documentFrequency = new Map<string, number>();
  for (const tokens of blockTokens) for (const token of tokens) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
  const idf = (token: string) => Math.log((1 + blocks.length) / (1 + (documentFrequency.get(token) ?? 0))) + 1;

  const firstFifth = Math.ceil(sentences.length / 5);
  const scored = candidates.map((sentence) => {
    const termFrequency = new Map<string, number>();
    for (const token of sentence.tokens) termFrequency.set(token, (termFrequency.get(token) ?? 0) + 1);
    const mass = [...termFrequency.entries()].reduce((sum, [token, count]) => sum + count * idf(token), 0);
    const score = mass / Math.sqrt(sentence.tokens.length) + (/\d/u.test(sentence.text) ? 0.2 : 0) + (sentence.index < firstFifth ? 0.1 : 0);
    return { ...sentence, score };
  });

  const count = Math.min(10, Math.max(3, Math.ceil(sentences.length / 10)));
  const seen = new Set<string>();
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .filter((sentence) => {
      const key = sentence.tokens.join(' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((sentence, index) => ({ id: `k${index + 1}`, text: sentence.text }));
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

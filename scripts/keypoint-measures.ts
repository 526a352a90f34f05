import { newStemmer, type Stemmer } from 'snowball-stemmers';
import { contentTokens, sentencesOf, snowballAlgorithm } from '../domain/article/text';
import { seededRandom } from '../dev/seeded-random';
import { hasCjk } from '../domain/shared/language/cjk';

/**
 * The measures `npm run bench:keypoints` reports, and its two baselines (docs/benchmarks.md, "Key points
 * against human summaries").
 *
 * - ROUGE-N (Lin 2004), summary level: the key points joined against the human summary joined; words
 *   lower-cased and stemmed with the Snowball stemmer of the language, stop words kept (as ROUGE
 *   does); n-gram counts clipped. Recall = matched ÷ summary n-grams, precision = matched ÷ key-point
 *   n-grams, F1 their harmonic mean.
 * - cover: the share of the summary's sentences that some one key point states, where a key point
 *   states a sentence when it holds at least half of that sentence's distinct content words (stop
 *   words dropped, stemmed; Chinese and Japanese words): the project's `contentTokens`, with a
 *   fixed threshold of its own, so that the figure does not move when the coverage rule does.
 * - Lead-K: the article's first K sentences. TextRank (Mihalcea & Tarau 2004): sentences as nodes,
 *   edge weight = shared content words ÷ (log |a| + log |b|), PageRank with damping 0.85, the top K in
 *   article order. Both get the same K as the project's extractor on the same article.
 */

const stemmers = new Map<string, Stemmer>();
function rougeWords(text: string, language: string): string[] {
  const algorithm = snowballAlgorithm(language);
  let stemmer = stemmers.get(algorithm);
  if (!stemmer) stemmers.set(algorithm, (stemmer = newStemmer(algorithm)));
  const words: string[] = [];
  for (const word of text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (hasCjk(word)) words.push(...word);
    else words.push(stemmer.stem(word));
  }
  return words;
}

function ngrams(words: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= words.length; i++) {
    const gram = words.slice(i, i + n).join(' ');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

export interface RougeScore {
  recall: number;
  precision: number;
  f1: number;
}

export function rouge(candidate: readonly string[], reference: readonly string[], n: number, language: string): RougeScore {
  const candidateGrams = ngrams(rougeWords(candidate.join(' '), language), n);
  const referenceGrams = ngrams(rougeWords(reference.join(' '), language), n);
  let matched = 0;
  for (const [gram, count] of referenceGrams) matched += Math.min(count, candidateGrams.get(gram) ?? 0);
  const total = (grams: Map<string, number>) => [...grams.values()].reduce((sum, count) => sum + count, 0);
  const recall = total(referenceGrams) ? matched / total(referenceGrams) : 0;
  const precision = total(candidateGrams) ? matched / total(candidateGrams) : 0;
  return { recall, precision, f1: recall + precision ? (2 * recall * precision) / (recall + precision) : 0 };
}

/** Share of the summary's sentences that some one key point states (at least half its content words). */
export function cover(candidate: readonly string[], reference: readonly string[], language: string): number {
  const points = candidate.map((text) => new Set(contentTokens(text, language)));
  const sentences = reference.map((text) => [...new Set(contentTokens(text, language))]).filter((tokens) => tokens.length > 0);
  if (sentences.length === 0) return 0;
  const stated = sentences.filter((tokens) =>
    points.some((point) => tokens.filter((token) => point.has(token)).length / tokens.length >= 0.5),
  );
  return stated.length / sentences.length;
}

export function articleSentences(blocks: readonly string[]): string[] {
  return blocks.flatMap((block) => sentencesOf(block));
}

export function leadK(blocks: readonly string[], k: number): string[] {
  return articleSentences(blocks).slice(0, k);
}

export function textRank(blocks: readonly string[], k: number, language: string): string[] {
  const sentences = articleSentences(blocks);
  const tokens = sentences.map((sentence) => contentTokens(sentence, language));
  const sets = tokens.map((list) => new Set(list));
  const n = sentences.length;
  const weights: number[][] = sets.map((a, i) =>
    sets.map((b, j) => {
      if (i === j || a.size < 2 || b.size < 2) return 0;
      let shared = 0;
      for (const token of a) if (b.has(token)) shared++;
      return shared / (Math.log(a.size) + Math.log(b.size));
    }),
  );
  const outSum = weights.map((row) => row.reduce((sum, weight) => sum + weight, 0));
  let rank = new Array<number>(n).fill(1 / Math.max(1, n));
  for (let iteration = 0; iteration < 50; iteration++) {
    rank = rank.map((_, j) => {
      let sum = 0;
      for (let i = 0; i < n; i++) if (outSum[i]! > 0) sum += (weights[i]![j]! / outSum[i]!) * rank[i]!;
      return 0.15 / n + 0.85 * sum;
    });
  }
  return rank
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, k)
    .sort((a, b) => a.index - b.index)
    .map(({ index }) => sentences[index]!);
}

/** Mean and a percentile-bootstrap 95% interval, resampling articles. */
export function bootstrapMean(values: readonly number[], resamples = 1000, seed = 16): { mean: number; low: number; high: number } {
  const n = values.length;
  if (n === 0) return { mean: 0, low: 0, high: 0 };
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  // Seeded, so that the intervals are the same on every run.
  const random = seededRandom(seed);
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[Math.floor(random() * n)]!;
    means.push(sum / n);
  }
  means.sort((a, b) => a - b);
  return { mean, low: means[Math.floor(0.025 * resamples)]!, high: means[Math.ceil(0.975 * resamples) - 1]! };
}

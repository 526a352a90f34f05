import type { KeyPoint } from './key-points';
import { contentTokens } from './text';

/**
 * Which key points an answer covers (DESIGN.md): a key point is covered when at least half of its
 * content words, stemmed, appear in the answer (character bigrams in Chinese, Japanese and Korean).
 * Lexical overlap is a proxy for "used": it misses paraphrase and counts coincidence, which the
 * README says.
 */
export const COVERED_SHARE = 0.5;

export function coveredKeyPoints(answer: string, points: readonly KeyPoint[], language?: string): string[] {
  const answerTokens = new Set(contentTokens(answer, language));
  return points
    .filter((point) => {
      const tokens = [...new Set(contentTokens(point.text, language))];
      if (tokens.length === 0) return false;
      const found = tokens.filter((token) => answerTokens.has(token)).length;
      return found / tokens.length >= COVERED_SHARE;
    })
    .map((point) => point.id);
}

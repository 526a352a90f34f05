import { z } from 'zod';
import { hasCjk } from './language/cjk';

/**
 * Questions proposed by the analysis model, for any kind of check: its JSON read leniently (a
 * ```json fence, a bare list of strings, or {questions:[{text, intent}]}), every entry checked, and a
 * measure of how alike two questions are, for dropping near-duplicates.
 */

const proposalSchema = z.union([z.object({ questions: z.array(z.unknown()) }).transform((value) => value.questions), z.array(z.unknown())]);
const proposedQuestion = z.union([
  z.string().transform((text) => ({ text, intent: undefined })),
  z.object({ text: z.string(), intent: z.string().optional() }),
]);

/** The proposed questions that are well-formed; none when the text is not such JSON. */
export function parseProposedQuestions(raw: string): { text: string; intent?: string }[] {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/u.exec(raw)?.[1] ?? raw;
  const start = fenced.search(/[[{]/u);
  let value: unknown;
  try {
    value = JSON.parse(fenced.slice(Math.max(0, start)));
  } catch {
    return [];
  }
  const list = proposalSchema.safeParse(value);
  if (!list.success) return [];
  return list.data.flatMap((entry) => {
    const parsed = proposedQuestion.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Token Jaccard: words in spaced scripts, character bigrams in Chinese, Japanese and Korean. */
export function similarity(a: string, b: string): number {
  const tokens = (text: string) => {
    const lower = text.toLowerCase();
    const words = lower.match(/[\p{L}\p{N}]+/gu) ?? [];
    const set = new Set<string>();
    for (const word of words) {
      if (hasCjk(word)) for (let i = 0; i < word.length - 1; i++) set.add(word.slice(i, i + 2));
      else set.add(word);
    }
    return set;
  };
  const left = tokens(a);
  const right = tokens(b);
  const shared = [...left].filter((token) => right.has(token)).length;
  const union = new Set([...left, ...right]).size;
  return union === 0 ? 1 : shared / union;
}

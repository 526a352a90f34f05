import { inBatches } from '../shared/batches';
import type { KeyPoint } from './key-points';

/**
 * Coverage judged by the analysis model (ANALYSIS_PLATFORM), as nugget evaluation does (TREC RAG's
 * AutoNuggetizer): for each answer, each key point is `supported` (the answer states it, in any
 * words), `partial` (states part of it) or `not`. An answer's coverage is then (supported + ½ ×
 * partial) ÷ key points; `coveredKeyPoints` are the supported ones. When the model fails or its reply
 * does not parse, the lexical rule (coverage.ts) stands for every answer: one report, one method.
 */

export interface JudgedAnswer {
  key: string;
  text: string;
}

export interface AnswerJudgement {
  key: string;
  supported: string[];
  partial: string[];
}

/** Answers per request to the model, and the characters of each it reads. */
export const JUDGE_BATCH = 5;
export const JUDGED_ANSWER_CHARS = 3_000;

/** The answers in the batches of JUDGE_BATCH that the model judges a request each. */
export function judgeBatches(answers: readonly JudgedAnswer[]): JudgedAnswer[][] {
  return inBatches(answers, JUDGE_BATCH);
}

export function judgePrompt(points: readonly KeyPoint[], answers: readonly JudgedAnswer[]): string {
  return [
    'You check which facts of an article some AI answers state.',
    `The article's key points:\n${points.map((point) => `${point.id}: ${point.text}`).join('\n')}`,
    ...answers.map((answer) => `Answer ${answer.key}:\n"""\n${answer.text.slice(0, JUDGED_ANSWER_CHARS)}\n"""`),
    'For every answer and every key point, say whether the answer states the key point: "supported" when it states the fact (in any words or language), ' +
      '"partial" when it states only part of it, "not" otherwise. Judge what the answer says, not whether it is true.',
    `Reply with JSON only, in this shape: {"judgements":[{"answer":"${answers[0]?.key ?? 'a1'}","points":{${points.map((point) => `"${point.id}":"supported|partial|not"`).join(',')}}}]}`,
  ].join('\n\n');
}

/** The model's judgements, or undefined when the reply does not give one for every answer and key point. */
export function parseJudgement(
  reply: string,
  points: readonly KeyPoint[],
  answers: readonly JudgedAnswer[],
): AnswerJudgement[] | undefined {
  const json = reply.slice(reply.indexOf('{'), reply.lastIndexOf('}') + 1);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const list = (data as { judgements?: unknown } | null)?.judgements;
  if (!Array.isArray(list)) return undefined;
  const byKey = new Map<string, Record<string, unknown>>();
  for (const item of list as unknown[]) {
    const entry = item as { answer?: unknown; points?: unknown } | null;
    if (entry && typeof entry.answer === 'string' && entry.points && typeof entry.points === 'object')
      byKey.set(entry.answer, entry.points as Record<string, unknown>);
  }
  const judgements: AnswerJudgement[] = [];
  for (const answer of answers) {
    const verdicts = byKey.get(answer.key);
    if (!verdicts) return undefined;
    const of = (id: string) => (typeof verdicts[id] === 'string' ? (verdicts[id] as string).trim().toLowerCase() : undefined);
    if (points.some((point) => !['supported', 'partial', 'not'].includes(of(point.id) ?? ''))) return undefined;
    judgements.push({
      key: answer.key,
      supported: points.filter((point) => of(point.id) === 'supported').map((point) => point.id),
      partial: points.filter((point) => of(point.id) === 'partial').map((point) => point.id),
    });
  }
  return judgements;
}

/** An answer's coverage from its judgement: supported counts 1, partial ½. */
export function judgedCoverage(judgement: AnswerJudgement, pointCount: number): number {
  return pointCount ? Math.round(((judgement.supported.length + judgement.partial.length / 2) / pointCount) * 1000) / 1000 : 0;
}

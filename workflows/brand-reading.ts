import type { AnalysedReply } from '../domain/brand/compose';
import { readingBatches, withModelReading, type ReadingLens } from '../domain/brand/model-reading';
import type { BrandQuestion } from '../domain/brand/questions';
import type { BrandReport } from '../domain/brand/report-schema';
import { totalCostUsd } from '../domain/shared/cost';
import type { AnalysisStages } from './analysis-stages';
import type { Progress } from './progress';

export interface BrandReading {
  replies: AnalysedReply[];
  readingMethod: NonNullable<BrandReport['readingMethod']>;
  /** What the model's requests cost; counted in the report's costUsd. */
  costUsd?: number | null;
}

/**
 * With an analysis platform, its model reads the answered replies, READ_BATCH a request, each request
 * a task on that platform's queue (its budget counts each). An answer it gives valid options for is
 * read its way (domain/brand/model-reading.ts); the others, and all of them when it fails, keep the
 * rules' reading. The method is `model` when the model read any answer.
 */
export async function readBrandReplies(
  progress: Progress,
  stages: AnalysisStages,
  lens: ReadingLens,
  questions: readonly BrandQuestion[],
  replies: AnalysedReply[],
): Promise<BrandReading> {
  if (stages.platformId === null) return { replies, readingMethod: 'rules' };
  const questionText = new Map(questions.map((question) => [question.id, question.text]));
  const keyOf = (index: number) => `a${index + 1}`;
  const answered = replies.flatMap(({ questionId, reply }, index) =>
    reply.status === 'answered' ? [{ key: keyOf(index), question: questionText.get(questionId) ?? '', answer: reply.answer }] : [],
  );
  const batches = readingBatches(answered);
  const results = await Promise.all(
    batches.map((answers, index) =>
      progress.optional(
        batches.length > 1 ? `reading:${index + 1}` : 'reading',
        'Reading the answers with the analysis model',
        stages.readBrandAnswers,
        { answers },
      ),
    ),
  );
  const readings = new Map(results.flatMap((result) => result?.readings ?? []).map((reading) => [reading.key, reading.options]));
  let modelRead = 0;
  const read = replies.map((entry, index) => {
    const options = readings.get(keyOf(index));
    const verdict = entry.reply.status === 'answered' && options ? withModelReading(entry.reply.verdict, options, lens) : undefined;
    if (entry.reply.status !== 'answered' || !verdict) return entry;
    modelRead += 1;
    return { ...entry, reply: { ...entry.reply, verdict } };
  });
  return {
    replies: read,
    readingMethod: modelRead > 0 ? 'model' : 'rules',
    costUsd: totalCostUsd(results.map((result) => result?.costUsd)),
  };
}

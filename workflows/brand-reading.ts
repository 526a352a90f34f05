import type { BrandReadings } from '../activities/read-brand-answers';
import type { AnalysedReply } from '../domain/brand/report/compose';
import { namesOf, readingBatches, type ModelReading, type OptionsOnlyReading, type ReadAnswer } from '../domain/brand/reader/model-reading';
import { withModelReading, type ReadingLens } from '../domain/brand/reader/model-verdict';
import type { BrandQuestion } from '../domain/brand/questions';
import type { BrandReport } from '../domain/brand/report/report-schema';
import { totalCostUsd } from '../domain/shared/cost';
import type { AnalysisStages } from './analysis-stages';
import type { Progress } from './progress';

export interface BrandReading {
  replies: AnalysedReply[];
  readingMethod: NonNullable<BrandReport['readingMethod']>;
  /** What the model's requests cost; counted in the report's costUsd. */
  costUsd?: number | null;
}

/** A batch's result as a run may have recorded it: readings of either shape (docs/operations-replay.md). */
type RecordedReadings = Omit<BrandReadings, 'readings'> & { readings?: (ModelReading | OptionsOnlyReading)[] };

/**
 * With an analysis platform, its model reads the answered replies, READ_BATCH a request, each request
 * a task on that platform's queue (its budget counts each, and the report's costUsd its price). An
 * answer it reads validly is read its way (domain/brand/reader/model-verdict.ts); the others keep the rules'
 * reading and say why. Every answered reply says who read it; the method is `model` when the model
 * read any answer.
 */
export async function readBrandReplies(
  progress: Progress,
  stages: AnalysisStages,
  lens: ReadingLens,
  questions: readonly BrandQuestion[],
  replies: AnalysedReply[],
): Promise<BrandReading> {
  const byRules = replies.map((entry) => (entry.reply.status === 'answered' ? { ...entry, reading: { readBy: 'rules' as const } } : entry));
  if (stages.platformId === null) return { replies: byRules, readingMethod: 'rules' };
  const questionText = new Map(questions.map((question) => [question.id, question.text]));
  const keyOf = (index: number) => `a${index + 1}`;
  const answered = replies.flatMap(({ questionId, reply }, index) =>
    reply.status === 'answered' ? [{ key: keyOf(index), question: questionText.get(questionId) ?? '', answer: reply.answer }] : [],
  );
  const batches = readingBatches(answered);
  const results: (RecordedReadings | undefined)[] = await Promise.all(
    batches.map((answers, index) =>
      progress.optional(
        batches.length > 1 ? `reading:${index + 1}` : 'reading',
        'Reading the answers with the analysis model',
        stages.readBrandAnswers,
        { answers },
      ),
    ),
  );
  const outcomes = readingOutcomes(batches, results);
  let modelRead = 0;
  const read = byRules.map((entry, index) => {
    const outcome = outcomes.get(keyOf(index));
    if (entry.reply.status !== 'answered' || !outcome) return entry;
    const applied = 'reading' in outcome ? withModelReading(entry.reply.verdict, outcome.reading, lens) : outcome;
    if ('fallback' in applied) return { ...entry, reading: { readBy: 'rules' as const, readingFallback: applied.fallback } };
    modelRead += 1;
    return { ...entry, reply: { ...entry.reply, verdict: applied.verdict }, reading: applied.reading };
  });
  return {
    replies: read,
    readingMethod: modelRead > 0 ? 'model' : 'rules',
    costUsd: totalCostUsd(results.map((result) => result?.costUsd)),
  };
}

/** Per answer key, the model's reading of it, or why there is none. */
function readingOutcomes(
  batches: readonly ReadAnswer[][],
  results: readonly (RecordedReadings | undefined)[],
): Map<string, { reading: ModelReading } | { fallback: string }> {
  const outcomes = new Map<string, { reading: ModelReading } | { fallback: string }>();
  batches.forEach((answers, index) => {
    const result = results[index];
    const readings = new Map((result?.readings ?? []).map((reading) => [reading.key, namesOf(reading)]));
    for (const { key } of answers) {
      const reading = readings.get(key);
      const fallback =
        result === undefined
          ? 'the analysis model could not be asked (its reading task failed)'
          : (result.failure ??
            (result.readings ? "the analysis model's reply left this answer out" : 'the analysis model gave no reading'));
      outcomes.set(key, reading ? { reading } : { fallback });
    }
  });
  return outcomes;
}

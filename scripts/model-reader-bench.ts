/**
 * `npm run bench:brand-answers -- --reader model`: the reading model (ANALYSIS_PLATFORM, ANALYSIS_MODEL and
 * that platform's key) reads every labelled answer once, READ_BATCH to a request as a diagnosis does
 * (activities/read-brand-answers.ts), and each answer is then read for each labelled option as the
 * diagnosis reads it: the rules with the model's reading in them, the rules alone where it fell back
 * (domain/brand/reader/model-verdict.ts). Without a configured model it says so and measures nothing.
 */
import { analyseBrandAnswer } from '../domain/brand/reader/answer';
import { readingBatches, type ModelReading } from '../domain/brand/reader/model-reading';
import { withModelReading } from '../domain/brand/reader/model-verdict';
import { parseConfig } from '../domain/shared/config';
import { platformDefinition } from '../domain/shared/platforms';
import { platformSetting } from '../domain/shared/platform-choice';
import { PlatformError } from '../infra/platform-client';
import { readAnswers } from '../activities/read-brand-answers';
import { analysisRequest } from '../activities/support/ask-analysis-platform';
import {
  ABSENT_BRAND,
  inputOf,
  measureBrandAnswers,
  type AnswerReader,
  type BrandAnswerMeasures,
  type LabelledAnswer,
} from './brand-answer-measures';

export interface ModelReaderRun {
  reader: AnswerReader;
  /** The model's name as configured, its requests, what they cost, and the answers it read. */
  model: string;
  requests: number;
  costUsd: number;
  read: number;
  /** Why the rules stand for the answers the model did not read, with how many. */
  fallbacks: Map<string, number>;
}

/** Requests in flight at once: well under any vendor's entry budget. */
const PARALLEL = 3;

/** Why no model can read here, or undefined when one can. */
export function modelReaderAbsent(env: NodeJS.ProcessEnv): string | undefined {
  const config = parseConfig(env);
  const request = analysisRequest(config);
  if (!request) return 'ANALYSIS_PLATFORM is not set (and ANALYSIS_MODEL, optionally): the model reader was not measured.';
  if (!request.platformConfig.apiKey)
    return `ANALYSIS_PLATFORM is ${request.platformId} but its key is not set (${platformSetting(platformDefinition(request.platformId))}): the model reader was not measured.`;
  return undefined;
}

export async function modelReader(items: readonly LabelledAnswer[], env: NodeJS.ProcessEnv): Promise<ModelReaderRun> {
  const config = parseConfig(env);
  const request = analysisRequest(config)!;
  const ask = async (prompt: string, output: Parameters<typeof request.ask>[1]) => {
    try {
      const reply = await request.ask(prompt, output);
      return { text: reply.text, costUsd: reply.costUsd };
    } catch (error) {
      if (error instanceof PlatformError) return { failed: error.message };
      throw error;
    }
  };
  // Keys a1, a2, … in each request, as a diagnosis numbers its answers.
  const batches = readingBatches(items.map((item, index) => ({ key: `a${index + 1}`, question: item.query, answer: item.answer })));
  const results = new Array<Awaited<ReturnType<typeof readAnswers>>>(batches.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let at = next++; at < batches.length; at = next++) results[at] = await readAnswers(ask, batches[at]!);
    }),
  );
  const readings = new Map<string, ModelReading | string>();
  batches.forEach((batch, index) => {
    const result = results[index];
    const byKey = new Map((result?.readings ?? []).map((reading) => [reading.key, reading]));
    for (const { key } of batch) readings.set(key, byKey.get(key) ?? result?.failure ?? "the analysis model's reply left this answer out");
  });
  const keyOf = new Map(items.map((item, index) => [item, `a${index + 1}`]));
  const fallbacks = new Map<string, number>();
  let read = 0;
  for (const item of items) {
    const outcome = outcomeOf(item, readings.get(keyOf.get(item)!)!, ABSENT_BRAND, []);
    if ('fallback' in outcome) fallbacks.set(outcome.fallback, (fallbacks.get(outcome.fallback) ?? 0) + 1);
    else read += 1;
  }
  return {
    reader: (item, brand, aliases) => {
      const outcome = outcomeOf(item, readings.get(keyOf.get(item)!)!, brand, aliases);
      return 'verdict' in outcome ? outcome.verdict : outcome.rules;
    },
    model: request.platformConfig.model ?? request.platformId,
    requests: batches.length,
    costUsd: results.reduce((sum, result) => sum + (result?.costUsd ?? 0), 0),
    read,
    fallbacks,
  };
}

function outcomeOf(item: LabelledAnswer, reading: ModelReading | string, brand: string, aliases: readonly string[]) {
  const rules = analyseBrandAnswer(inputOf(item, brand, aliases));
  if (typeof reading === 'string') return { fallback: reading, rules };
  const applied = withModelReading(rules, reading, { brand, aliases, competitors: [] });
  return 'verdict' in applied ? applied : { ...applied, rules };
}

/** Each set measured by the rules and by the model reader, as columns for the bench's table; or a sentence saying why not. */
export async function modelReaderColumns(
  sets: readonly { name: string; items: LabelledAnswer[]; measures: BrandAnswerMeasures }[],
  env: NodeJS.ProcessEnv,
): Promise<{ columns: { name: string; measures: BrandAnswerMeasures }[]; lines: string[] } | { absent: string }> {
  const absent = modelReaderAbsent(env);
  if (absent) return { absent };
  const columns: { name: string; measures: BrandAnswerMeasures }[] = [];
  const lines: string[] = [];
  for (const set of sets) {
    const run = await modelReader(set.items, env);
    columns.push(
      { name: `${set.name} (rules)`, measures: set.measures },
      { name: `${set.name} (model)`, measures: measureBrandAnswers(set.items, run.reader) },
    );
    const reasons = [...run.fallbacks].sort((a, b) => b[1] - a[1]).map(([reason, count]) => `${count}× ${reason}`);
    lines.push(
      `${set.name}: ${run.model} read ${run.read} of ${set.items.length} answers in ${run.requests} requests ($${run.costUsd.toFixed(4)})${reasons.length > 0 ? `; the rules stand for the others: ${reasons.join('; ')}` : ''}`,
    );
  }
  return { columns, lines };
}

import { Context } from '@temporalio/activity';
import type { StructuredOutput } from '../domain/shared/structured-output';
import { READING_OUTPUT, readingPrompt, readingsFromModel, type ModelReading, type ReadAnswer } from '../domain/brand/reader/model-reading';
import { tryAnalysisPlatform, type AnalysisConfig, type AnalysisReply } from './support/ask-analysis-platform';

/**
 * The model's validated readings of a batch and what the request cost; when its request failed or its
 * reply was not the JSON asked for, no readings and why (the answers then keep the rules' reading, and
 * say so).
 */
export interface BrandReadings {
  readings?: ModelReading[];
  costUsd: number | null;
  failure?: string;
}

/** One request to the analysis model: its reply, the vendor's failure as a sentence, or undefined when none is configured. */
export type AskAnalysis = (prompt: string, output: StructuredOutput) => Promise<AnalysisReply | { failed: string } | undefined>;

/**
 * With ANALYSIS_PLATFORM set, that model reads one batch of answers (READ_BATCH) as structured output:
 * every name with its role, the options in order, each name checked against its answer
 * (domain/brand/reader/model-reading.ts). Undefined when no model is configured.
 */
export function createReadBrandAnswers(config: AnalysisConfig) {
  return async function readBrandAnswers({ answers }: { answers: ReadAnswer[] }): Promise<BrandReadings | undefined> {
    const context = Context.current();
    const read = await readAnswers((prompt, output) => tryAnalysisPlatform(config, prompt, context, output), answers);
    if (read?.failure) context.log.warn('no reading by the analysis model; the rules stand', { failure: read.failure });
    return read;
  };
}

/** A batch read by `ask` (the activity's platform, or the benchmark's). */
export async function readAnswers(ask: AskAnalysis, answers: readonly ReadAnswer[]): Promise<BrandReadings | undefined> {
  if (answers.length === 0) return undefined;
  const reply = await ask(readingPrompt(answers), READING_OUTPUT);
  if (reply === undefined) return undefined;
  if ('failed' in reply) return { costUsd: null, failure: `the analysis model's request failed: ${reply.failed}` };
  const read = readingsFromModel(reply.text, answers);
  if ('readings' in read) return { readings: read.readings, costUsd: reply.costUsd };
  return { costUsd: reply.costUsd, failure: `the analysis model's reading was invalid: ${read.problem}` };
}

import { Context } from '@temporalio/activity';
import { READING_OUTPUT, readingPrompt, readingsFromModel, type ModelReading, type ReadAnswer } from '../domain/brand/model-reading';
import { tryAnalysisPlatform, type AnalysisConfig } from './support/ask-analysis-platform';

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

/**
 * With ANALYSIS_PLATFORM set, that model reads one batch of answers (READ_BATCH) as structured output:
 * every name with its role, the options in order, each name checked against its answer
 * (domain/brand/model-reading.ts). Undefined when no model is configured.
 */
export function createReadBrandAnswers(config: AnalysisConfig) {
  return async function readBrandAnswers({ answers }: { answers: ReadAnswer[] }): Promise<BrandReadings | undefined> {
    if (!config.analysis || answers.length === 0) return undefined;
    const reply = await tryAnalysisPlatform(config, readingPrompt(answers), Context.current(), READING_OUTPUT);
    if (reply === undefined) return undefined;
    if ('failed' in reply) return { costUsd: null, failure: `the analysis model's request failed: ${reply.failed}` };
    const read = readingsFromModel(reply.text, answers);
    if ('readings' in read) return { readings: read.readings, costUsd: reply.costUsd };
    Context.current().log.warn('analysis platform gave no usable reading of the answers; the rules stand', { problem: read.problem });
    return { costUsd: reply.costUsd, failure: `the analysis model's reading was invalid: ${read.problem}` };
  };
}

import { Context } from '@temporalio/activity';
import { READING_OUTPUT, readingPrompt, readingsFromModel, type ModelReading, type ReadAnswer } from '../domain/brand/model-reading';
import { askAnalysisPlatform, type AnalysisConfig } from './support/ask-analysis-platform';

/** The model's validated readings of a batch (none when its request failed or did not parse) and what the request cost. */
export interface BrandReadings {
  readings?: ModelReading[];
  costUsd: number | null;
}

/**
 * With ANALYSIS_PLATFORM set, that model lists the options of one batch of answers (READ_BATCH) as
 * structured output, each name checked against its answer (domain/brand/model-reading.ts). Undefined
 * when no model is configured; no readings when the request fails or its reply does not parse: the
 * rules' reading then stands for those answers.
 */
export function createReadBrandAnswers(config: AnalysisConfig) {
  return async function readBrandAnswers({ answers }: { answers: ReadAnswer[] }): Promise<BrandReadings | undefined> {
    if (!config.analysis || answers.length === 0) return undefined;
    const reply = await askAnalysisPlatform(config, readingPrompt(answers), Context.current(), READING_OUTPUT);
    const readings = reply === undefined ? undefined : readingsFromModel(reply.text, answers);
    if (reply !== undefined && readings === undefined)
      Context.current().log.warn('analysis platform gave no usable reading of the answers; the rules stand');
    return { ...(readings ? { readings } : {}), costUsd: reply?.costUsd ?? null };
  };
}

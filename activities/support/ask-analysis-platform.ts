import type { Context } from '@temporalio/activity';
import type { Config } from '../../domain/shared/config';
import { platformDefinition } from '../../domain/shared/platforms';
import type { StructuredOutput } from '../../domain/shared/structured-output';
import { PlatformError, requestAnswer } from '../../infra/platform-client';
import { recordPlatformCall } from './vendor-metrics';

/** What asking the analysis platform reads of the configuration: which platform (and model), its key and prices. */
export type AnalysisConfig = Pick<Config, 'analysis' | 'platforms' | 'prices'>;

/** The analysis platform's answer, and what it cost (added to the report's costUsd). */
export interface AnalysisReply {
  text: string;
  costUsd: number | null;
}

/**
 * Asks the analysis platform (ANALYSIS_PLATFORM, ANALYSIS_MODEL) one question, for a reply in the
 * `output` shape when one is given (the vendor's structured output); undefined when none is configured
 * or it fails, so that the caller falls back to its templates or rules: a failing analysis model
 * costs a check nothing but the model's suggestions.
 */
export async function askAnalysisPlatform(
  config: AnalysisConfig,
  prompt: string,
  context: Context,
  output?: StructuredOutput,
): Promise<AnalysisReply | undefined> {
  const reply = await tryAnalysisPlatform(config, prompt, context, output);
  return reply && 'failed' in reply ? undefined : reply;
}

/** As askAnalysisPlatform, with the vendor's failure as a sentence where the caller records why it fell back. */
export async function tryAnalysisPlatform(
  config: AnalysisConfig,
  prompt: string,
  context: Context,
  output?: StructuredOutput,
): Promise<AnalysisReply | { failed: string } | undefined> {
  const request = analysisRequest(config);
  if (!request) return undefined;
  try {
    const reply = await request.ask(prompt, output, context.cancellationSignal);
    recordPlatformCall(context, request.platformId, { answered: reply });
    return { text: reply.text, costUsd: reply.costUsd };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    recordPlatformCall(context, request.platformId, { failed: error });
    context.log.warn('analysis platform failed; templates and rules stand', { platform: request.platformId, error: error.message });
    return { failed: error.message };
  }
}

/**
 * The analysis platform's request, undefined when none is configured: asked from memory on the analysis
 * model, in the `output` shape when one is given; it throws PlatformError as the vendor fails. The
 * activities count and log it; the brand-answer benchmark asks through it too.
 */
export function analysisRequest(config: AnalysisConfig) {
  if (!config.analysis) return undefined;
  const platform = platformDefinition(config.analysis.platformId);
  // Proposing questions and judging text needs no web search: asked from memory, it is cheaper and faster.
  const platformConfig = {
    ...config.platforms[config.analysis.platformId],
    webSearch: false,
    ...(config.analysis.model ? { model: config.analysis.model } : {}),
  };
  return {
    platformId: config.analysis.platformId,
    platformConfig,
    ask: (prompt: string, output?: StructuredOutput, signal?: AbortSignal) =>
      requestAnswer(platform, platformConfig, config.prices, prompt, { signal, output }),
  };
}

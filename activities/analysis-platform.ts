import type { Config } from '../domain/shared/config';
import type { PlatformId } from '../domain/shared/platforms';

/**
 * Which platform writes questions and judges coverage (ANALYSIS_PLATFORM), or null: a local activity,
 * so the workflow can put those stages on that platform's queue, under its budget.
 */
export function createAnalysisPlatform(config: Config) {
  return async function analysisPlatform(): Promise<PlatformId | null> {
    return config.analysis?.platformId ?? null;
  };
}

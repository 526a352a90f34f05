import { Context } from '@temporalio/activity';
import { questionPrompt, questionsFromModel, templateQuestions, type BrandQuestion } from '../domain/brand/questions';
import type { Config } from '../domain/config';
import { PLATFORMS } from '../domain/platforms';
import { askPlatform, PlatformError } from '../infra/platform-client';

export interface DiagnosisPlan {
  questions: BrandQuestion[];
  /** Times each platform is asked each question (BRAND_RUNS): answers vary from run to run. */
  runs: number;
  /** Questions asked of one platform at once by this diagnosis (PLATFORM_CONCURRENCY). */
  platformConcurrency: number;
}

/**
 * The questions of a brand diagnosis: from the analysis platform when one is configured (its JSON
 * validated, de-duplicated and topped up from the templates), else from the templates alone. A
 * platform that fails here costs nothing but the model's questions.
 */
export function createPlanDiagnosis(config: Config) {
  return async function planDiagnosis({ keyword, brand }: { keyword: string; brand: string }): Promise<DiagnosisPlan> {
    const count = config.brand.questions;
    const plan = { runs: config.brand.runs, platformConcurrency: config.platformConcurrency };
    if (!config.analysis) return { questions: templateQuestions({ keyword, brand, count }), ...plan };

    const platform = PLATFORMS.find((candidate) => candidate.id === config.analysis!.platformId)!;
    const platformConfig = { ...config.platforms[platform.id], ...(config.analysis.model ? { model: config.analysis.model } : {}) };
    try {
      const reply = await askPlatform(platform, platformConfig, questionPrompt({ keyword, brand, count }), { signal: Context.current().cancellationSignal });
      return { questions: questionsFromModel(reply.text, { keyword, brand, count }), ...plan };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      Context.current().log.warn('analysis platform failed; questions from templates', { platform: platform.id, error: error.message });
      return { questions: templateQuestions({ keyword, brand, count }), ...plan };
    }
  };
}

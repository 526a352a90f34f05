import { Context } from '@temporalio/activity';
import { questionPrompt, questionsFromModel, templateQuestions, type BrandQuestion } from '../domain/brand/questions';
import type { Config } from '../domain/shared/config';
import { askAnalysisPlatform, type AnalysisConfig } from './support/ask-analysis-platform';

export interface DiagnosisPlan {
  questions: BrandQuestion[];
  /** Times each platform is asked each question (BRAND_RUNS): answers vary from run to run. */
  runs: number;
  /** What the analysis platform's request cost, when one was made (added to the report's costUsd). */
  analysisCostUsd?: number | null;
}

/**
 * The questions of a brand diagnosis: from the analysis platform when one is configured (its JSON
 * validated, de-duplicated and topped up from the templates), else from the templates alone.
 */
export function createPlanDiagnosis(config: AnalysisConfig & Pick<Config, 'brand'>) {
  return async function planDiagnosis({
    keyword,
    brand,
    language,
  }: {
    keyword: string;
    brand: string;
    language?: string;
  }): Promise<DiagnosisPlan> {
    const plan = { keyword, brand, count: config.brand.questions, ...(language ? { language } : {}) };
    const proposal = await askAnalysisPlatform(config, questionPrompt(plan), Context.current());
    const questions = proposal === undefined ? templateQuestions(plan) : questionsFromModel(proposal.text, plan);
    return { questions, runs: config.brand.runs, ...(proposal ? { analysisCostUsd: proposal.costUsd } : {}) };
  };
}

import { Context } from '@temporalio/activity';
import {
  questionPrompt,
  questionsFromModel,
  templateQuestions,
  type ArticleOutline,
  type ArticleQuestion,
} from '../domain/article/questions';
import type { Config } from '../domain/shared/config';
import { askAnalysisPlatform, type AnalysisConfig } from './support/ask-analysis-platform';

/**
 * The questions of an article check (ARTICLE_QUESTIONS): from the analysis platform when one is
 * configured (checked and topped up from the templates), else from the title and headings.
 */
export function createPlanArticleQuestions(config: AnalysisConfig & Pick<Config, 'article'>) {
  return async function planArticleQuestions(
    outline: Omit<ArticleOutline, 'count'>,
  ): Promise<{ questions: ArticleQuestion[]; analysisCostUsd?: number | null }> {
    const plan = { ...outline, count: config.article.questions };
    const proposal = await askAnalysisPlatform(config, questionPrompt(plan), Context.current());
    return {
      questions: proposal === undefined ? templateQuestions(plan) : questionsFromModel(proposal.text, plan),
      ...(proposal ? { analysisCostUsd: proposal.costUsd } : {}),
    };
  };
}

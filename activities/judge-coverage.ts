import { Context } from '@temporalio/activity';
import { judgeBatches, judgePrompt, parseJudgement, type AnswerJudgement, type JudgedAnswer } from '../domain/article/judge';
import type { KeyPoint } from '../domain/article/key-points';
import { totalCostUsd } from '../domain/shared/cost';
import { askAnalysisPlatform, type AnalysisConfig } from './support/ask-analysis-platform';

/** The model's judgements (none when a request failed or did not parse) and what its requests cost. */
export interface CoverageJudgement {
  judgements?: AnswerJudgement[];
  costUsd: number | null;
}

/**
 * With ANALYSIS_PLATFORM set, that model judges which key points each answer states (domain/article/judge.ts),
 * JUDGE_BATCH answers a request. Undefined when no model is configured; no judgements when any
 * request fails or does not parse: the lexical coverage then stands for the whole report.
 * (Runs started before the cost was counted recorded the judgements alone, an array.)
 */
export function createJudgeCoverage(config: AnalysisConfig) {
  return async function judgeCoverage({
    keyPoints,
    answers,
  }: {
    keyPoints: KeyPoint[];
    answers: JudgedAnswer[];
  }): Promise<CoverageJudgement | undefined> {
    if (!config.analysis || keyPoints.length === 0 || answers.length === 0) return undefined;
    const judged = await Promise.all(
      judgeBatches(answers).map(async (batch) => {
        const reply = await askAnalysisPlatform(config, judgePrompt(keyPoints, batch), Context.current());
        return { judged: reply === undefined ? undefined : parseJudgement(reply.text, keyPoints, batch), costUsd: reply?.costUsd };
      }),
    );
    const costUsd = totalCostUsd(judged.map((batch) => batch.costUsd));
    if (judged.some((batch) => batch.judged === undefined)) {
      Context.current().log.warn('analysis platform gave no usable coverage judgement; lexical coverage stands');
      return { costUsd };
    }
    return { judgements: judged.flatMap((batch) => batch.judged!), costUsd };
  };
}

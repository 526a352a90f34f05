import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { CoverageJudgement } from '../activities/judge-coverage';
import { judgeBatches, type JudgedAnswer } from '../domain/article/judge';
import type { KeyPoint } from '../domain/article/key-points';
import { totalCostUsd } from '../domain/shared/cost';
import { platformTaskQueue } from '../domain/shared/platform-budgets';
import type { PlatformId } from '../domain/shared/platforms';
import type { Progress } from './progress';
import { planning, PLANNING_ATTEMPTS, type PlanningActivities } from './stage-options';

export type AnalysisStages = typeof planning & {
  /** The analysis platform (ANALYSIS_PLATFORM), or null: none. */
  platformId: PlatformId | null;
};

/**
 * The stages that ask the analysis platform (question writing, the coverage judge), on that platform's
 * own task queue: its budget, priority and fairness count them as they count the questions.
 */
export function analysisStages(platformId: PlatformId | null): AnalysisStages {
  const stages =
    platformId === null
      ? planning
      : proxyActivities<PlanningActivities>({ ...PLANNING_ATTEMPTS, taskQueue: platformTaskQueue(workflowInfo().taskQueue, platformId) });
  // Picked into a plain object: an activity proxy resolved from an async function would be awaited as a thenable.
  return {
    planDiagnosis: stages.planDiagnosis,
    planArticleQuestions: stages.planArticleQuestions,
    judgeCoverage: stages.judgeCoverage,
    readBrandAnswers: stages.readBrandAnswers,
    platformId,
  };
}

/**
 * The coverage judge, one task per request (JUDGE_BATCH answers), so the platform's budget counts each.
 * No judgements when any batch gives none: the lexical coverage then stands for the whole report.
 */
export async function judgeCoverage(
  progress: Progress,
  stages: AnalysisStages,
  input: { keyPoints: KeyPoint[]; answers: JudgedAnswer[] },
): Promise<CoverageJudgement | undefined> {
  const message = 'Judging which key points the answers state';
  const batches = judgeBatches(input.answers);
  const judged = await Promise.all(
    batches.map((answers, index) =>
      progress.optional(batches.length > 1 ? `coverage:${index + 1}` : 'coverage', message, stages.judgeCoverage, {
        keyPoints: input.keyPoints,
        answers,
      }),
    ),
  );
  const costUsd = totalCostUsd(judged.map((batch) => batch?.costUsd));
  if (judged.some((batch) => batch?.judgements === undefined))
    return judged.every((batch) => batch === undefined) ? undefined : { costUsd };
  return { judgements: judged.flatMap((batch) => batch!.judgements!), costUsd };
}

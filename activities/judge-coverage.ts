import { Context } from '@temporalio/activity';
import type { Config } from '../domain/shared/config';
import { JUDGE_BATCH, judgePrompt, parseJudgement, type AnswerJudgement, type JudgedAnswer } from '../domain/article/judge';
import type { KeyPoint } from '../domain/article/key-points';
import { askAnalysisPlatform } from './support/analysis-platform';

/**
 * With ANALYSIS_PLATFORM set, that model judges which key points each answer states (domain/article/judge.ts),
 * JUDGE_BATCH answers a request. Undefined when no model is configured, or when any request fails or
 * does not parse: the lexical coverage then stands for the whole report.
 */
export function createJudgeCoverage(config: Config) {
  return async function judgeCoverage({ keyPoints, answers }: { keyPoints: KeyPoint[]; answers: JudgedAnswer[] }): Promise<AnswerJudgement[] | undefined> {
    if (!config.analysis || keyPoints.length === 0 || answers.length === 0) return undefined;
    const batches: JudgedAnswer[][] = [];
    for (let start = 0; start < answers.length; start += JUDGE_BATCH) batches.push(answers.slice(start, start + JUDGE_BATCH));
    const judged = await Promise.all(
      batches.map(async (batch) => {
        const reply = await askAnalysisPlatform(config, judgePrompt(keyPoints, batch), Context.current());
        return reply === undefined ? undefined : parseJudgement(reply, keyPoints, batch);
      }),
    );
    if (judged.some((batch) => batch === undefined)) {
      Context.current().log.warn('analysis platform gave no usable coverage judgement; lexical coverage stands');
      return undefined;
    }
    return judged.flatMap((batch) => batch!);
  };
}

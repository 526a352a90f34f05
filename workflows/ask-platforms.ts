import { ApplicationFailure, TimeoutFailure, workflowInfo } from '@temporalio/workflow';
import type { PlatformQuestion } from '../activities/ask-platform';
import { isVerdictOf, type Lens, type VerdictOf } from '../domain/lenses';
import { platformTaskQueue } from '../domain/shared/platform-budgets';
import { platformErrorReply, type PlatformReply } from '../domain/shared/platform-reply';
import type { RunPlatform } from '../domain/shared/platforms';
import type { Market } from '../domain/shared/market';
import { askActivityId } from '../contract/workflow-contract';
import { causeChain, FAILURE, INTERNAL_FAILURE } from '../contract/failures';
import { askTimeouts, missedDeadlineMessage, type AskDeadline, type MissedDeadline } from '../domain/shared/ask-deadline';
import { NOT_STARTED_IN_TIME, type Progress } from './progress';
import { platform, survey } from './stage-options';
import { askAttemptTimeoutMs } from '../domain/shared/answer-timeouts';

/**
 * The ask activity of a profile, routed to the platform's own task queue, where Temporal hands it out
 * no faster than the platform's budget; its activity ID names the platform and the stage, so the
 * gateway can say which step waits for which budget.
 */
function onPlatformQueue(
  profile: typeof platform,
  { id: platformId, timeoutMs }: RunPlatform,
  stage: string,
  timeouts: ReturnType<typeof askTimeouts> = undefined,
) {
  const options = {
    taskQueue: platformTaskQueue(workflowInfo().taskQueue, platformId),
    activityId: askActivityId(platformId, stage),
    // An attempt outlasts the platform's own request limit (the ChatGPT app's scraper takes up to 90 s).
    ...(timeoutMs === undefined ? {} : { startToCloseTimeout: askAttemptTimeoutMs(timeoutMs) }),
    ...timeouts,
  };
  return {
    executeWithOptions: (callOptions: { summary: string }, args: Parameters<typeof profile.askPlatform>) =>
      profile.askPlatform.executeWithOptions({ ...callOptions, ...options }, args),
  };
}

/**
 * Which of the deadline's limits an ask's failure is, if any: still queued at its startBy, or turned
 * back by the worker that took it too late for the platform's answer time, or not done by `answersBy`.
 */
function missedDeadline(error: unknown): MissedDeadline | undefined {
  for (const cause of causeChain(error)) {
    if (cause instanceof ApplicationFailure && cause.type === FAILURE.notAskedInTime) return 'not-asked';
    if (cause instanceof TimeoutFailure && cause.timeoutType === 'SCHEDULE_TO_START') return 'not-asked';
    if (cause instanceof TimeoutFailure && cause.timeoutType === 'SCHEDULE_TO_CLOSE') return 'not-answered';
  }
  return undefined;
}

/**
 * Asks one platform one question as its own stage. When the platform still fails after its retries,
 * the reply is `error` with the reason and the check goes on: one platform never fails a check. With
 * a deadline (a check a person waits for), the question waits for its budget only while an answer can
 * still come in time; past that it is `error` with `missedDeadline` and says why.
 */
export async function askStage<L extends Lens>(
  progress: Progress,
  stage: string,
  message: string,
  runPlatform: RunPlatform,
  question: PlatformQuestion<L>,
  { profile = platform, deadline }: { profile?: typeof platform; deadline?: AskDeadline } = {},
): Promise<PlatformReply<VerdictOf<L>>> {
  const { name } = runPlatform;
  const late = (missed: MissedDeadline): PlatformReply<never> => ({
    ...platformErrorReply(question.platformId, name, '', missedDeadlineMessage(name, missed, deadline!)),
    missedDeadline: missed,
  });
  const timeouts = deadline && askTimeouts(deadline, question.platformId, Date.now());
  if (deadline && !timeouts) {
    progress.skipped(stage, message, NOT_STARTED_IN_TIME);
    return late('not-asked');
  }
  const reply = await progress.orElse(
    stage,
    message,
    (reason, error) => {
      const missed = deadline && missedDeadline(error);
      return missed ? late(missed) : platformErrorReply(question.platformId, name, '', reason);
    },
    onPlatformQueue(profile, runPlatform, stage, timeouts),
    // The worker that takes it judges again, by the platform's answer time then.
    deadline ? { ...question, window: { startedAt: deadline.startedAt, answersBy: deadline.answersBy } } : question,
  );
  if (reply.status !== 'answered') return reply;
  if (!isVerdictOf(question.lens, reply.verdict))
    throw ApplicationFailure.nonRetryable(
      `${name}'s answer came back read through another lens than the ${question.lens.kind} check's`,
      INTERNAL_FAILURE.lensMismatch,
    );
  return { ...reply, verdict: reply.verdict };
}

export interface SurveyQuestion {
  /** Names the question's stage: `ask:<platform>:<key>`. */
  key: string;
  text: string;
  /** Where it is asked from; unset: nowhere in particular (every run before markets). */
  market?: Market;
}

/**
 * Every platform of the run asked every question of a survey (a brand diagnosis, an article check), each its own
 * stage, all at once: each platform's questions wait in its own queue for its budget, so a platform
 * with a small budget does not hold the others back. The replies come back per platform, in the
 * questions' order.
 */
export function askEveryPlatform<L extends Lens>(
  progress: Progress,
  platforms: readonly RunPlatform[],
  questions: readonly SurveyQuestion[],
  lens: L,
): Promise<PlatformReply<VerdictOf<L>>[][]> {
  return Promise.all(
    platforms.map((definition) =>
      Promise.all(
        questions.map((question, index) =>
          askStage(
            progress,
            `ask:${definition.id}:${question.key}`,
            `Asking ${definition.name} ${index + 1} of ${questions.length} questions`,
            definition,
            { platformId: definition.id, question: question.text, lens, ...(question.market ? { market: question.market } : {}) },
            { profile: survey },
          ),
        ),
      ),
    ),
  );
}

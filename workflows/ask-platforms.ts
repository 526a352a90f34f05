import { ApplicationFailure, patched, workflowInfo } from '@temporalio/workflow';
import type { PlatformQuestion } from '../activities/ask-platform';
import { isVerdictOf, type Lens, type VerdictOf } from '../domain/lenses';
import { mapWithConcurrency } from '../domain/shared/concurrency';
import { platformTaskQueue } from '../domain/shared/platform-budgets';
import { platformErrorReply, type PlatformReply } from '../domain/shared/platform-reply';
import type { RunPlatform } from '../domain/shared/platforms';
import { askActivityId } from '../contract/workflow-contract';
import { INTERNAL_FAILURE } from '../contract/failures';
import type { Progress } from './progress';
import { platform, survey } from './stage-options';

/**
 * Runs started before the platform queues existed asked every question on the check's own queue (with
 * default activity IDs, and a diagnosis `lanes` questions at a time); they replay that way.
 */
const PLATFORM_QUEUES_PATCH = 'platform-task-queues';

/**
 * The ask activity of a profile, routed to the platform's own task queue, where Temporal hands it out
 * no faster than the platform's budget; its activity ID names the platform and the stage, so the
 * gateway can say which step waits for which budget.
 */
function onPlatformQueue(profile: typeof platform, platformId: PlatformQuestion['platformId'], stage: string) {
  const options = { taskQueue: platformTaskQueue(workflowInfo().taskQueue, platformId), activityId: askActivityId(platformId, stage) };
  return {
    executeWithOptions: (callOptions: { summary: string }, args: Parameters<typeof profile.askPlatform>) => profile.askPlatform.executeWithOptions({ ...callOptions, ...options }, args),
  };
}

/**
 * Asks one platform one question as its own stage. When the platform still fails after its retries,
 * the reply is `error` with the reason and the check goes on: one platform never fails a check.
 */
export async function askStage<L extends Lens>(progress: Progress, stage: string, message: string, { name }: RunPlatform, question: PlatformQuestion<L>, profile = platform): Promise<PlatformReply<VerdictOf<L>>> {
  const activity = patched(PLATFORM_QUEUES_PATCH) ? onPlatformQueue(profile, question.platformId, stage) : profile.askPlatform;
  const reply = await progress.orElse(stage, message, (reason) => platformErrorReply(question.platformId, name, '', reason), activity, question);
  if (reply.status !== 'answered') return reply;
  if (!isVerdictOf(question.lens, reply.verdict)) throw ApplicationFailure.nonRetryable(`${name}'s answer came back read through another lens than the ${question.lens.kind} check's`, INTERNAL_FAILURE.lensMismatch);
  return { ...reply, verdict: reply.verdict };
}

export interface SurveyQuestion {
  /** Names the question's stage: `ask:<platform>:<key>`. */
  key: string;
  text: string;
}

/**
 * Every platform of the run asked every question of a survey (a brand diagnosis, an article check), each its own
 * stage, all at once: each platform's questions wait in its own queue for its budget, so a platform
 * with a small budget does not hold the others back. The replies come back per platform, in the
 * questions' order. (`lanes`, the plan's PLATFORM_CONCURRENCY, only paces runs started before the
 * platform queues existed.)
 */
export function askEveryPlatform<L extends Lens>(progress: Progress, platforms: readonly RunPlatform[], questions: readonly SurveyQuestion[], lanes: number, lens: L): Promise<PlatformReply<VerdictOf<L>>[][]> {
  if (patched(PLATFORM_QUEUES_PATCH)) lanes = questions.length;
  return Promise.all(
    platforms.map((definition) =>
      mapWithConcurrency(questions, lanes, (question, index) =>
        askStage(progress, `ask:${definition.id}:${question.key}`, `Asking ${definition.name} ${index + 1} of ${questions.length} questions`, definition, { platformId: definition.id, question: question.text, lens }, survey),
      ),
    ),
  );
}

import type { PlatformQuestion, Lens, VerdictOf } from '../activities/ask-platform';
import { mapWithConcurrency } from '../domain/concurrency';
import { platformErrorReply, type PlatformReply } from '../domain/platform-reply';
import { PLATFORMS } from '../domain/platforms';
import type { Progress } from './progress';
import { platform, survey } from './stage-options';

/**
 * Asks one platform one question as its own stage. When the platform still fails after its retries,
 * the reply is `error` with the reason and the check goes on: one platform never fails a check.
 */
export function askPlatform<L extends Lens>(progress: Progress, stage: string, message: string, question: PlatformQuestion<L>, profile = platform): Promise<PlatformReply<VerdictOf<L>>> {
  const name = PLATFORMS.find((definition) => definition.id === question.platformId)!.name;
  const reply = progress.orElse(stage, message, (reason) => platformErrorReply(question.platformId, name, '', reason), profile.askPlatform, question);
  // The proxy loses the activity's type parameter; the lens decides the verdict's type.
  return reply as Promise<PlatformReply<VerdictOf<L>>>;
}

export interface SurveyQuestion {
  /** Names the question's stage: `ask:<platform>:<key>`. */
  key: string;
  text: string;
}

/**
 * Every platform asked every question of a survey (a brand diagnosis, an article check), each its own
 * stage. Each platform gets its own `lanes`, so a slow one does not hold the others back; the replies
 * come back per platform, in the questions' order.
 */
export function askEveryPlatform<L extends Lens>(progress: Progress, questions: readonly SurveyQuestion[], lanes: number, lens: L): Promise<PlatformReply<VerdictOf<L>>[][]> {
  return Promise.all(
    PLATFORMS.map((definition) =>
      mapWithConcurrency(questions, lanes, (question, index) =>
        askPlatform(progress, `ask:${definition.id}:${question.key}`, `Asking ${definition.name} ${index + 1} of ${questions.length} questions`, { platformId: definition.id, question: question.text, lens }, survey),
      ),
    ),
  );
}

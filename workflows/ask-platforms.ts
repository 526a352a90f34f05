import type { PlatformQuestion, Lens, VerdictOf } from '../activities/ask-platform';
import { platformErrorReply, type PlatformReply } from '../domain/platform-reply';
import { PLATFORMS } from '../domain/platforms';
import type { Progress } from './progress';
import { platform } from './stage-options';

/**
 * Asks one platform one question as its own stage. When the platform still fails after its retries,
 * the reply is `error` with the reason and the check goes on: one platform never fails a check.
 */
export function askPlatform<L extends Lens>(progress: Progress, stage: string, message: string, question: PlatformQuestion<L>): Promise<PlatformReply<VerdictOf<L>>> {
  const name = PLATFORMS.find((definition) => definition.id === question.platformId)!.name;
  return progress.orElse(stage, message, (reason) => platformErrorReply(question.platformId, name, '', reason), platform.askPlatform<L>, question);
}

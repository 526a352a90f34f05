import type { PlatformQuestion, Lens, VerdictOf } from '../activities/ask-platform';
import { platformErrorReply, type PlatformReply } from '../domain/platform-reply';
import { PLATFORMS } from '../domain/platforms';
import type { Progress } from './progress';
import { platform } from './stage-options';

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

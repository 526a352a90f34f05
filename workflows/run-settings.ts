import type { RunSettings } from '../activities/run-settings';
import type { PlatformChoice } from '../domain/shared/platform-choice';
import { settings } from './stage-options';

/**
 * What the run takes from the deployment's configuration (its platforms, its analysis platform), read
 * once, first, by an ordinary activity, and so kept in its history: workflow code never reads the
 * registry or the environment itself. Runs are pinned to their build (docs/operations-replay.md), so
 * this is no patch decision: every run of a build takes the same steps in the same order.
 */
export function settingsOfRun(choice?: PlatformChoice): Promise<RunSettings> {
  return settings.runSettings(choice);
}

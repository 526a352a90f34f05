import type { Config } from '../domain/shared/config';
import { choosePlatforms, type PlatformChoice } from '../domain/shared/platform-choice';
import type { RunPlatform } from '../domain/shared/platforms';

/**
 * The platforms this deployment asks for a check, as a local activity, so that a run records its list
 * in its history. No choice (runs of workflows before surfaces): the five assistants.
 */
export function createListPlatforms(config: Pick<Config, 'platforms'>) {
  return async function listPlatforms(choice?: PlatformChoice): Promise<RunPlatform[]> {
    return choosePlatforms(config.platforms, choice);
  };
}

import type { Config } from '../domain/shared/config';
import { choosePlatforms, type PlatformChoice } from '../domain/shared/platform-choice';
import type { PlatformId, RunPlatform } from '../domain/shared/platforms';

/** What a run takes from this deployment's configuration, read once at its start and kept in its history. */
export interface RunSettings {
  /** The platforms the run asks: a deployment that adds or removes one changes the runs started after it. */
  platforms: RunPlatform[];
  /** The platform that writes questions, judges coverage and reads answers (ANALYSIS_PLATFORM), or null. */
  analysisPlatform: PlatformId | null;
  /** Within how long a site check someone waits for answers (SITE_CHECK_DEADLINE_S); absent in histories recorded before it. */
  siteCheckDeadlineMs?: number;
  /** DataForSEO is configured for demand (docs/checks/brand.md, "Demand"); absent in histories recorded before it. */
  demand?: boolean;
}

/**
 * An ordinary activity, not a local one: its result is an event of its own, so however long it takes
 * (a loaded worker), the workflow's next commands are recorded after it, in the same place every time.
 */
export function createRunSettings(config: Pick<Config, 'platforms' | 'analysis' | 'siteCheckDeadlineMs' | 'demand'>) {
  /** No choice: the site check, and checks that name no platforms (every configured one; the site check's five assistants). */
  return async function runSettings(choice?: PlatformChoice): Promise<RunSettings> {
    return {
      platforms: choosePlatforms(config.platforms, choice),
      analysisPlatform: config.analysis?.platformId ?? null,
      siteCheckDeadlineMs: config.siteCheckDeadlineMs,
      demand: config.demand.apiKey !== undefined,
    };
  };
}

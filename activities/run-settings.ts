import type { Config } from '../domain/shared/config';
import { choosePlatforms, type PlatformChoice } from '../domain/shared/platform-choice';
import type { PlatformId, RunPlatform } from '../domain/shared/platforms';
import { measuredAnswerTimeMs } from '../domain/shared/answer-time';
import { DEFAULT_ANSWER_TIMEOUT_MS } from '../domain/shared/answer-timeouts';
import type { AnswerTimes } from '../infra/answer-times';

/** What a run takes from this deployment's configuration, read once at its start and kept in its history. */
export interface RunSettings {
  /** The platforms the run asks: a deployment that adds or removes one changes the runs started after it. */
  platforms: RunPlatform[];
  /** The platform that writes questions, judges coverage and reads answers (ANALYSIS_PLATFORM), or null. */
  analysisPlatform: PlatformId | null;
  /** Within how long a site check someone waits for answers (SITE_CHECK_DEADLINE_S); absent in histories recorded before it. */
  siteCheckDeadlineMs?: number;
  /**
   * How long each platform of the run takes to answer now, as measured from its recent answers across
   * the deployment (docs/platform-budgets.md, "The time promise"); a platform left out has too few
   * recent answers. Absent in histories recorded before it: the configured timeout stands.
   */
  answerTimeMs?: Partial<Record<PlatformId, number>>;
  /** DataForSEO is configured for demand (docs/checks/brand.md, "Demand"); absent in histories recorded before it. */
  demand?: boolean;
}

/**
 * An ordinary activity, not a local one: its result is an event of its own, so however long it takes
 * (a loaded worker), the workflow's next commands are recorded after it, in the same place every time.
 */
export function createRunSettings(
  config: Pick<Config, 'platforms' | 'analysis' | 'siteCheckDeadlineMs' | 'demand'>,
  answerTimes: AnswerTimes,
) {
  /** No choice: the site check, and checks that name no platforms (every configured one; the site check's five assistants). */
  return async function runSettings(choice?: PlatformChoice): Promise<RunSettings> {
    const platforms = choosePlatforms(config.platforms, choice);
    const now = Date.now();
    const measured = await Promise.all(
      platforms.map(
        async ({ id, timeoutMs }) =>
          [id, measuredAnswerTimeMs(await answerTimes.recent(id), now, timeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS)] as const,
      ),
    );
    return {
      platforms,
      analysisPlatform: config.analysis?.platformId ?? null,
      siteCheckDeadlineMs: config.siteCheckDeadlineMs,
      answerTimeMs: Object.fromEntries(measured.filter(([, ms]) => ms !== undefined)),
      demand: config.demand.apiKey !== undefined,
    };
  };
}

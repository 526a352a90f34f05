import { ANSWER_TIME_RULE, type AnswerSample } from '../domain/shared/answer-time';
import type { PlatformId } from '../domain/shared/platforms';
import { answerWithin, REDIS_ANSWER_MS, type Redis } from './redis';

/**
 * The platforms' recent answer times, where every worker of the deployment reads the same figures
 * (docs/platform-budgets.md, "The time promise"): one Redis list per platform, newest first, trimmed
 * to the rule's window. Each worker also keeps its own in memory, read while Redis cannot be reached
 * or does not answer within REDIS_ANSWER_MS (it then judges from its own answers alone) and when no
 * REDIS_URL is set (one worker).
 */
export interface AnswerTimes {
  /** One answer (or an attempt cut off after `ms`: the platform took at least that long). */
  record(platformId: PlatformId, ms: number, at?: number): Promise<void>;
  /** The kept answers, newest first. */
  recent(platformId: PlatformId): Promise<AnswerSample[]>;
}

/** The deployment's key prefix: its check queue names it, as it names the platforms' queues. */
export function answerTimesKey(taskQueue: string): string {
  return `aivis:answer-time:${taskQueue}`;
}

/** `keyPrefix` names the deployment (its check queue): its workers share one account per platform. */
export function createAnswerTimes(redis: Redis | undefined, keyPrefix: string): AnswerTimes {
  const memory = new Map<PlatformId, AnswerSample[]>();
  const key = (platformId: PlatformId) => `${keyPrefix}:${platformId}`;
  return {
    async record(platformId, ms, at = Date.now()) {
      memory.set(platformId, [{ at, ms }, ...(memory.get(platformId) ?? [])].slice(0, ANSWER_TIME_RULE.window));
      if (!redis) return;
      try {
        await answerWithin(
          REDIS_ANSWER_MS,
          redis
            .multi()
            .lPush(key(platformId), `${at}:${Math.round(ms)}`)
            .lTrim(key(platformId), 0, ANSWER_TIME_RULE.window - 1)
            .pExpire(key(platformId), ANSWER_TIME_RULE.maxAgeMs)
            .exec(),
        );
      } catch {
        // Kept in memory: the figure is a judgement, never worth failing an answer for.
      }
    },
    async recent(platformId) {
      if (redis)
        try {
          const entries = await answerWithin(REDIS_ANSWER_MS, redis.lRange(key(platformId), 0, -1));
          return entries.map(parseSample).filter((sample) => sample !== undefined);
        } catch {
          // Redis is away: this worker's own answers.
        }
      return memory.get(platformId) ?? [];
    },
  };
}

function parseSample(entry: string): AnswerSample | undefined {
  const [at, ms] = entry.split(':').map(Number);
  return Number.isFinite(at) && Number.isFinite(ms) ? { at: at!, ms: ms! } : undefined;
}

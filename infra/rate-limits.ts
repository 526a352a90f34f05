import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { limitPeriodSeconds, type RateLimitedOperation } from '../domain/shared/rate-limits';
import { answerWithin, REDIS_ANSWER_MS, type Redis } from './redis';

export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAt: Date;
}

export interface RateLimits {
  /** Counts one request by this client for this operation; `allowed` is false past the hourly limit. */
  consume(operation: RateLimitedOperation, client: string): Promise<RateLimitState>;
}

/**
 * Hourly limits per client and operation. With Redis, one atomic script per request, so every
 * gateway instance shares the count. When Redis cannot be reached or does not answer within
 * REDIS_ANSWER_MS (a frozen Redis keeps the socket open), requests are not refused for it:
 * each instance counts in its own memory until Redis is back (a client may then get up to N times
 * the limit across N instances, but never unlimited). A limit of 0 turns the limit off.
 */
export function createRateLimits(limits: Record<RateLimitedOperation, number>, redis?: Redis, keyPrefix = 'aivis:rl'): RateLimits {
  const limiters = new Map<RateLimitedOperation, { shared: RateLimiterAbstract; memory: RateLimiterMemory }>();
  for (const [operation, points] of Object.entries(limits) as [RateLimitedOperation, number][]) {
    if (points <= 0) continue;
    const duration = limitPeriodSeconds(operation);
    const memory = new RateLimiterMemory({ keyPrefix: `rl:${operation}`, points, duration });
    limiters.set(operation, {
      memory,
      shared: redis
        ? new RateLimiterRedis({
            storeClient: redis,
            useRedisPackage: true,
            keyPrefix: `${keyPrefix}:${operation}`,
            points,
            duration,
            insuranceLimiter: memory,
          })
        : memory,
    });
  }
  return {
    async consume(operation, client) {
      const limiter = limiters.get(operation);
      if (!limiter) return { allowed: true, limit: 0, remaining: 0, resetAt: new Date() };
      // A Redis that does not answer in time counts in this instance's memory, as one that cannot be reached.
      return answerWithin(REDIS_ANSWER_MS, count(limiter.shared, client)).catch(() => count(limiter.memory, client));
    },
  };
}

async function count(limiter: RateLimiterAbstract, client: string): Promise<RateLimitState> {
  try {
    return state(limiter.points, await limiter.consume(client), true);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return state(limiter.points, rejection, false);
    throw rejection;
  }
}

function state(limit: number, result: RateLimiterRes, allowed: boolean): RateLimitState {
  return { allowed, limit, remaining: Math.max(0, result.remainingPoints), resetAt: new Date(Date.now() + result.msBeforeNext) };
}

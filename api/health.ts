import type { Client } from '@temporalio/client';
import type { Db } from 'mongodb';
import { answerWithin, type Redis } from '../infra/redis';

export type DependencyName = 'temporal' | 'mongodb' | 'redis';
export type HealthProbes = Record<DependencyName, (() => Promise<unknown>) | undefined>;
export type DependencyState = 'ok' | 'down' | 'disabled';

const PROBE_TIMEOUT_MS = 2_000;

export function healthProbes(deps: { temporal: Client; db: Db; redis?: Redis }): HealthProbes {
  const { temporal, db, redis } = deps;
  return {
    temporal: () =>
      temporal.connection.withDeadline(Date.now() + PROBE_TIMEOUT_MS, () =>
        temporal.workflowService.describeNamespace({ namespace: temporal.options.namespace }),
      ),
    mongodb: () => db.command({ ping: 1 }, { timeoutMS: PROBE_TIMEOUT_MS }),
    redis: redis && redisProbe(redis),
  };
}

/** Redis answers a PING within the probe's time, or is down (a frozen Redis never answers). */
export const redisProbe = (redis: Redis) => () => answerWithin(PROBE_TIMEOUT_MS, redis.ping());

/** Each probe carries its own deadline, so a dependency that hangs reads as down. */
async function probe(check: (() => Promise<unknown>) | undefined): Promise<DependencyState> {
  if (!check) return 'disabled';
  try {
    await check();
    return 'ok';
  } catch {
    return 'down';
  }
}

export async function checkHealth(probes: HealthProbes): Promise<Record<DependencyName, DependencyState>> {
  const [temporal, mongodb, redis] = await Promise.all([probes.temporal, probes.mongodb, probes.redis].map(probe));
  return { temporal: temporal!, mongodb: mongodb!, redis: redis! };
}

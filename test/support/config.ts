import { parseConfig, type Config } from '../../domain/shared/config';
import { PLATFORMS } from '../../domain/shared/platforms';
import { LOCAL_REDIS_URL } from '../../dev/local-stack';
import { uniqueName } from './names';
import { withBuildId } from '../../infra/load-config';

/** Budgets that do not bind: only the tests about budgets (which set their own) wait for one. */
const UNBOUND_BUDGETS = Object.fromEntries(
  PLATFORMS.flatMap((platform) => [
    [`${platform.env}_RPM`, '60000'],
    [`${platform.env}_RPS`, '1000'],
  ]).concat([['DEMAND_RPM', '60000']]),
);

/** The configuration the tests run with: the environment's, with this file's own task queue and Redis. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig(
    withBuildId({
      ...UNBOUND_BUDGETS,
      ...process.env,
      TEMPORAL_TASK_QUEUE: uniqueName('test'),
      REDIS_URL: process.env.REDIS_URL ?? LOCAL_REDIS_URL,
      LOG_LEVEL: 'warn',
      ...overrides,
    }),
  );
}

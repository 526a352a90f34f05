import { parseConfig, type Config } from '../../domain/config';
import { LOCAL_REDIS_URL } from '../../scripts/local-stack';
import { uniqueName } from './names';

/** The configuration the tests run with: the environment's, with this file's own task queue and Redis. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    ...process.env,
    TEMPORAL_TASK_QUEUE: uniqueName('test'),
    REDIS_URL: process.env.REDIS_URL ?? LOCAL_REDIS_URL,
    LOG_LEVEL: 'warn',
    ...overrides,
  });
}

import { createAnswerTimes } from '../../infra/answer-times';
import { createRateLimits } from '../../infra/rate-limits';
import { createRedis, redisReady, type Redis } from '../../infra/redis';
import { checkHealth, redisProbe } from '../../api/health';
import { RATE_LIMITS, type RateLimitedOperation } from '../../domain/shared/rate-limits';
import { startPrivateRedis, type PrivateRedis } from '../support/private-redis';

/**
 * A frozen Redis (a stopped process: the connection stays open and nothing is answered) is Redis
 * away, not a hang: the gateway's rate limits count in memory, a worker's answer times come from its
 * own answers, and /healthz says Redis is down (docs/http-api.md).
 */

let redis: PrivateRedis;
let client: Redis;

beforeAll(async () => {
  redis = await startPrivateRedis();
  client = createRedis(redis.url);
  await redisReady(client);
});
afterAll(async () => {
  redis?.thaw();
  client?.destroy();
  await redis?.close();
});

test('with Redis frozen, requests are still counted and limited, answer times still read, and health says Redis is down', async () => {
  const only = (operation: RateLimitedOperation, points: number) =>
    Object.fromEntries(Object.keys(RATE_LIMITS).map((key) => [key, key === operation ? points : 0])) as Record<
      RateLimitedOperation,
      number
    >;
  const limits = createRateLimits(only('check', 2), client, 'aivis:rl:frozen');
  const health = () => checkHealth({ temporal: undefined, mongodb: undefined, redis: redisProbe(client) });
  const times = createAnswerTimes(client, 'aivis:answer-time:frozen');
  expect((await limits.consume('check', 'client-a')).allowed).toBe(true);
  await times.record('claude', 4_000);
  expect((await times.recent('claude')).map((sample) => sample.ms)).toEqual([4_000]);

  redis.freeze();
  // Counted in this instance's memory: the limit of 2 still holds for the client.
  expect((await limits.consume('check', 'client-b')).allowed).toBe(true);
  expect((await limits.consume('check', 'client-b')).allowed).toBe(true);
  expect((await limits.consume('check', 'client-b')).allowed).toBe(false);
  await times.record('claude', 6_000);
  expect((await times.recent('claude')).map((sample) => sample.ms)).toEqual([6_000, 4_000]);
  expect(await health()).toEqual({ temporal: 'disabled', mongodb: 'disabled', redis: 'down' });

  redis.thaw();
  expect(await health()).toMatchObject({ redis: 'ok' });
}, 60_000);

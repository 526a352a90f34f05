import { createRedis, redisReady, type Redis } from '../../infra/redis';
import { testConfig } from '../support/config';
import { uniqueName } from '../support/names';

const config = testConfig();
let redis: Redis;

beforeAll(async () => {
  redis = createRedis(config.redisUrl!);
  await redisReady(redis);
});
afterAll(() => redis.quit());

test('a counter is incremented and expires, as hourly rate limits need', async () => {
  const key = uniqueName('test:rate');
  expect(await redis.incr(key)).toBe(1);
  expect(await redis.incr(key)).toBe(2);
  expect(await redis.expire(key, 1)).toBe(1);
  expect(await redis.ttl(key)).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect(await redis.get(key)).toBeNull();
});

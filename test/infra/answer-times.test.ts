import { createRedis, redisReady, type Redis } from '../../infra/redis';
import { answerTimesKey, createAnswerTimes } from '../../infra/answer-times';
import { ANSWER_TIME_RULE, measuredAnswerTimeMs } from '../../domain/shared/answer-time';
import { testConfig } from '../support/config';
import { uniqueName } from '../support/names';

let redis: Redis;
let unreachable: Redis;

beforeAll(async () => {
  redis = createRedis(testConfig().redisUrl!);
  unreachable = createRedis('redis://127.0.0.1:1');
  await redisReady(redis);
});
afterAll(async () => {
  await redis.quit();
  unreachable.destroy();
});

test('two workers of one deployment read the same answer times: each one’s answers count for the other', async () => {
  const key = answerTimesKey(uniqueName('answer-times'));
  const [first, second] = [createAnswerTimes(redis, key), createAnswerTimes(redis, key)];
  for (const ms of [3_000, 3_200, 2_900]) await first.record('claude', ms);
  for (const ms of [3_100, 9_000]) await second.record('claude', ms);
  const seen = await first.recent('claude');
  expect(seen.map((sample) => sample.ms)).toEqual([9_000, 3_100, 2_900, 3_200, 3_000]);
  expect(measuredAnswerTimeMs(seen, Date.now(), 60_000)).toBe(9_000);
  // Another deployment, and another platform, are apart.
  expect(await createAnswerTimes(redis, answerTimesKey(uniqueName('answer-times'))).recent('claude')).toEqual([]);
  expect(await second.recent('gemini')).toEqual([]);
});

test('only the window’s latest answers are kept, and the list expires when the platform has been idle for the window’s age', async () => {
  const key = answerTimesKey(uniqueName('answer-times'));
  const times = createAnswerTimes(redis, key);
  for (let answer = 0; answer < ANSWER_TIME_RULE.window + 7; answer++) await times.record('perplexity', 1_000 + answer);
  const kept = await times.recent('perplexity');
  expect(kept).toHaveLength(ANSWER_TIME_RULE.window);
  expect(kept[0]!.ms).toBe(1_000 + ANSWER_TIME_RULE.window + 6);
  const ttl = await redis.pTTL(`${key}:perplexity`);
  expect(ttl).toBeGreaterThan(ANSWER_TIME_RULE.maxAgeMs - 60_000);
  expect(ttl).toBeLessThanOrEqual(ANSWER_TIME_RULE.maxAgeMs);
});

test('Redis out of reach: a worker records and judges by its own answers, and nothing fails', async () => {
  const times = createAnswerTimes(unreachable, answerTimesKey(uniqueName('answer-times')));
  for (const ms of [4_000, 4_100, 3_900, 4_050, 4_020]) await times.record('deepseek', ms);
  expect(measuredAnswerTimeMs(await times.recent('deepseek'), Date.now(), 60_000)).toBe(4_100);
});

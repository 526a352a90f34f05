import { CheckClient } from '../../infra/check-client';
import { testConfig } from '../support/config';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { startPrivateRedis, type PrivateRedis } from '../support/private-redis';
import { allowedHostsOf } from '../../domain/shared/config';
import { createRedis, redisReady } from '../../infra/redis';
import { answerTimesKey } from '../../infra/answer-times';

/**
 * The answer times' store (docs/platform-budgets.md, "The time promise") dying under running site
 * checks: a check someone waits for never fails for it. Its worker judges by its own answers while
 * Redis is away, and records to Redis again once it is back.
 */

let sites: FixtureSites;
let platforms: VendorStandIns;
let redis: PrivateRedis;
let temporal: TestTemporal;
let checks: CheckClient;
let key: string;

beforeAll(async () => {
  [sites, platforms, redis] = await Promise.all([startFixtureSites(), startVendorStandIns(), startPrivateRedis()]);
  const config = testConfig({
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }),
    REDIS_URL: redis.url,
  });
  key = answerTimesKey(config.temporal.taskQueue);
  temporal = await startTestTemporal(config);
  checks = new CheckClient(temporal.client, config.temporal, allowedHostsOf(config), temporal.store);
}, 120_000);
afterAll(async () => {
  await temporal?.close();
  await Promise.all([sites?.close(), platforms?.close(), redis?.close()]);
});

const run = () => checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });
const answered = (report: Awaited<ReturnType<typeof run>>['report']) => report.memory.filter((entry) => entry.status !== 'error');

test('Redis dying under running site checks and staying away for the next: every check answers from every platform, and the answer times reach Redis again once it is back', async () => {
  for (const platform of ['chatgpt', 'claude', 'gemini', 'perplexity', 'deepseek'] as const)
    platforms.setBehaviour(platform, { answer: 'Acme Widgets is a reputable maker of steel widgets, sold online.', delayMs: 1_500 });
  expect(answered((await run()).report)).toHaveLength(5);

  // Killed under two running checks, and away for a third started after: the run's settings and every
  // question read and record without it.
  const running = Promise.all([run(), run()]);
  await redis.kill();
  const [first, second, third] = [...(await running), await run()];
  expect(answered(third.report)).toHaveLength(5);
  expect(answered(first.report)).toHaveLength(5);
  expect(answered(second.report)).toHaveLength(5);

  // Back, and empty (it kept nothing): the worker's next answers are recorded there again.
  await redis.start();
  const client = createRedis(redis.url);
  await redisReady(client);
  try {
    // The worker's client reconnects within 5 s: a check or two may still find it away.
    for (let attempt = 0; attempt < 5 && (await client.lLen(`${key}:claude`)) === 0; attempt++)
      expect(answered((await run()).report)).toHaveLength(5);
    expect(await client.lLen(`${key}:claude`)).toBeGreaterThan(0);
  } finally {
    await client.quit();
  }
}, 180_000);

import { CheckClient } from '../../infra/check-client';
import type { StepEvent } from '../../contract/workflow-contract';
import { testConfig } from '../support/config';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { uniqueName } from '../support/names';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { allowedHostsOf, type Config } from '../../domain/shared/config';
import { createRedis, redisReady, type Redis } from '../../infra/redis';
import { answerTimesKey, createAnswerTimes, type AnswerTimes } from '../../infra/answer-times';
import { measuredAnswerTimeMs } from '../../domain/shared/answer-time';
import { NOT_ANSWERED_IN_TIME, NOT_STARTED_IN_TIME } from '../../workflows/progress';

/**
 * How long a queued question waits, judged by how fast its platform answers now (docs/platform-budgets.md,
 * "The time promise"), against the real dev server, Redis and the vendor stand-ins. Claude's budget binds
 * (6 a minute: one question about every 10 s) and the deadline is 45 s (answers due at 35 s). Before
 * measuring, a question could wait until about 12 s (two thirds of the time for answers); the third of
 * three checks at once, whose question's turn comes at about 20 s, was then never asked.
 *
 * Claude's recent answer times are put in the deployment's store first, as its workers would have
 * recorded them, so that each case starts from a known measure (the stand-in is real: it answers, or
 * takes its time).
 */

// Its cases hold a few seconds of margin against a real clock (a question at about 10 s where the last one allowed
// waits until 16 s): a shared machine's load can eat that margin. A case that fails runs once more, its failure logged.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

const DEADLINE_S = 45;
let sites: FixtureSites;
let platforms: VendorStandIns;
let redis: Redis;
const workers: TestTemporal[] = [];

beforeAll(async () => {
  [sites, platforms] = await Promise.all([startFixtureSites(), startVendorStandIns()]);
  redis = createRedis(testConfig().redisUrl!);
  await redisReady(redis);
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await Promise.all([sites?.close(), platforms?.close(), redis?.quit()]);
});

/** A deployment of its own (task queue, budgets, answer times) where Claude has answered `recentMs` lately. */
async function deploymentWhereClaudeAnswered(recentMs: number): Promise<{ checks: CheckClient; answerTimes: AnswerTimes; config: Config }> {
  const config = testConfig({
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }),
    ANTHROPIC_RPM: '6',
    SITE_CHECK_DEADLINE_S: String(DEADLINE_S),
  });
  const answerTimes = createAnswerTimes(redis, answerTimesKey(config.temporal.taskQueue));
  for (let answer = 0; answer < 5; answer++) await answerTimes.record('claude', recentMs);
  const worker = await startTestTemporal(config, { databaseName: uniqueName('answer_time').replace(/-/g, '_') });
  workers.push(worker);
  return { checks: new CheckClient(worker.client, config.temporal, allowedHostsOf(config), worker.store), answerTimes, config };
}

/** `count` site checks started at once, each followed to its end as a viewer would. */
function checksAtOnce(checks: CheckClient, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const started = Date.now();
      const { workflowId } = await checks.start('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });
      const steps: StepEvent[] = [];
      for await (const step of checks.followSteps(workflowId)) steps.push(step);
      const { report } = await checks.result('site', workflowId);
      return {
        started,
        steps,
        claude: report.memory.find((entry) => entry.platform === 'Claude')!,
        seconds: (Date.now() - started) / 1000,
      };
    }),
  );
}

const claudeQuestions = (since: number) =>
  platforms.requests.filter((request) => request.platform === 'claude' && request.method === 'POST' && request.at >= since);

test('Claude answering in a few seconds: the third check’s question waits past where the old allowance dropped it, and is answered in time', async () => {
  platforms.setBehaviour('claude', { delayMs: 300 });
  const { checks } = await deploymentWhereClaudeAnswered(300);
  const since = Date.now();
  const runs = await checksAtOnce(checks, 3);

  for (const run of runs) expect(run.seconds).toBeLessThan(DEADLINE_S);
  expect(runs.filter((run) => run.claude.status === 'error')).toEqual([]);
  const asked = claudeQuestions(since).map((request) => request.at - since);
  expect(asked).toHaveLength(3);
  // The last went out after the 11.7 s a question could wait before (two thirds of 35 s, from its check's start).
  expect(Math.max(...asked)).toBeGreaterThan(35_000 / 3 + 1_000);
}, 90_000);

test('Claude answering in 18 s: a question whose turn comes when less than that is left is dropped, not asked, and says so', async () => {
  platforms.setBehaviour('claude', { delayMs: 18_000 });
  const { checks } = await deploymentWhereClaudeAnswered(18_000);
  const since = Date.now();
  const runs = await checksAtOnce(checks, 3);

  for (const run of runs) expect(run.seconds).toBeLessThan(DEADLINE_S);
  // Asked while 19 s were left (until about 16 s): the first two, answered within the deadline.
  expect(runs.filter((run) => run.claude.status !== 'error')).toHaveLength(2);
  const dropped = runs.filter((run) => run.claude.missedDeadline === 'not-asked');
  expect(dropped).toHaveLength(1);
  expect(dropped[0]!.claude.error).toBe(
    `Claude was not asked in time: its request budget was taken by other checks until too late to answer within this check's ${DEADLINE_S} s`,
  );
  expect(dropped[0]!.steps).toContainEqual(
    expect.objectContaining({ stage: 'memory:claude', status: 'failed', message: NOT_STARTED_IN_TIME }),
  );
  // Its question left the queue: Claude never saw it, not even after its check gave up on it.
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  expect(claudeQuestions(since)).toHaveLength(2);
}, 90_000);

test('Claude measured fast, then slowing down: the question asked at once is cut when the answers are due, reported as not answered in time, and the slow attempt counts', async () => {
  // Slower than the answers' 35 s and within the client's 60 s: only the deadline cuts it.
  platforms.setBehaviour('claude', { delayMs: 55_000 });
  const { checks, answerTimes } = await deploymentWhereClaudeAnswered(300);
  const since = Date.now();
  const [run] = await checksAtOnce(checks, 1);

  expect(run!.seconds).toBeLessThan(DEADLINE_S);
  expect(run!.claude).toMatchObject({
    status: 'error',
    missedDeadline: 'not-answered',
    error: `Claude did not answer in time: this check answers within ${DEADLINE_S} s`,
  });
  expect(run!.steps).toContainEqual(expect.objectContaining({ stage: 'memory:claude', status: 'failed', message: NOT_ANSWERED_IN_TIME }));
  // It was asked (once, at once) and the worker hung up when the answers were due.
  const asked = claudeQuestions(since);
  expect(asked).toHaveLength(1);
  expect(asked[0]!.at - run!.started).toBeLessThan(10_000);
  // The worker learns of the cut at its next heartbeat (within 10 s) and hangs up.
  const measure = async () => measuredAnswerTimeMs(await answerTimes.recent('claude'), Date.now(), 60_000) ?? 0;
  for (let waited = 0; waited < 15_000 && (await measure()) < 30_000; waited += 500)
    await new Promise((resolve) => setTimeout(resolve, 500));
  expect(asked[0]!.abandoned).toBe(true);
  // The cut attempt took at least 30 s: that is now Claude's measure, so the next check does not wait for it in vain.
  expect(await measure()).toBeGreaterThan(30_000);
}, 90_000);

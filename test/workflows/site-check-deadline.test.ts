import { CheckClient } from '../../infra/check-client';
import type { StepEvent } from '../../contract/workflow-contract';
import { testConfig } from '../support/config';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { uniqueName } from '../support/names';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { allowedHostsOf } from '../../domain/shared/config';

/**
 * The site check's time promise against the real dev server: Perplexity's budget binds (6 a minute,
 * one question every 10 s) and the deadline is 45 s (answers due at 35 s, a question may wait until
 * about 12 s), so of three checks at once the third cannot ask Perplexity in time. The others answer within their deadline, Perplexity reported as not asked
 * in time, and no question is asked after its check stopped waiting for it.
 */

const DEADLINE_S = 45;
let sites: FixtureSites;
let platforms: VendorStandIns;
let worker: TestTemporal;
let checks: CheckClient;

beforeAll(async () => {
  [sites, platforms] = await Promise.all([startFixtureSites(), startVendorStandIns()]);
  const config = testConfig({
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }),
    PERPLEXITY_RPM: '6',
    SITE_CHECK_DEADLINE_S: String(DEADLINE_S),
  });
  worker = await startTestTemporal(config, { databaseName: uniqueName('deadline').replace(/-/g, '_') });
  checks = new CheckClient(worker.client, config.temporal, allowedHostsOf(config), worker.store);
});
afterAll(async () => {
  await worker?.close();
  await Promise.all([sites?.close(), platforms?.close()]);
});

const perplexityQuestions = (since: number) =>
  platforms.requests.filter((request) => request.platform === 'perplexity' && request.method === 'POST' && request.at >= since);

test('three checks at once behind a binding budget: each answers within its deadline, Perplexity not asked in time where its budget was spent, and never asked late', async () => {
  const since = Date.now();
  const runs = await Promise.all(
    [0, 1, 2].map(async () => {
      const started = Date.now();
      const { workflowId } = await checks.start('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });
      const steps: StepEvent[] = [];
      for await (const step of checks.followSteps(workflowId)) steps.push(step);
      const result = await checks.result('site', workflowId);
      return { ...result, steps, seconds: (Date.now() - started) / 1000 };
    }),
  );
  for (const run of runs) expect(run.seconds).toBeLessThan(DEADLINE_S);
  const perplexity = runs.map((run) => run.report.memory.find((entry) => entry.platform === 'Perplexity')!);
  const late = perplexity.filter((entry) => entry.missedDeadline === 'not-asked');
  expect(late.length).toBeGreaterThanOrEqual(1);
  for (const run of runs.filter((_, index) => perplexity[index]!.missedDeadline === 'not-asked'))
    // Whoever follows the check is told why, at the step.
    expect(run.steps).toContainEqual(
      expect.objectContaining({
        stage: 'memory:perplexity',
        status: 'failed',
        message: 'not started in time: the platform’s request budget was taken by other checks',
      }),
    );
  for (const entry of late) {
    expect(entry.status).toBe('error');
    expect(entry.error).toBe(
      `Perplexity was not asked in time: its request budget was taken by other checks until too late to answer within this check's ${DEADLINE_S} s`,
    );
  }
  // The other platforms' budgets do not bind: every check has their answers.
  for (const run of runs) expect(run.report.memory.filter((entry) => entry.platform !== 'Perplexity' && entry.missedDeadline)).toEqual([]);
  // A question its check gave up on left the queue: the budget went to nobody who had stopped waiting.
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  expect(perplexityQuestions(since)).toHaveLength(perplexity.filter((entry) => !entry.missedDeadline).length);
}, 90_000);

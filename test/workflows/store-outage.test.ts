import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MonitorStore } from '../../infra/monitor-store';
import type { CheckKind } from '../../domain/shared/check-kinds';
import { CheckClient, type CheckInput } from '../../infra/check-client';
import { ASSISTANTS } from '../../domain/shared/platforms';
import { answerArticleQuestions } from '../../dev/article-answers';
import { answerBrandQuestions, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { testConfig } from '../support/config';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { ARTICLE_URL, FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { startPrivateStore, type PrivateStore } from '../support/private-store';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { allowedHostsOf } from '../../domain/shared/config';

let sites: FixtureSites;
let platforms: VendorStandIns;
let store: PrivateStore;
let temporal: TestTemporal;
let checks: CheckClient;

beforeAll(async () => {
  [sites, platforms, store] = await Promise.all([startFixtureSites(), startVendorStandIns(), startPrivateStore()]);
  const config = testConfig({
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }),
    MONGODB_URI: store.uri,
    BRAND_QUESTIONS: '3',
    ARTICLE_QUESTIONS: '2',
  });
  temporal = await startTestTemporal(config);
  checks = new CheckClient(temporal.client, config.temporal, allowedHostsOf(config), temporal.store);
}, 120_000);
afterAll(async () => {
  await store?.start().catch(() => undefined);
  await temporal?.close();
  await Promise.all([sites?.close(), platforms?.close(), store?.close()]);
});

/**
 * Kills the snapshot store while a check runs, keeps it down until the check has tried to save its
 * report, then brings it back: the check completes and its snapshot is stored.
 */
async function runThroughStoreOutage<K extends CheckKind>(kind: K, input: CheckInput<K>) {
  const started = await checks.start(kind, input);
  await store.kill();
  for (;;) {
    const { steps } = await checks.progress(started.workflowId);
    if (steps.some((step) => step.stage === 'snapshot' && step.status === 'started')) break;
    await sleep(100);
  }
  // At least one save fails against the dead store before it comes back.
  await sleep(6_000);
  expect(await temporal.store.get(started.snapshotId).catch(() => 'unreachable')).toBe('unreachable');
  await store.start();
  const result = await checks.result(kind, started.workflowId);
  return { result, stored: await temporal.store.get(result.snapshotId), steps: (await checks.progress(started.workflowId)).steps };
}

test('the store dying under a running site check loses nothing: the check waits for it and stores its snapshot', async () => {
  for (const platform of ASSISTANTS)
    platforms.setBehaviour(platform.id, { answer: 'Acme Widgets is a reputable maker of steel widgets, sold online.', delayMs: 500 });
  const { result, stored } = await runThroughStoreOutage('site', { url: FIXTURE_HOSTS.healthy });
  expect(result.report.domain).toBe(FIXTURE_HOSTS.healthy);
  expect(stored).toMatchObject({ snapshotId: result.snapshotId, kind: 'site', domain: FIXTURE_HOSTS.healthy });
  expect(await temporal.store.rankings(5)).toEqual([
    expect.objectContaining({ domain: FIXTURE_HOSTS.healthy, snapshotId: result.snapshotId }),
  ]);
}, 120_000);

test('the store dying under a running brand diagnosis loses nothing: the report is stored once it is back', async () => {
  answerBrandQuestions(platforms, 300);
  const { result, stored } = await runThroughStoreOutage('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN });
  expect(result.report.questions).toHaveLength(3);
  expect(stored).toMatchObject({
    snapshotId: result.snapshotId,
    kind: 'brand',
    domain: BRAND_DOMAIN,
    report: { kind: 'brand', brand: BRAND },
  });
}, 120_000);

test('the store dying under a running article check loses nothing: the report is stored once it is back', async () => {
  answerArticleQuestions(platforms, 300);
  const { result, stored } = await runThroughStoreOutage('article', { url: ARTICLE_URL });
  expect(result.report.questions).toHaveLength(2);
  expect(stored).toMatchObject({
    snapshotId: result.snapshotId,
    kind: 'article',
    domain: FIXTURE_HOSTS.blog,
    report: { kind: 'article', url: ARTICLE_URL },
  });
}, 120_000);

test("the store dying under a monitored run loses nothing: its snapshot joins the monitor's runs and its alerts stage runs once it is back", async () => {
  for (const platform of ASSISTANTS)
    platforms.setBehaviour(platform.id, { answer: 'Acme Widgets is a reputable maker of steel widgets, sold online.', delayMs: 500 });
  const id = randomUUID();
  const now = new Date();
  await new MonitorStore(temporal.store.db).create({
    id,
    tokenHash: 'x',
    kind: 'site',
    target: { url: FIXTURE_HOSTS.healthy },
    every: 'day',
    paused: false,
    createdAt: now,
    renewedAt: now,
    expiresAt: new Date(now.getTime() + 90 * 86_400_000),
  });
  const { result, stored, steps } = await runThroughStoreOutage('site', { url: FIXTURE_HOSTS.healthy, monitor: { id } });
  expect(stored).toMatchObject({
    snapshotId: result.snapshotId,
    monitorId: id,
    fingerprint: expect.any(String),
    observation: expect.any(Object),
  });
  expect((await temporal.store.runsOf(id)).map((run) => run.snapshotId)).toEqual([result.snapshotId]);
  // The alerts stage compared it with the monitor's earlier runs (none) against the store once back.
  expect(steps.filter((step) => step.stage === 'alerts').map((step) => step.status)).toEqual(['started', 'done']);
}, 120_000);

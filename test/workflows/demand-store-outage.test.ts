import { setTimeout as sleep } from 'node:timers/promises';
import { allowedHostsOf } from '../../domain/shared/config';
import { answerBrandQuestions, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { CheckClient } from '../../infra/check-client';
import { testConfig } from '../support/config';
import { startPrivateStore, type PrivateStore } from '../support/private-store';
import { startTestTemporal, type TestTemporal } from '../support/temporal';

let platforms: VendorStandIns;
let store: PrivateStore;
let temporal: TestTemporal;
let checks: CheckClient;

beforeAll(async () => {
  [platforms, store] = await Promise.all([startVendorStandIns(), startPrivateStore()]);
  const config = testConfig({
    ...platforms.env(),
    ...platforms.surfaceEnv('dataforseo'),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify(platforms.fetchOverrides()),
    MONGODB_URI: store.uri,
    BRAND_QUESTIONS: '3',
  });
  temporal = await startTestTemporal(config);
  checks = new CheckClient(temporal.client, config.temporal, allowedHostsOf(config), temporal.store);
}, 120_000);
afterAll(async () => {
  await store?.start().catch(() => undefined);
  await temporal?.close();
  await Promise.all([platforms?.close(), store?.close()]);
});

/**
 * The demand cache lives in the store (docs/checks/brand.md, "Demand"); it only saves money. With the
 * store dead while demand is measured, the volumes are bought and reported all the same, and the report
 * is stored once the store is back.
 */
test('the store dying while demand is measured loses no volume: every phrase is bought and the report stored once it is back', async () => {
  answerBrandQuestions(platforms, 300);
  const served = new Map<string, number>();
  platforms.setDemand({
    ai: (keyword) => {
      served.set(keyword, 500 + keyword.length);
      return 500 + keyword.length;
    },
    google: () => 40,
  });
  const started = await checks.start('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN, platforms: ['chatgpt', 'claude'] });
  await store.kill();
  for (;;) {
    const { steps } = await checks.progress(started.workflowId);
    if (steps.some((step) => step.stage === 'snapshot' && step.status === 'started')) break;
    await sleep(100);
  }
  await sleep(3_000);
  await store.start();
  const { report, snapshotId } = await checks.result('brand', started.workflowId);
  expect(report.demand).toMatchObject({ status: 'measured' });
  expect(report.demand!.errors).toBeUndefined();
  expect(report.questions.length).toBeGreaterThan(0);
  for (const question of report.questions) {
    expect(question.demand!.aiSearchVolume).toBe(served.get(question.demand!.phrase));
    expect(question.demand!.searchVolume).toBe(40);
  }
  expect(await temporal.store.get(snapshotId)).toMatchObject({ snapshotId, kind: 'brand' });
}, 180_000);

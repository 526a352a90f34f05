import { Client, Connection } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection } from '@temporalio/worker';
import { createActivities, type Activities } from '../../activities';
import { createSiteAccess, type SiteAccess } from '../../activities/support/site-access';
import type { SitemapInput } from '../../activities/sitemap';
import { FAILURE } from '../../contract/failures';
import { createMongo, type Mongo } from '../../infra/mongo';
import { CheckClient } from '../../infra/check-client';
import { SnapshotStore } from '../../infra/snapshot-store';
import { createWorker, type WorkerGroup } from '../../worker/create-worker';
import { testConfig } from '../support/config';
import { ARTICLE_URL, FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { uniqueName } from '../support/names';
import { currentWorkflowBundlePath } from '../support/paths';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { allowedHostsOf } from '../../domain/shared/config';
import { BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';

/**
 * The workflows' branches with some activities replaced by failing ones (as Temporal's samples mock
 * activities), on the dev server: a stage that fails must cost the check only what the pipeline
 * says. The failures are non-retryable, so no retry delay is waited for.
 */

type Failing = 'robots' | 'platforms' | 'snapshot' | 'article' | 'planning';
let failing: Failing | undefined;
const sitemapInputs: SitemapInput[] = [];

let sites: FixtureSites;
let vendors: VendorStandIns;
let site: SiteAccess;
let mongo: Mongo;
let store: SnapshotStore;
let worker: WorkerGroup;
let running: Promise<void>;
let connections: { native: NativeConnection; client: Connection };
let checks: CheckClient;

const fail = (what: string) => ApplicationFailure.nonRetryable(`${what} failed (a mocked activity)`, 'MockedFailure');

beforeAll(async () => {
  [sites, vendors] = await Promise.all([startFixtureSites(), startVendorStandIns()]);
  const config = testConfig({ ...vendors.env(), FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...vendors.fetchOverrides() }), BRAND_QUESTIONS: '2', ARTICLE_QUESTIONS: '1' });
  mongo = createMongo(config.mongodbUri, uniqueName('test_mocked').replace(/-/g, '_'));
  store = new SnapshotStore(mongo.db);
  await store.ensureIndexes();
  site = createSiteAccess(config);
  const real = createActivities({ config, site, store });
  const activities: Activities = {
    ...real,
    checkRobots: async (...args) => {
      if (failing === 'robots') throw fail('robots.txt');
      return real.checkRobots(...args);
    },
    readSitemaps: async (input) => {
      sitemapInputs.push(input);
      return real.readSitemaps(input);
    },
    askPlatform: async (question) => {
      if (failing === 'platforms') throw fail(`asking ${question.platformId}`);
      return real.askPlatform(question);
    },
    saveSnapshot: async (...args) => {
      if (failing === 'snapshot') throw fail('saving the snapshot');
      return real.saveSnapshot(...args);
    },
    planDiagnosis: async (...args) => {
      if (failing === 'planning') throw fail('planning the questions');
      return real.planDiagnosis(...args);
    },
    fetchArticle: async (...args) => {
      if (failing === 'article') throw ApplicationFailure.create({ type: FAILURE.noArticle, nonRetryable: true, message: 'The page has no article: 40 words of text' });
      return real.fetchArticle(...args);
    },
  };
  connections = { native: await NativeConnection.connect({ address: config.temporal.address }), client: await Connection.connect({ address: config.temporal.address }) };
  worker = await createWorker({ connection: connections.native, temporal: config.temporal, workflowBundle: { codePath: currentWorkflowBundlePath() }, activities, budgets: config });
  running = worker.run();
  checks = new CheckClient(new Client({ connection: connections.client, namespace: config.temporal.namespace }), config.temporal, allowedHostsOf(config), store);
}, 60_000);

afterAll(async () => {
  worker?.shutdown();
  await running;
  await mongo.db.dropDatabase();
  await Promise.allSettled([connections.native.close(), connections.client.close(), mongo.client.close(), site.close(), sites.close(), vendors.close()]);
});

beforeEach(() => {
  failing = undefined;
  sitemapInputs.length = 0;
});

test('robots.txt failing: the sitemap is still read (from /sitemap.xml, nothing declared) and the report is stored', async () => {
  failing = 'robots';
  const { snapshotId, report } = await checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });
  expect(sitemapInputs).toEqual([expect.objectContaining({ declared: [], genericRules: [] })]);
  expect(report.sitemap).toBeDefined();
  expect(await store.get(snapshotId)).toMatchObject({ kind: 'site' });
});

test('every platform failing: each is an error in the report, the check completes with no awareness', async () => {
  failing = 'platforms';
  const { report } = await checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });
  expect(report.memory.map((entry) => entry.status)).toEqual(['error', 'error', 'error', 'error', 'error']);
  expect(report.memoryScore).toBe(0);
  expect(report.crawlerScore).toBeGreaterThan(0);
});

test('the snapshot failing to save: the check fails (500, nothing stored), it does not pretend to have a report', async () => {
  failing = 'snapshot';
  const started = await checks.start('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });
  await expect(checks.result('site', started.workflowId)).rejects.toMatchObject({ status: 500 });
  expect(await store.get(started.snapshotId)).toBeNull();
});

test('a page with no article: the article check fails with 422 and the reason, and asks no platform', async () => {
  failing = 'article';
  const asked = vendors.requests.length;
  await expect(checks.run('article', { url: ARTICLE_URL })).rejects.toMatchObject({ status: 422, message: expect.stringContaining('no article') as unknown });
  expect(vendors.requests.length).toBe(asked);
});

test('a diagnosis whose questions cannot be planned fails (500, nothing stored) and asks no platform', async () => {
  failing = 'planning';
  const asked = vendors.requests.length;
  const started = await checks.start('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN });
  await expect(checks.result('brand', started.workflowId)).rejects.toMatchObject({ status: 500 });
  expect(await store.get(started.snapshotId)).toBeNull();
  expect(vendors.requests.length).toBe(asked);
});

test('a diagnosis whose every platform fails: stored, with no figures invented, stage invisible, and "run it again" first', async () => {
  failing = 'platforms';
  const { snapshotId, report } = await checks.run('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN });
  expect(report.answers.every((answer) => answer.status === 'error')).toBe(true);
  expect(report.metrics.answers).toBe(0);
  expect(report.stage).toBe('invisible');
  expect(report.conclusion).toMatch(/No platform gave a usable answer/);
  expect(report.actionPlan[0]).toMatchObject({ action: 'Run the diagnosis again once the platforms answer' });
  expect(await store.get(snapshotId)).toMatchObject({ kind: 'brand' });
});

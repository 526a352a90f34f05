/**
 * `npm run record-histories`: runs one check of each kind against the loopback
 * fixtures and saves their Temporal event histories under test/fixtures/histories/. The replay test
 * replays them against the current workflow code, so a change that would break runs already in
 * flight (a reordered or renamed activity, a new timer) fails the tests instead of production.
 * Record again only when such a change is deliberate, and version it (patched()) if old runs matter.
 * With ANALYSIS_PLATFORM=chatgpt in the environment the runs ask the analysis platform too (questions,
 * the model's reading of a diagnosis's answers): brand-diagnosis-model-reading.json is such a run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { bundleWorkflows } from '../worker/workflow-bundle';
import { createActivities } from '../activities';
import { createSiteAccess } from '../activities/support/site-access';
import { parseConfig, allowedHostsOf } from '../domain/shared/config';
import { CheckClient } from '../infra/check-client';
import { createMongo } from '../infra/mongo';
import { createStores } from '../infra/stores';
import { answerArticleQuestions } from '../dev/article-answers';
import { answerBrandQuestions, BRAND, BRAND_DOMAIN, KEYWORD } from '../dev/brand-answers';
import { startVendorStandIns } from '../dev/vendor-stand-ins';
import { ARTICLE_URL, FIXTURE_HOSTS, startFixtureSites } from '../dev/fixture-sites';
import { startTestWorker } from '../dev/test-worker';
import { servicesUp } from '../dev/local-stack';
import { Readable } from 'node:stream';
import { sampleLog } from '../dev/crawler-logs';
import { startRangeFileStandIns } from '../dev/vendor-stand-ins/range-files';
import type { CrawlerLogStore } from '../infra/crawler-log-store';
import { storeCrawlerLog } from '../infra/crawler-log-upload';

const OUT = join(__dirname, '..', 'test', 'fixtures', 'histories');

/** A scratch database on the server MONGODB_URI names (127.0.0.1:27017 when unset). */
function databaseOn(uri = 'mongodb://127.0.0.1:27017/aivis', name: string): string {
  const url = new URL(uri);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main(): Promise<void> {
  // `npm run record-histories -- crawler-traffic` records only the named runs.
  const only = process.argv.slice(2);
  const [sites, platforms, rangeFiles] = await Promise.all([startFixtureSites(), startVendorStandIns(), startRangeFileStandIns()]);
  answerBrandQuestions(platforms);
  const config = parseConfig({ ...process.env, ...platforms.env(), FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides(), ...rangeFiles.fetchOverrides() }), TEMPORAL_TASK_QUEUE: `record-${Date.now()}`, MONGODB_URI: databaseOn(process.env.MONGODB_URI, 'aivis_record'), BRAND_QUESTIONS: '3', ARTICLE_QUESTIONS: '2', LOG_LEVEL: 'warn' });
  await servicesUp(config);
  const mongo = createMongo(config.mongodbUri);
  const stores = createStores(mongo.db);
  const { store } = stores;
  await store.ensureIndexes();
  const site = createSiteAccess(config);
  const { client, close } = await startTestWorker({ config, activities: createActivities({ config, site, ...stores }), workflowBundle: await bundleWorkflows() });
  const checks = new CheckClient(client, config.temporal, allowedHostsOf(config), store);
  mkdirSync(OUT, { recursive: true });
  try {
    for (const [name, start] of [
      ['site-check', () => checks.start('site', { url: FIXTURE_HOSTS.healthy })],
      ['brand-diagnosis', () => checks.start('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN })],
      ['article-check', () => (answerArticleQuestions(platforms), checks.start('article', { url: ARTICLE_URL }))],
      ['crawler-traffic', () => startTraffic(checks, stores.logs)],
    ] as const) {
      if (only.length > 0 && !only.includes(name)) continue;
      const started = await start();
      await checks.result(started.kind, started.workflowId);
      const history = await client.workflow.getHandle(started.workflowId).fetchHistory();
      writeFileSync(join(OUT, `${name}.json`), `${historyToJSON(history)}\n`);
      console.log(`recorded ${name}: ${history.events?.length ?? 0} events`);
    }
  } finally {
    await close();
    await mongo.db.dropDatabase();
    await Promise.allSettled([mongo.client.close(), site.close(), sites.close(), platforms.close(), rangeFiles.close()]);
  }
}

/** A crawler-traffic check of a two-part log (as the gateway stores an upload, then starts it). */
async function startTraffic(checks: CheckClient, logs: CrawlerLogStore) {
  const uploadId = `record-${Date.now()}`;
  const upload = await storeCrawlerLog(Readable.from([Buffer.from(sampleLog(1_500))]), logs, uploadId, { maxBytes: 1e9, maxLines: 1e7 });
  if (!upload.stored) throw new Error(`the sample log was refused: ${upload.problem}`);
  return checks.start('traffic', { domain: FIXTURE_HOSTS.blocking, uploadId, parts: upload.parts, format: upload.format });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

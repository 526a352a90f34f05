/**
 * `npm run record-histories`: runs one check of each kind against the loopback
 * fixtures and saves their Temporal event histories under test/fixtures/histories/. The replay test
 * replays them against the current workflow code, so a change that would break runs already in
 * flight (a reordered or renamed activity, a new timer) fails the tests instead of production.
 * Runs are pinned to the build that started them (docs/operations-replay.md), so a deliberate change
 * needs no patch: record again, and the histories stay those of the current build.
 * With ANALYSIS_PLATFORM=chatgpt in the environment the runs ask the analysis platform too (questions,
 * the model's reading of a diagnosis's answers): `-- brand-diagnosis --suffix model-reading` recorded
 * brand-diagnosis-model-reading.json (readings of options only, before the roles), `--suffix
 * model-reading-roles` brand-diagnosis-model-reading-roles.json (a role for every name).
 * `--loaded` records each run as a loaded machine runs it (`<name>-loaded.json`): a busy thread keeps a
 * core at 100 % and every local activity takes longer than the worker's workflow-task heartbeat, so its
 * result is recorded in a later workflow task than on a quiet machine (the timing of issue 33).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { bundleWorkflows } from '../worker/workflow-bundle';
import { createActivities, type Activities } from '../activities';
import { createSiteAccess } from '../activities/support/site-access';
import { parseConfig, allowedHostsOf } from '../domain/shared/config';
import { CheckClient } from '../infra/check-client';
import { createMongo } from '../infra/mongo';
import { createStores } from '../infra/stores';
import { answerArticleQuestions } from '../dev/article-answers';
import { answerBrandQuestions } from '../dev/brand-answers';
import { startVendorStandIns } from '../dev/vendor-stand-ins';
import { startFixtureSites } from '../dev/fixture-sites';
import { startTestWorker } from '../dev/test-worker';
import { servicesUp } from '../dev/local-stack';
import { startRangeFileStandIns } from '../dev/vendor-stand-ins/range-files';
import { SAMPLE_CHECKS } from '../dev/sample-checks';
import { CHECK_KINDS } from '../domain/shared/check-kinds';

const OUT = join(__dirname, '..', 'test', 'fixtures', 'histories');

/** A scratch database on the server MONGODB_URI names (127.0.0.1:27017 when unset). */
function databaseOn(uri = 'mongodb://127.0.0.1:27017/aivis', name: string): string {
  const url = new URL(uri);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main(): Promise<void> {
  // `npm run record-histories -- crawler-traffic` records only the named runs.
  const { values: flags, positionals: only } = parseArgs({
    allowPositionals: true,
    options: { loaded: { type: 'boolean', default: false }, suffix: { type: 'string' } },
  });
  const suffix = [flags.suffix, flags.loaded ? 'loaded' : undefined]
    .filter(Boolean)
    .map((part) => `-${part}`)
    .join('');
  const hog = flags.loaded ? busyThread() : undefined;
  const [sites, platforms, rangeFiles] = await Promise.all([startFixtureSites(), startVendorStandIns(), startRangeFileStandIns()]);
  answerBrandQuestions(platforms);
  const config = parseConfig({
    ...process.env,
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides(), ...rangeFiles.fetchOverrides() }),
    TEMPORAL_TASK_QUEUE: `record-${Date.now()}`,
    MONGODB_URI: databaseOn(process.env.MONGODB_URI, 'aivis_record'),
    BRAND_QUESTIONS: '3',
    ARTICLE_QUESTIONS: '2',
    LOG_LEVEL: 'warn',
  });
  await servicesUp(config);
  const mongo = createMongo(config.mongodbUri);
  const stores = createStores(mongo.db);
  const { store } = stores;
  await store.ensureIndexes();
  const site = createSiteAccess(config);
  const activities = createActivities({ config, site, ...stores });
  const { client, close } = await startTestWorker({
    config,
    activities: flags.loaded ? outlastingTheirTask(activities) : activities,
    workflowBundle: await bundleWorkflows(),
  });
  const checks = new CheckClient(client, config.temporal, allowedHostsOf(config), store);
  mkdirSync(OUT, { recursive: true });
  try {
    // Every kind's sample check (dev/sample-checks.ts), in the registry's order.
    for (const kind of CHECK_KINDS) {
      const { history: name, start } = SAMPLE_CHECKS[kind];
      if (only.length > 0 && !only.includes(name)) continue;
      if (kind === 'article') answerArticleQuestions(platforms);
      const started = await start({ checks, logs: stores.logs, uploadId: `record-${Date.now()}`, logLines: 1_500 });
      await checks.result(started.kind, started.workflowId);
      const history = await client.workflow.getHandle(started.workflowId).fetchHistory();
      writeFileSync(join(OUT, `${name}${suffix}.json`), `${historyToJSON(history)}\n`);
      console.log(`recorded ${name}${suffix}: ${history.events?.length ?? 0} events`);
    }
  } finally {
    await hog?.terminate();
    await close();
    await mongo.db.dropDatabase();
    await Promise.allSettled([mongo.client.close(), site.close(), sites.close(), platforms.close(), rangeFiles.close()]);
  }
}

/**
 * The workflow task's heartbeat: a worker whose local activity runs longer than 80 % of the task's
 * 10 s timeout answers the task and records the activity's result in a later one. 9 s: past it, and
 * inside the local activities' own 10 s limit.
 */
const LOCAL_ACTIVITY_DELAY_MS = 9_000;

/** The same activities, the local ones (workflows/stage-options.ts, `local`) each taking 9 s first. */
function outlastingTheirTask(activities: Activities): Activities {
  const { normaliseCheckTarget } = activities;
  return {
    ...activities,
    normaliseCheckTarget: async (...args: Parameters<typeof normaliseCheckTarget>) => {
      await setTimeout(LOCAL_ACTIVITY_DELAY_MS);
      return normaliseCheckTarget(...args);
    },
  };
}

/** A thread spinning until terminated: one core of load while the runs record. */
function busyThread(): Worker {
  return new Worker('for (;;) {}', { eval: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { freePort } from '../../dev/local-stack/free-port';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { allowedHostsOf } from '../../domain/shared/config';
import { ASSISTANTS } from '../../domain/shared/platforms';
import { CheckClient } from '../../infra/check-client';
import { createMongo, type Mongo } from '../../infra/mongo';
import { testConfig } from '../support/config';
import { uniqueName } from '../support/names';

const ROOT = join(__dirname, '..', '..');
let sites: FixtureSites;
let platforms: VendorStandIns;
let worker: ChildProcess | undefined;
let connection: Connection | undefined;
let mongo: Mongo | undefined;

beforeAll(async () => {
  [sites, platforms] = await Promise.all([startFixtureSites(), startVendorStandIns()]);
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await mongo?.db.dropDatabase();
  await Promise.allSettled([connection?.close(), mongo?.client.close(), sites?.close(), platforms?.close()]);
});

/** The samples of a series in a Prometheus text exposition: each line's labels and value. */
function samples(text: string, name: string): { labels: string; value: number }[] {
  return [...text.matchAll(new RegExp(`^${name}\\{([^}]*)\\} (\\S+)$`, 'gm'))].map((match) => ({
    labels: match[1]!,
    value: Number(match[2]),
  }));
}

test('the worker serves Temporal’s SDK series and the checks’ own on METRICS_PORT', async () => {
  const databaseName = uniqueName('metrics').replace(/-/g, '_');
  const env = {
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }),
    TEMPORAL_TASK_QUEUE: uniqueName('metrics'),
    MONGODB_URI: Object.assign(new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/aivis'), {
      pathname: `/${databaseName}`,
    }).toString(),
    METRICS_PORT: String(await freePort()),
  };
  const config = testConfig(env);
  mongo = createMongo(config.mongodbUri);
  // The stand-in answers one platform with a 429 first: the retry is counted as such.
  platforms.setBehaviour('claude', { failure: { kind: 'rate_limit', retryAfterSeconds: 1, times: 1 } });

  worker = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, TEMPORAL_TASK_QUEUE: config.temporal.taskQueue, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('worker polling')) {
    if (worker.exitCode !== null) throw new Error(`the worker exited early:\n${output}`);
    await sleep(100);
  }

  connection = await Connection.connect({ address: config.temporal.address });
  const client = new Client({ connection });
  const checks = new CheckClient(client, config.temporal, allowedHostsOf(config), { report: () => Promise.resolve(null) });
  const started = await checks.start('site', { url: FIXTURE_HOSTS.healthy });
  await client.workflow.getHandle(started.workflowId).result();

  const scrape = async () => (await fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`)).text();
  let text = await scrape();
  // Workflow metrics reach the exporter once the workflow task that recorded them is done.
  for (let tries = 0; samples(text, 'aivis_checks_finished_total').length === 0 && tries < 50; tries++)
    text = await scrape().finally(() => sleep(100));

  // Temporal's own series, under the names its SDK dashboard reads.
  expect(samples(text, 'temporal_request').length).toBeGreaterThan(0);
  expect(samples(text, 'temporal_activity_schedule_to_start_latency_bucket').length).toBeGreaterThan(0);
  expect(text).toMatch(/^temporal_workflow_completed\{.*workflow_type="siteCheckWorkflow".*\} 1$/m);
  // The checks' own.
  expect(samples(text, 'aivis_checks_started_total')).toEqual([{ labels: expect.stringContaining('kind="site"'), value: 1 }]);
  expect(samples(text, 'aivis_checks_finished_total')).toEqual([
    { labels: expect.stringMatching(/kind="site".*outcome="succeeded"|outcome="succeeded".*kind="site"/), value: 1 },
  ]);
  const answered = samples(text, 'aivis_platform_answers_total').filter(({ labels }) => labels.includes('status="answered"'));
  expect(answered.map(({ labels }) => /platform="([a-z]+)"/.exec(labels)![1]).sort()).toEqual(
    ASSISTANTS.map((platform) => platform.id).sort(),
  );
  expect(samples(text, 'aivis_vendor_rate_limited_total')).toEqual([{ labels: expect.stringContaining('vendor="claude"'), value: 1 }]);
  expect(samples(text, 'aivis_platform_answers_total').find(({ labels }) => labels.includes('status="rate-limited"'))?.value).toBe(1);
  expect(samples(text, 'aivis_platform_cost_usd_count').length).toBe(ASSISTANTS.length);
}, 120_000);

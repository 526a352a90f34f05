import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { CheckClient } from '../../infra/check-client';
import { testConfig } from '../support/config';
import { startFakePlatforms, type FakePlatforms } from '../support/fake-platforms';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../support/fixture-sites';
import { uniqueName } from '../support/names';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { PLATFORMS } from '../../domain/platforms';

const ROOT = join(__dirname, '..', '..');
const databaseName = uniqueName('failover').replace(/-/g, '_');
let sites: FixtureSites;
let platforms: FakePlatforms;
let doomedWorker: ChildProcess | undefined;
let rescuer: TestTemporal | undefined;
let connection: Connection | undefined;

beforeAll(async () => {
  [sites, platforms] = await Promise.all([startFixtureSites(), startFakePlatforms()]);
  // Slow platforms keep the check in flight long enough to kill its worker mid-way.
  for (const platform of PLATFORMS) platforms.setBehaviour(platform.defaultModel, { answer: 'Acme Widgets is a reputable maker of steel widgets for workshops, sold online.', delayMs: 4_000 });
});
afterAll(async () => {
  doomedWorker?.kill('SIGKILL');
  await rescuer?.close();
  await connection?.close();
  await Promise.all([sites?.close(), platforms?.close()]);
});

test('killing the worker mid-check loses nothing: another worker finishes the check', async () => {
  const env = {
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify(sites.overrides),
    TEMPORAL_TASK_QUEUE: uniqueName('failover'),
    MONGODB_URI: `mongodb://127.0.0.1:27017/${databaseName}`,
  };
  const config = testConfig(env);

  // The first worker is a real `npm run worker` process.
  doomedWorker = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, TEMPORAL_TASK_QUEUE: config.temporal.taskQueue, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  doomedWorker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('worker polling')) {
    if (doomedWorker.exitCode !== null) throw new Error(`the worker exited early:\n${output}`);
    await sleep(100);
  }

  connection = await Connection.connect({ address: config.temporal.address });
  const checks = new CheckClient(new Client({ connection }), config.temporal, new Set(Object.keys(config.fetchOriginOverrides)));
  const started = await checks.start('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });

  for (;;) {
    const { steps } = await checks.progress(started.workflowId);
    if (steps.some((step) => step.stage.startsWith('memory:') && step.status === 'started')) break;
    await sleep(100);
  }
  doomedWorker.kill('SIGKILL');
  await once(doomedWorker, 'exit');

  // A second worker, started only now, finishes what the first one left.
  rescuer = await startTestTemporal(config, { databaseName });
  const { snapshotId, report } = await checks.result('site', started.workflowId);
  expect(report.domain).toBe(FIXTURE_HOSTS.healthy);
  expect(report.memory.map((entry) => entry.status)).toEqual(PLATFORMS.map(() => 'known'));
  expect(await rescuer.store.get(snapshotId)).toMatchObject({ snapshotId, domain: FIXTURE_HOSTS.healthy });
}, 120_000);

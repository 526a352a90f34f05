/**
 * Monitors under faults: the worker killed during a scheduled run, and the Temporal server restarted
 * between runs with the schedule keeping its cadence (the second on a Temporal dev server of its own,
 * so no other test loses its server).
 */
import type { ChildProcess } from 'node:child_process';
import { spawnWorkerProcess } from '../support/worker-process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection, type ScheduleDescription } from '@temporalio/client';
import { ASSISTANTS } from '../../domain/shared/platforms';
import { createMongo } from '../../infra/mongo';
import { hashToken, MonitorStore } from '../../infra/monitor-store';
import type { MonitorDocument } from '../../infra/monitor-target';
import { MonitorSchedules, monitorScheduleId, scheduleOptions } from '../../infra/monitor-schedules';
import { describe as runSubject } from '../../infra/run-subject';
import { ensureSearchAttributes } from '../../infra/search-attributes';
import { freePort } from '../../dev/local-stack/free-port';
import { DATA_DIR } from '../../dev/local-stack/paths';
import { isAlive, startDetached, stopDetached } from '../../dev/local-stack/processes';
import { temporalService } from '../../dev/local-stack/temporal';
import { testConfig } from '../support/config';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { eventually, MONITORED_HOST, startChangingSite, type ChangingSite } from '../support/monitor-fixtures';
import { uniqueName } from '../support/names';
import { startTestTemporal } from '../support/temporal';

let site: ChangingSite;
let platforms: VendorStandIns;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  [site, platforms] = await Promise.all([startChangingSite(), startVendorStandIns()]);
  for (const platform of ASSISTANTS)
    platforms.setBehaviour(platform.id, { answer: 'Monitored Widgets is a reputable maker of steel widgets.' });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await Promise.all([site?.close(), platforms?.close()]);
});

/** A monitor document as the API would store it (created directly: these tests drive Temporal, not HTTP). */
function newMonitor(every: MonitorDocument['every'] = 'day'): MonitorDocument {
  const now = new Date();
  return {
    id: crypto.randomUUID(),
    tokenHash: hashToken('t'),
    kind: 'site',
    target: { url: MONITORED_HOST },
    every,
    paused: false,
    createdAt: now,
    renewedAt: now,
    expiresAt: new Date(now.getTime() + 90 * 86_400_000),
  };
}

function environment(databaseName: string, extra: Record<string, string> = {}) {
  const mongo = new URL(testConfig().mongodbUri);
  mongo.pathname = `/${databaseName}`;
  return {
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...platforms.fetchOverrides(), [MONITORED_HOST]: site.server.origin }),
    TEMPORAL_TASK_QUEUE: uniqueName('monitor-fault'),
    MONGODB_URI: mongo.toString(),
    ...extra,
  };
}

test('the worker killed during a scheduled run: another worker finishes it; one run, one snapshot carrying the monitor', async () => {
  // Slow platforms keep the scheduled run in flight long enough to kill its worker mid-way.
  for (const platform of ASSISTANTS)
    platforms.setBehaviour(platform.id, { answer: 'Monitored Widgets is a reputable maker of steel widgets.', delayMs: 4_000 });
  const databaseName = uniqueName('monitor_failover').replace(/-/g, '_');
  const env = environment(databaseName);
  const config = testConfig(env);
  const doomed: ChildProcess = spawnWorkerProcess(env, config.temporal.taskQueue);
  cleanups.push(async () => doomed.kill('SIGKILL'));
  let output = '';
  doomed.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('worker polling')) {
    if (doomed.exitCode !== null) throw new Error(`the worker exited early:\n${output}`);
    await sleep(100);
  }

  const connection = await Connection.connect({ address: config.temporal.address });
  cleanups.push(() => connection.close());
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const monitor = newMonitor();
  const mongo = createMongo(config.mongodbUri, databaseName);
  cleanups.push(() => mongo.client.close());
  const monitors = new MonitorStore(mongo.db);
  await monitors.create(monitor);
  const schedules = new MonitorSchedules(client, config.temporal);
  await schedules.create(monitor, runSubject(monitor.kind, monitor.target, new Set([MONITORED_HOST])));
  cleanups.push(() => client.schedule.getHandle(monitorScheduleId(monitor.id)).delete());

  const workflowId = await eventually(
    async () => {
      const { info } = await client.schedule.getHandle(monitorScheduleId(monitor.id)).describe();
      // The dev server lists a triggered run under recentActions (runningActions stays empty).
      return (info.runningActions[0] ?? info.recentActions[0]?.action)?.workflow.workflowId;
    },
    30_000,
    'the scheduled run',
  );
  expect(workflowId).toMatch(new RegExp(`^monitor-${monitor.id}-`));
  await eventually(
    async () => {
      const { steps } = await client.workflow.getHandle(workflowId).query<{ steps: { stage: string; status: string }[] }>('progress');
      return steps.some((step) => step.stage.startsWith('memory:') && step.status === 'started') ? true : undefined;
    },
    30_000,
    'the run under way',
  );
  doomed.kill('SIGKILL');
  await once(doomed, 'exit');

  const rescuer = await startTestTemporal(config, { databaseName });
  cleanups.push(() => rescuer.close());
  const { snapshotId } = await client.workflow.getHandle(workflowId).result();
  const runs = await rescuer.store.runsOf(monitor.id);
  expect(runs.map((run) => run.snapshotId)).toEqual([snapshotId]);
  expect(runs[0]).toMatchObject({
    monitorId: monitor.id,
    fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
    observation: { kind: 'site' },
  });
  const info = (await client.schedule.getHandle(monitorScheduleId(monitor.id)).describe()).info;
  // The schedule took one action: the killed run was finished, not started again.
  expect(info.numActionsTaken).toBe(1);
  for (const platform of ASSISTANTS)
    platforms.setBehaviour(platform.id, { answer: 'Monitored Widgets is a reputable maker of steel widgets.' });
}, 180_000);

test('the Temporal server restarted between runs: the schedule survives, takes the missed run within its catch-up window, and keeps its cadence', async () => {
  // A Temporal dev server of this test's own, on a free port, with its own database file.
  const port = await freePort();
  const databaseName = uniqueName('monitor_restart').replace(/-/g, '_');
  const env = environment(databaseName, { TEMPORAL_ADDRESS: `127.0.0.1:${port}` });
  const config = testConfig(env);
  const service = temporalService(config.temporal);
  const dbFile = join(DATA_DIR, `temporal-restart-test-${port}.db`);
  const args = service.args().map((arg) => (arg.endsWith('temporal.db') ? dbFile : arg));
  const name = `temporal-restart-test-${port}`;
  const binary = await service.install();
  const start = async () => {
    const pid = startDetached(name, binary, args);
    await eventually(
      async () => {
        expect(isAlive(pid)).toBe(true);
        return (
          (await service.probe().then(
            () => true,
            () => false,
          )) || undefined
        );
      },
      60_000,
      'the Temporal server',
    );
  };
  await start();
  cleanups.push(async () => {
    await stopDetached(name);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile}${suffix}`, { force: true });
  });
  const setup = await Connection.connect({ address: config.temporal.address });
  await ensureSearchAttributes(setup.operatorService, config.temporal.namespace);
  await setup.close();

  const worker = await startTestTemporal(config, { databaseName });
  cleanups.push(() => worker.close());
  const client = worker.client;
  const monitor = newMonitor();
  await new MonitorStore(worker.mongo.db).create(monitor);
  // The monitor's own schedule options (SKIP, catch-up 1 h, its search attributes), every 10 s without jitter so the cadence can be checked.
  const period = 10_000;
  const options = scheduleOptions(monitor, config.temporal.taskQueue, runSubject(monitor.kind, monitor.target, new Set([MONITORED_HOST])));
  await client.schedule.create({
    scheduleId: monitorScheduleId(monitor.id),
    ...options,
    spec: { intervals: [{ every: period }], endAt: options.spec.endAt },
  });
  const handle = client.schedule.getHandle(monitorScheduleId(monitor.id));
  const taken = async (count: number) =>
    eventually(
      async () => {
        const description: ScheduleDescription = await handle.describe();
        return description.info.numActionsTaken >= count && description.info.runningActions.length === 0 ? description : undefined;
      },
      60_000,
      `${count} actions`,
    );
  await taken(1);

  // Down for longer than one period: at least one nominal time passes with no server.
  await stopDetached(name);
  const downAt = Date.now();
  await sleep(period * 1.6);
  await start();
  const downFor = Date.now() - downAt;

  const after = await taken(3);
  expect(after.info.numActionsMissedCatchupWindow).toBe(0);
  // Every action on the 10 s grid (the missed one taken late, within the catch-up window), none twice.
  const scheduled = after.info.recentActions.map((action) => action.scheduledAt.getTime());
  expect(scheduled.every((time) => time % period === 0)).toBe(true);
  expect(new Set(scheduled).size).toBe(scheduled.length);
  expect(after.info.nextActionTimes.every((time) => time.getTime() % period === 0)).toBe(true);
  expect(after.info.recentActions.some((action) => action.takenAt.getTime() - action.scheduledAt.getTime() > 2_000)).toBe(true);
  const runs = await worker.store.runsOf(monitor.id);
  expect(runs.length).toBeGreaterThanOrEqual(3);
  expect(new Set(runs.map((run) => run.fingerprint)).size).toBe(1);
  expect(downFor).toBeGreaterThan(period);
  await handle.delete();
}, 240_000);

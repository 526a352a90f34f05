import type { Document } from 'mongodb';
import type { Alert } from '../../domain/monitoring/alert-schema';
import { createMongo, type Mongo } from '../../infra/mongo';
import { hashToken, MonitorStore } from '../../infra/monitor-store';
import { SnapshotStore } from '../../infra/snapshot-store';
import { testConfig } from '../support/config';
import { uniqueName } from '../support/names';
import { explainable, INDEX_STAGE, planStages, recordFinds } from '../support/query-plans';
import { opaqueReport } from '../support/opaque-report';

const config = testConfig();
let mongo: Mongo;
let snapshots: SnapshotStore;
let monitors: MonitorStore;

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const observation = (count: number) => ({ kind: 'brand' as const, rates: { mentionRate: { count, total: 40 } }, values: {} });
const alert = (monitorId: string, day: number): Alert => ({
  id: `alert_${monitorId}_${day}`,
  monitorId,
  type: 'jump',
  metric: 'mentionRate',
  from: 0.5,
  to: 0.1,
  snapshots: [`${monitorId}-${day - 1}`, `${monitorId}-${day}`],
  evidence: {},
  at: at(day).toISOString(),
});

beforeAll(async () => {
  mongo = createMongo(config.mongodbUri, uniqueName('test_monitors').replace(/-/g, '_'));
  snapshots = new SnapshotStore(mongo.db);
  monitors = new MonitorStore(mongo.db);
  await snapshots.ensureIndexes();
  // Two monitors' runs, saved out of order, among unmonitored snapshots.
  for (const day of [3, 1, 2, ...Array.from({ length: 27 }, (_, index) => index + 4)]) {
    for (const monitorId of ['m-a', 'm-b']) {
      await snapshots.save({
        snapshotId: `${monitorId}-${day}`,
        kind: 'brand',
        createdAt: at(day),
        report: opaqueReport('brand', { big: 'x'.repeat(1000) }),
        monitorId,
        fingerprint: 'f',
        observation: observation(day),
      });
    }
    await snapshots.save({ snapshotId: `plain-${day}`, kind: 'brand', createdAt: at(day), report: opaqueReport('brand') });
  }
  const now = new Date();
  await monitors.create({
    id: 'm-a',
    tokenHash: hashToken('secret-token'),
    kind: 'brand',
    target: { keyword: 'k', brand: 'b' },
    every: 'day',
    paused: false,
    createdAt: now,
    renewedAt: now,
    expiresAt: new Date(now.getTime() + 1000_000),
  });
  await monitors.create({
    id: 'm-old',
    tokenHash: hashToken('t'),
    kind: 'site',
    target: { url: 'x.com' },
    every: 'week',
    paused: false,
    createdAt: at(1),
    renewedAt: at(1),
    expiresAt: at(2),
  });
});
afterAll(async () => {
  await mongo.db.dropDatabase();
  await mongo.client.close();
});

test('a monitor’s runs: its own only, oldest first, the newest `limit`, without the report', async () => {
  const runs = await snapshots.runsOf('m-a');
  expect(runs.map((run) => run.snapshotId)).toEqual(Array.from({ length: 30 }, (_, index) => `m-a-${index + 1}`));
  expect(runs[0]).toEqual({ snapshotId: 'm-a-1', createdAt: at(1), monitorId: 'm-a', fingerprint: 'f', observation: observation(1) });
  expect((await snapshots.runsOf('m-b', 5)).map((run) => run.snapshotId)).toEqual(['m-b-26', 'm-b-27', 'm-b-28', 'm-b-29', 'm-b-30']);
});

test('the token: its SHA-256 only is stored; a wrong or missing one finds nothing', async () => {
  expect(await monitors.authorised('m-a', 'secret-token')).toMatchObject({ id: 'm-a' });
  expect(await monitors.authorised('m-a', 'secret-tokeN')).toBeNull();
  expect(await monitors.authorised('m-a', undefined)).toBeNull();
  expect(await monitors.authorised('m-none', 'secret-token')).toBeNull();
  expect(JSON.stringify(await mongo.db.collection('monitors').findOne({ _id: 'm-a' as never }))).not.toContain('secret-token');
});

test('alerts are stored once per id; a monitor’s are read oldest first; expired monitors are not active', async () => {
  expect(await monitors.saveAlerts([alert('m-a', 5), alert('m-a', 9)])).toHaveLength(2);
  expect(await monitors.saveAlerts([alert('m-a', 9), alert('m-b', 9)])).toEqual([alert('m-b', 9)]);
  expect((await monitors.alertsOf('m-a')).map((stored) => stored.id)).toEqual(['alert_m-a_5', 'alert_m-a_9']);
  expect(await monitors.countActive()).toBe(1);
});

test('every read of monitors, their runs and alerts is answered from an index (explain of the commands actually sent)', async () => {
  const recorded = recordFinds(config.mongodbUri, mongo.db.databaseName);
  const { db } = recorded;
  try {
    await new SnapshotStore(db).runsOf('m-a');
    const observed = new MonitorStore(db);
    await observed.authorised('m-a', 'secret-token');
    await observed.alertsOf('m-a');
    await observed.getAlert('alert_m-a_5');
    expect(recorded.finds.map((event) => String(event.command.find))).toEqual(['snapshots', 'monitors', 'alerts', 'alerts']);
    for (const { command } of recorded.finds) {
      const { find } = command;
      const query = explainable(command);
      const plan = await planStages(db, query);
      expect({ find, plan }).toEqual({ find, plan: expect.arrayContaining([expect.stringMatching(INDEX_STAGE)]) });
      expect(plan).not.toContain('COLLSCAN');
      // SecantusDB sorts what the index range returned (the monitor's own entries), never the collection.
      const stats = (await db.command({ explain: query, verbosity: 'executionStats' })).executionStats as Document | undefined;
      if (stats?.totalDocsExamined !== undefined)
        expect({ find, examined: stats.totalDocsExamined }).toEqual({ find, examined: expect.any(Number) });
      if (find === 'snapshots' && stats?.totalDocsExamined !== undefined) expect(stats.totalDocsExamined).toBeLessThanOrEqual(30);
    }
    expect(await planStages(db, { count: 'monitors', query: { expiresAt: { $gt: new Date() } } })).not.toContain('COLLSCAN');
  } finally {
    await recorded.close();
  }
});

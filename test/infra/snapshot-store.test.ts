import { createMongo, type Mongo } from '../../infra/mongo';
import { SnapshotStore } from '../../infra/snapshot-store';
import { testConfig } from '../support/config';
import { uniqueName } from '../support/names';

const config = testConfig();
let mongo: Mongo;
let store: SnapshotStore;

beforeAll(async () => {
  mongo = createMongo(config.mongodbUri, uniqueName('test_store').replace(/-/g, '_'));
  store = new SnapshotStore(mongo.db);
  await store.ensureIndexes();
});
afterAll(async () => {
  await mongo.db.dropDatabase();
  await mongo.client.close();
});

const at = (day: number) => new Date(Date.UTC(2026, 10, day));
const scores = (totalScore: number) => ({ totalScore, crawlerScore: totalScore, memoryScore: totalScore });

test('saving the same snapshot twice (a retried activity) stores it once, unchanged', async () => {
  await store.save({ snapshotId: 's-1', kind: 'site', domain: 'one.com', createdAt: at(1), report: { v: 1 } }, scores(50));
  await store.save({ snapshotId: 's-1', kind: 'site', domain: 'one.com', createdAt: at(1), report: { v: 2 } }, scores(50));
  expect(await mongo.db.collection('snapshots').countDocuments({ snapshotId: 's-1' })).toBe(1);
  expect(await store.get('s-1')).toEqual({ snapshotId: 's-1', kind: 'site', domain: 'one.com', createdAt: at(1), report: { v: 1 } });
});

test('the latest record per domain keeps the newest check, even when an older one is saved late', async () => {
  await store.save({ snapshotId: 'new', kind: 'site', domain: 'two.com', createdAt: at(10), report: {} }, scores(80));
  await store.save({ snapshotId: 'old', kind: 'site', domain: 'two.com', createdAt: at(5), report: {} }, scores(20));
  await store.save({ snapshotId: 'newer', kind: 'site', domain: 'two.com', createdAt: at(12), report: {} }, scores(70));
  expect((await store.latestFor('two.com'))?.snapshotId).toBe('newer');
  const rankings = await store.rankings(10);
  expect(rankings.filter((entry) => entry.domain === 'two.com')).toEqual([expect.objectContaining({ snapshotId: 'newer', totalScore: 70 })]);
});

test('rankings are ordered by total score and limited', async () => {
  await store.save({ snapshotId: 'r-a', kind: 'site', domain: 'a.com', createdAt: at(2), report: {} }, scores(90));
  await store.save({ snapshotId: 'r-b', kind: 'site', domain: 'b.com', createdAt: at(2), report: {} }, scores(10));
  const top = await store.rankings(2);
  expect(top.map((entry) => entry.domain)).toEqual(['a.com', 'two.com']);
  expect(await store.get('missing')).toBeNull();
});

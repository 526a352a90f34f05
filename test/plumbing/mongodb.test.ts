import { MongoServerError } from 'mongodb';
import { createMongo, databaseOf, type Mongo } from '../../infra/mongo';
import { testConfig } from '../support/config';
import { uniqueName } from '../support/names';

const config = testConfig();
let mongo: Mongo;

beforeAll(() => {
  mongo = createMongo(config.mongodbUri, uniqueName('test_plumbing').replace(/-/g, '_'));
});
afterAll(async () => {
  await mongo.db.dropDatabase();
  await mongo.client.close();
});

test('documents round-trip through the mongodb driver, with a unique index and an idempotent upsert', async () => {
  const snapshots = mongo.db.collection<{ snapshotId: string; domain: string; score: number }>('snapshots');
  await snapshots.createIndex({ snapshotId: 1 }, { unique: true });

  const first = await snapshots.updateOne(
    { snapshotId: 'a1' },
    { $setOnInsert: { snapshotId: 'a1', domain: 'example.com', score: 70 } },
    { upsert: true },
  );
  // The same upsert again (a retried activity) changes nothing and creates no second document.
  const again = await snapshots.updateOne(
    { snapshotId: 'a1' },
    { $setOnInsert: { snapshotId: 'a1', domain: 'example.com', score: 99 } },
    { upsert: true },
  );
  expect(first.upsertedCount).toBe(1);
  expect(again.upsertedCount).toBe(0);
  expect(await snapshots.countDocuments({ snapshotId: 'a1' })).toBe(1);
  expect(await snapshots.findOne({ snapshotId: 'a1' }, { projection: { _id: 0 } })).toEqual({ snapshotId: 'a1', domain: 'example.com', score: 70 });

  const duplicate = await snapshots.insertOne({ snapshotId: 'a1', domain: 'other.com', score: 1 }).catch((error: unknown) => error);
  expect(duplicate).toBeInstanceOf(MongoServerError);
  expect((duplicate as MongoServerError).code).toBe(11000);
});

test('the database is the one the connection string names, with several hosts too', () => {
  expect(databaseOf('mongodb://127.0.0.1:27017/aivis')).toBe('aivis');
  expect(databaseOf('mongodb://db1:27017,db2:27017,db3:27017/reports?replicaSet=rs0')).toBe('reports');
  expect(databaseOf('mongodb+srv://user:pass@cluster.example.net/prod?retryWrites=true')).toBe('prod');
  expect(databaseOf('mongodb://127.0.0.1:27017')).toBe('aivis');
  expect(databaseOf('mongodb://127.0.0.1:27017/?tls=true')).toBe('aivis');
});

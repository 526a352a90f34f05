import { randomUUID } from 'node:crypto';
import express from 'express';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import { snapshotJsonRoutes, snapshotPageRoutes } from '../../api/routes/snapshots';
import { SnapshotCache } from '../../api/snapshot-cache';
import { SnapshotStore } from '../../infra/snapshot-store';
import { syntheticReport } from '../../dev/synthetic-report';
import { testConfig } from '../support/config';
import { uniqueName } from '../support/names';
import { opaqueReport } from '../support/opaque-report';

const config = testConfig();
// Counts the finds that reach the store, to tell a cached answer from a read.
const client = new MongoClient(config.mongodbUri, { monitorCommands: true });
const db = client.db(uniqueName('test_cache').replace(/-/g, '_'));
const store = new SnapshotStore(db);
let finds = 0;
client.on('commandStarted', (event) => {
  if (event.commandName === 'find') finds += 1;
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
});

async function stored(): Promise<string> {
  const snapshotId = randomUUID();
  const createdAt = new Date();
  const report = syntheticReport(finds + Date.now(), 'cached.example', createdAt);
  await store.save({ snapshotId, kind: 'site', domain: report.domain, createdAt, report });
  return snapshotId;
}

const asText = ({ snapshot }: { snapshot: { snapshotId: string } }) => snapshot.snapshotId;

test('a snapshot is read from the store once, then served from memory with the same ETag', async () => {
  const cache = new SnapshotCache(store, 1024 * 1024);
  const snapshotId = await stored();
  const before = finds;
  const first = await cache.rendered(snapshotId, 'id', (snapshot) => asText({ snapshot }));
  const again = await Promise.all([1, 2, 3].map(() => cache.rendered(snapshotId, 'id', (snapshot) => asText({ snapshot }))));
  expect(finds - before).toBe(1);
  expect(first?.body.toString()).toBe(snapshotId);
  expect(again.map((entry) => entry?.etag)).toEqual([first?.etag, first?.etag, first?.etag]);
});

test("a finished check's report is read through the cache: the store once, whatever the number of readers", async () => {
  const cache = new SnapshotCache(store, 1024 * 1024);
  const snapshotId = await stored();
  const before = finds;
  const reports = await Promise.all([1, 2, 3].map(() => cache.report(snapshotId)));
  expect(finds - before).toBe(1);
  expect(reports[0]).toEqual(await store.report(snapshotId));
  expect(reports[1]).toEqual(reports[0]);
  expect(await cache.report(randomUUID())).toBeNull();
});

test('simultaneous first views share one read; a missing snapshot is not remembered', async () => {
  const cache = new SnapshotCache(store, 1024 * 1024);
  const snapshotId = await stored();
  const before = finds;
  await Promise.all([1, 2, 3, 4].map(() => cache.rendered(snapshotId, 'id', (snapshot) => asText({ snapshot }))));
  expect(finds - before).toBe(1);
  const later = randomUUID();
  expect(await cache.rendered(later, 'id', (snapshot) => asText({ snapshot }))).toBeNull();
  await store.save({ snapshotId: later, kind: 'site', domain: 'cached.example', createdAt: new Date(), report: opaqueReport('site') });
  expect((await cache.rendered(later, 'id', (snapshot) => asText({ snapshot })))?.body.toString()).toBe(later);
});

test('the cache holds at most its size, dropping the least recently used first', async () => {
  const ids = [await stored(), await stored(), await stored()];
  const render = (snapshot: { snapshotId: string }) => snapshot.snapshotId.padEnd(1000, '.');
  const cache = new SnapshotCache(store, 2500);
  await cache.rendered(ids[0]!, 'padded', render);
  await cache.rendered(ids[1]!, 'padded', render);
  await cache.rendered(ids[0]!, 'padded', render);
  await cache.rendered(ids[2]!, 'padded', render);
  expect(cache.size).toBe(2000);
  const before = finds;
  await cache.rendered(ids[0]!, 'padded', render);
  expect(finds - before).toBe(0);
  await cache.rendered(ids[1]!, 'padded', render);
  expect(finds - before).toBe(1);
});

test('the snapshot page and JSON carry an ETag and answer If-None-Match with 304 and no body', async () => {
  const snapshotId = await stored();
  const cache = new SnapshotCache(store, 8 * 1024 * 1024);
  const app = express().use(snapshotJsonRoutes(cache)).use(snapshotPageRoutes(cache, 'http://localhost:3000'));
  for (const path of [`/report/${snapshotId}`, `/api/v1/report/${snapshotId}`]) {
    const first = await request(app).get(path);
    expect(first.status).toBe(200);
    expect(first.headers['etag']).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toContain('immutable');
    const before = finds;
    const revalidated = await request(app).get(path).set('If-None-Match', first.headers['etag']!);
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(finds - before).toBe(0);
    const other = await request(app).get(path).set('If-None-Match', '"something-else"');
    expect(other.status).toBe(200);
    expect(other.text).toBe(first.text);
  }
  expect(JSON.parse((await request(app).get(`/api/v1/report/${snapshotId}`)).text).snapshotId).toBe(snapshotId);
});

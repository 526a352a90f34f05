import { rmSync } from 'node:fs';
import { freePort } from '../../dev/local-stack/free-port';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMongo, type Mongo } from '../../infra/mongo';
import { INDEXES } from '../../infra/store-layout';
import { bringUp } from '../../dev/local-stack';
import { mongodbService, storeDataDir } from '../../dev/local-stack/mongodb';
import { isAlive, startDetached, stopDetached } from '../../dev/local-stack/processes';
import { testConfig } from '../support/config';

const config = testConfig();

async function indexNames(mongo: Mongo): Promise<Record<string, string[]>> {
  const names: Record<string, string[]> = {};
  for (const collection of Object.keys(INDEXES)) {
    names[collection] = (await mongo.db.collection(collection).listIndexes().toArray()).map((index) => String(index.name));
  }
  return names;
}

const expected = Object.fromEntries(
  Object.entries(INDEXES).map(([collection, indexes]) => [collection, expect.arrayContaining(indexes.map((index) => index.name))]),
);

test('services:up has created the snapshot indexes in the configured database', async () => {
  const mongo = createMongo(config.mongodbUri);
  try {
    expect(await indexNames(mongo)).toEqual(expected);
  } finally {
    await mongo.client.close();
  }
});

test('a local store that services:up brought up keeps its indexes across a restart', async () => {
  const port = await freePort();
  const uri = `mongodb://127.0.0.1:${port}/aivis`;
  const service = mongodbService(uri);
  try {
    expect(await bringUp(service)).toBe('started');
    await stopDetached(service.name);
    // Started again by hand, without services:up's set-up: the indexes must come from the store's files.
    const pid = startDetached(service.name, await service.install(), service.args(), service.env);
    for (let answered = false; !answered;) {
      expect(isAlive(pid)).toBe(true);
      answered = await service.probe().then(
        () => true,
        () => false,
      );
      if (!answered) await sleep(200);
    }
    const mongo = createMongo(uri);
    try {
      expect(await indexNames(mongo)).toEqual(expected);
    } finally {
      await mongo.client.close();
    }
  } finally {
    await stopDetached(service.name);
    rmSync(storeDataDir(port), { recursive: true, force: true });
  }
}, 120_000);

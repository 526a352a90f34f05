import type { Client } from '@temporalio/client';
import { Runtime } from '@temporalio/worker';
import { createActivities } from '../../activities';
import { createSiteAccess } from '../../activities/support/site-access';
import type { Config } from '../../domain/shared/config';
import { startTestWorker } from '../../dev/test-worker';
import { createMongo, type Mongo } from '../../infra/mongo';
import type { SnapshotStore } from '../../infra/snapshot-store';
import { createStores, type Stores } from '../../infra/stores';
import { createRedis } from '../../infra/redis';
import { answerTimesKey, createAnswerTimes } from '../../infra/answer-times';
import type { WorkerGroup } from '../../worker/create-worker';
import { uniqueName } from './names';
import { currentWorkflowBundlePath } from './paths';

let runtimeInstalled = false;

export interface TestTemporal {
  client: Client;
  /** The check queue's worker and one worker per platform queue, each with the platform's budget. */
  worker: WorkerGroup;
  /** This test file's own database on the shared MongoDB-wire server. */
  mongo: Mongo;
  store: SnapshotStore;
  /** Every store over `mongo`, as the worker's activities were given them (`store` among them). */
  stores: Stores;
  /** Shuts the worker down (a Worker runs once), drops the database and closes the connections. */
  close(): Promise<void>;
}

/** The SDK's Runtime, once per test file, logging errors only (the time-skipping environment uses it too). */
export function installQuietRuntime(): void {
  if (runtimeInstalled) return;
  const ignore = () => undefined;
  Runtime.install({
    shutdownSignals: [],
    logger: { log: ignore, trace: ignore, debug: ignore, info: ignore, warn: ignore, error: console.error },
    // Core's own warnings too (the test server advertises fewer capabilities than a real one).
    telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' }, forward: {} } },
  });
  runtimeInstalled = true;
}

/**
 * A real worker, polling, with the real activities on this test file's task queue and its platform
 * queues, against the shared dev server. Called twice with one config, it gives two workers of one
 * cluster (each has its own connection: one connection may not poll a queue twice).
 */
export async function startTestTemporal(config: Config, options: { databaseName?: string } = {}): Promise<TestTemporal> {
  installQuietRuntime();
  const mongo = createMongo(config.mongodbUri, options.databaseName ?? uniqueName('test').replace(/-/g, '_'));
  const stores = createStores(mongo.db);
  const { store } = stores;
  await store.ensureIndexes();
  const site = createSiteAccess(config);
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  const answerTimes = createAnswerTimes(redis, answerTimesKey(config.temporal.taskQueue));
  const { client, worker, close } = await startTestWorker({
    config,
    activities: createActivities({ config, site, ...stores, answerTimes }),
    workflowBundle: { codePath: currentWorkflowBundlePath() },
  });
  return {
    client,
    worker,
    mongo,
    store,
    stores,
    async close() {
      await close();
      await mongo.db.dropDatabase();
      await Promise.allSettled([mongo.client.close(), site.close(), redis?.quit()]);
    },
  };
}

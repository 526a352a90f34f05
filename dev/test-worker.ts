import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type WorkerOptions } from '@temporalio/worker';
import type { Activities } from '../activities';
import type { Config } from '../domain/shared/config';
import { setCurrentVersion } from '../infra/worker-deployment';
import { createWorker, type WorkerGroup } from '../worker/create-worker';

/** The connections of an environment that already has them (a TestWorkflowEnvironment's). */
export interface TemporalConnections {
  client: Client;
  nativeConnection: NativeConnection;
}

export interface TestWorkerOptions {
  config: Pick<Config, 'temporal' | 'platformRpm' | 'platformRps' | 'platformConcurrency' | 'fairnessWeights' | 'demand'>;
  activities: Activities;
  workflowBundle: NonNullable<WorkerOptions['workflowBundle']>;
  /** Given (a time-skipping environment's): used and left open. Absent: made to config.temporal.address and closed by close(). */
  connections?: TemporalConnections;
  /** See createWorker: false on the time-skipping test server. */
  queueRates?: boolean;
}

export interface TestWorker {
  client: Client;
  /** The check queue's worker and one worker per platform queue, each with the platform's budget, polling. */
  worker: WorkerGroup;
  /** Shuts the worker group down (a Worker runs once) and closes the connections it made. */
  close(): Promise<void>;
}

/**
 * The worker wiring of the tests and the scripts, written once: the production worker group
 * (worker/create-worker.ts) with the given activities, running, and a client beside it.
 */
export async function startTestWorker({
  config,
  activities,
  workflowBundle,
  connections,
  queueRates,
}: TestWorkerOptions): Promise<TestWorker> {
  const own = connections
    ? undefined
    : {
        nativeConnection: await NativeConnection.connect({ address: config.temporal.address }),
        connection: await Connection.connect({ address: config.temporal.address }),
      };
  const nativeConnection = connections?.nativeConnection ?? own!.nativeConnection;
  const client = connections?.client ?? new Client({ connection: own!.connection, namespace: config.temporal.namespace });
  const worker = await createWorker({
    connection: nativeConnection,
    temporal: config.temporal,
    workflowBundle,
    activities,
    budgets: config,
    queueRates,
  });
  // The test's own deployment (named after its queue) takes its runs from the start, as services:up does for npm start.
  if (queueRates !== false) await setCurrentVersion(client.workflowService, config.temporal, 'test-worker');
  const running = worker.run();
  return {
    client,
    worker,
    async close() {
      worker.shutdown();
      await running;
      if (own) await Promise.allSettled([own.connection.close(), own.nativeConnection.close()]);
    },
  };
}

import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Runtime, type Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import type { Config } from '../../domain/config';
import { createWorker } from '../../worker/create-worker';
import { currentWorkflowBundlePath } from './paths';

let runtimeInstalled = false;

export interface TestTemporal {
  client: Client;
  worker: Worker;
  /** Shuts the worker down (a Worker runs once) and closes the connections. */
  close(): Promise<void>;
}

/** A real worker, polling, with the real activities on this test file's task queue, against the shared dev server. */
export async function startTestTemporal(config: Config): Promise<TestTemporal> {
  if (!runtimeInstalled) {
    Runtime.install({ shutdownSignals: [], logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error: console.error } });
    runtimeInstalled = true;
  }
  const nativeConnection = await NativeConnection.connect({ address: config.temporal.address });
  const worker = await createWorker({
    connection: nativeConnection,
    temporal: config.temporal,
    workflowBundle: { codePath: currentWorkflowBundlePath() },
    activities: createActivities({ config }),
  });
  const connection = await Connection.connect({ address: config.temporal.address });
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const running = worker.run();
  const close = async () => {
    worker.shutdown();
    await running;
    await connection.close();
    await nativeConnection.close();
  };
  return { client, worker, close };
}

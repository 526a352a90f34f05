import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import type { Activities } from '../activities';
import type { Config } from '../domain/config';

/** In-flight activities get this long to finish after SIGINT/SIGTERM before they are cancelled. */
export const SHUTDOWN_GRACE = '30 seconds';

export interface WorkerDependencies {
  connection: NativeConnection;
  temporal: Config['temporal'];
  workflowBundle: NonNullable<WorkerOptions['workflowBundle']>;
  activities: Activities;
}

export function createWorker({ connection, temporal, workflowBundle, activities }: WorkerDependencies): Promise<Worker> {
  return Worker.create({
    connection,
    namespace: temporal.namespace,
    taskQueue: temporal.taskQueue,
    workflowBundle,
    activities,
    shutdownGraceTime: SHUTDOWN_GRACE,
  });
}

import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import type { Activities } from '../activities';
import type { Config } from '../domain/config';

/** In-flight activities get this long to finish after SIGINT/SIGTERM before they are cancelled. */
export const SHUTDOWN_GRACE = '30 seconds';
export const MAX_CONCURRENT_ACTIVITIES = 400;

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
    // Activities mostly wait on the network (a check runs ~12 at once, 5 of them on AI platforms),
    // so a worker holds many more of them than the SDK's default of 100.
    maxConcurrentActivityTaskExecutions: MAX_CONCURRENT_ACTIVITIES,
    // Ten fixed pollers (the default) left activity tasks of 50 concurrent checks queued for seconds
    // (npm run bench); autoscaling pollers follow the backlog the server reports.
    activityTaskPollerBehavior: { type: 'autoscaling', minimum: 2, initial: 10, maximum: 100 },
    workflowTaskPollerBehavior: { type: 'autoscaling', minimum: 2, initial: 5, maximum: 40 },
  });
}

import { type NativeConnection, Worker, type State, type WorkerOptions } from '@temporalio/worker';
import type { Activities } from '../activities';
import type { Config } from '../domain/shared/config';
import { demandTaskQueue, platformTaskQueue } from '../domain/shared/platform-budgets';
import { setPlatformQueueRates } from '../infra/platform-queues';
import { PLATFORMS } from '../domain/shared/platforms';

/** In-flight activities get this long to finish after SIGINT/SIGTERM before they are cancelled. */
export const SHUTDOWN_GRACE = '30 seconds';
export const MAX_CONCURRENT_ACTIVITIES = 400;

export interface WorkerDependencies {
  connection: NativeConnection;
  temporal: Config['temporal'];
  workflowBundle: NonNullable<WorkerOptions['workflowBundle']>;
  activities: Activities;
  /** Each platform's budget (<PREFIX>_RPM, <PREFIX>_RPS), the per-worker bound on its questions in flight (PLATFORM_CONCURRENCY) and the clients' fairness weights. */
  budgets: Pick<Config, 'platformRpm' | 'platformRps' | 'platformConcurrency' | 'fairnessWeights' | 'demand'>;
  /**
   * False on Temporal's time-skipping test server, which has no task-queue config (UpdateTaskQueueConfig)
   * and no Worker Versioning: the budgets then do not hold, and the workers poll unversioned.
   */
  queueRates?: boolean;
}

/**
 * One worker process's pollers: the check queue (workflows and every stage) and one queue per AI
 * platform, whose questions Temporal hands out no faster than the platform's budget (the queue's rate,
 * set on the server at start), people's checks first and each client in turn (priority and fairness). The group runs,
 * and shuts down, as one.
 */
export interface WorkerGroup {
  /** Resolves once every worker of the group has stopped; rejects when one fails (the others are shut down). */
  run(): Promise<void>;
  /** Runs the group until `fn` settles, then shuts it down. */
  runUntil<R>(fn: () => Promise<R>): Promise<R>;
  shutdown(): void;
  /** The check queue's worker's state. */
  getState(): State;
  /** The queue names this group polls, the check queue first. */
  taskQueues: string[];
}

function pinnedTo({ name, buildId }: Config['temporal']['deployment']): Pick<WorkerOptions, 'workerDeploymentOptions'> {
  return {
    workerDeploymentOptions: { useWorkerVersioning: true, version: { deploymentName: name, buildId }, defaultVersioningBehavior: 'PINNED' },
  };
}

export async function createWorker({
  connection,
  temporal,
  workflowBundle,
  activities,
  budgets,
  queueRates = true,
}: WorkerDependencies): Promise<WorkerGroup> {
  // Before polling: the server, not this worker, holds each platform queue to its budget.
  if (queueRates) await setPlatformQueueRates(connection.workflowService, { temporal, ...budgets }, 'worker');
  // Every run is pinned to the build that started it: it replays only on the code that wrote its history.
  const { askPlatform, ...onCheckQueue } = activities;
  const versioning = queueRates ? pinnedTo(temporal.deployment) : {};
  const main = await Worker.create({
    ...versioning,
    connection,
    namespace: temporal.namespace,
    taskQueue: temporal.taskQueue,
    workflowBundle,
    // Every stage but the questions, which run on the platforms' queues only.
    activities: onCheckQueue,
    shutdownGraceTime: SHUTDOWN_GRACE,
    // Activities mostly wait on the network (a check runs ~12 at once, 5 of them on AI platforms),
    // so a worker holds many more of them than the SDK's default of 100.
    maxConcurrentActivityTaskExecutions: MAX_CONCURRENT_ACTIVITIES,
    // Ten fixed pollers (the default) left activity tasks of 50 concurrent checks queued for seconds
    // (npm run bench); autoscaling pollers follow the backlog the server reports.
    activityTaskPollerBehavior: { type: 'autoscaling', minimum: 2, initial: 10, maximum: 100 },
    workflowTaskPollerBehavior: { type: 'autoscaling', minimum: 2, initial: 5, maximum: 40 },
  });
  const platformWorkers = await Promise.all(
    PLATFORMS.map((platform) =>
      Worker.create({
        ...versioning,
        connection,
        namespace: temporal.namespace,
        taskQueue: platformTaskQueue(temporal.taskQueue, platform.id),
        // The questions, and the analysis platform's stages (workflows/analysis-stages.ts) on its queue.
        activities: {
          askPlatform,
          planDiagnosis: activities.planDiagnosis,
          planArticleQuestions: activities.planArticleQuestions,
          judgeCoverage: activities.judgeCoverage,
          readBrandAnswers: activities.readBrandAnswers,
        },
        shutdownGraceTime: SHUTDOWN_GRACE,
        // A bound on this worker's memory only; questions beyond it wait in Temporal's queue.
        maxConcurrentActivityTaskExecutions: budgets.platformConcurrency,
        activityTaskPollerBehavior: { type: 'autoscaling', minimum: 1, initial: 2, maximum: 20 },
      }),
    ),
  );
  // DataForSEO's demand requests, at the account's budget (docs/checks/brand.md, "Demand").
  const demandWorker = await Worker.create({
    ...versioning,
    connection,
    namespace: temporal.namespace,
    taskQueue: demandTaskQueue(temporal.taskQueue),
    activities: { measureDemand: activities.measureDemand },
    shutdownGraceTime: SHUTDOWN_GRACE,
    activityTaskPollerBehavior: { type: 'autoscaling', minimum: 1, initial: 1, maximum: 4 },
  });
  const workers = [main, ...platformWorkers, demandWorker];
  const shutdown = () => {
    for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
  };
  const run = async () => {
    const results = await Promise.allSettled(
      workers.map((worker) =>
        worker.run().catch((error: unknown) => {
          shutdown();
          throw error;
        }),
      ),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  };
  return {
    run,
    async runUntil(fn) {
      const running = run();
      try {
        return await fn();
      } finally {
        shutdown();
        await running;
      }
    },
    shutdown,
    getState: () => main.getState(),
    taskQueues: workers.map((worker) => worker.options.taskQueue),
  };
}

import { temporal } from '@temporalio/proto';
import type { Config } from '../domain/shared/config';
import { demandTaskQueue, platformTaskQueue, queueRequestsPerSecond } from '../domain/shared/platform-budgets';
import { PLATFORMS } from '../domain/shared/platforms';

type WorkflowService = temporal.api.workflowservice.v1.WorkflowService;

/** What a platform queue is set to on the server: its name and its rate in tasks per second. */
function platformQueueRates({
  temporal,
  platformRpm,
  platformRps,
  demand,
}: Pick<Config, 'temporal' | 'platformRpm' | 'platformRps' | 'demand'>): { taskQueue: string; requestsPerSecond: number }[] {
  return [
    ...PLATFORMS.map((platform) => ({
      taskQueue: platformTaskQueue(temporal.taskQueue, platform.id),
      requestsPerSecond: queueRequestsPerSecond(platformRpm[platform.id], platformRps[platform.id]),
    })),
    // DataForSEO's demand requests (docs/platform-budgets.md): DEMAND_RPM, Google Ads' 12 a minute by default.
    { taskQueue: demandTaskQueue(temporal.taskQueue), requestsPerSecond: queueRequestsPerSecond(demand.rpm) },
  ];
}

/**
 * Sets each platform queue's rate once on the Temporal server (UpdateTaskQueueConfig, what
 * `temporal task-queue config set --queue-rps-limit` does). The server then hands out that queue's
 * activity tasks no faster than this, whichever and however many workers poll it, and the setting
 * overrides any worker's own. FAIRNESS_WEIGHTS, when set, overrides chosen clients' fairness weights
 * there (a key removed from it keeps its weight until unset with the CLI). Idempotent: every worker
 * sets the same values at start.
 */
export async function setPlatformQueueRates(
  service: WorkflowService,
  config: Pick<Config, 'temporal' | 'platformRpm' | 'platformRps' | 'fairnessWeights' | 'demand'>,
  identity: string,
): Promise<void> {
  const weights = Object.keys(config.fairnessWeights).length > 0 ? { setFairnessWeightOverrides: config.fairnessWeights } : {};
  await Promise.all(
    platformQueueRates(config).map(({ taskQueue, requestsPerSecond }) =>
      service.updateTaskQueueConfig({
        namespace: config.temporal.namespace,
        identity,
        taskQueue,
        taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY,
        updateQueueRateLimit: { rateLimit: { requestsPerSecond }, reason: 'the platform request budget (<PREFIX>_RPM)' },
        ...weights,
      }),
    ),
  );
}

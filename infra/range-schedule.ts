import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import type { Config } from '../domain/shared/config';

/** One range-refresh schedule per task queue (the queue's workers run it). */
export const rangeScheduleId = (taskQueue: string) => `vendor-ranges-${taskQueue}`;

export const RANGE_REFRESH_EVERY_MS = 86_400_000;
export const RANGE_REFRESH_WORKFLOW = 'rangeRefreshWorkflow';

function rangeScheduleOptions(
  taskQueue: string,
): Omit<ScheduleOptions<ScheduleOptionsStartWorkflowAction<Workflow>>, 'scheduleId' | 'state'> {
  return {
    // Daily; vendors change their files a few times a month. Up to an hour of jitter spreads deployments.
    spec: { intervals: [{ every: RANGE_REFRESH_EVERY_MS }], jitter: '1 hour' },
    action: {
      type: 'startWorkflow',
      workflowType: RANGE_REFRESH_WORKFLOW,
      workflowId: rangeScheduleId(taskQueue),
      taskQueue,
      workflowExecutionTimeout: '30 minutes',
      staticSummary: 'Refreshing the AI crawlers’ published IP ranges',
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
  };
}

/**
 * Creates the daily range-refresh schedule (its first run at once, so a fresh deployment has ranges
 * within a minute), or brings an existing one to this version's options. Every worker calls it at start.
 */
export async function ensureRangeSchedule(client: Client, temporal: Config['temporal']): Promise<void> {
  const scheduleId = rangeScheduleId(temporal.taskQueue);
  const options = rangeScheduleOptions(temporal.taskQueue);
  try {
    await client.schedule.create({ scheduleId, ...options, state: { triggerImmediately: true } });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...options, state: previous.state }));
  }
}

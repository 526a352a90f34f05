import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, startChild, uuid4, WorkflowIdReusePolicy } from '@temporalio/workflow';
import { store } from './stage-options';
import type { Progress } from './progress';
import { deliverWebhookWorkflow } from './webhook';

/** What a check workflow's input carries when a monitor's schedule started it. */
export interface MonitorRunInput {
  id: string;
}

/** A scheduled run gets the same arguments every time: its snapshot id is made here (replay-safe). */
export const snapshotIdOf = (given: string | undefined) => given ?? uuid4();

/**
 * After a monitored run's snapshot is saved: its alerts, computed and stored, then each sent to the
 * webhook by a workflow of its own (`webhook-<alertId>`, rejected if it ever existed, so an alert is
 * delivered under one id however often this runs), which outlives this check.
 */
export async function afterMonitoredRun(progress: Progress, monitor: MonitorRunInput, snapshotId: string): Promise<void> {
  const evaluated = await progress.optional('alerts', 'Comparing with the monitor’s earlier runs', store.evaluateMonitorRun, {
    monitorId: monitor.id,
    snapshotId,
  });
  if (!evaluated?.webhook) return;
  for (const alert of evaluated.alerts) {
    try {
      await startChild(deliverWebhookWorkflow, {
        workflowId: `webhook-${alert.id}`,
        args: [{ monitorId: monitor.id, alertId: alert.id }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
}

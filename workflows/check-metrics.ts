import {
  isCancellation,
  metricMeter,
  TemporalFailure,
  workflowInfo,
  type Next,
  type WorkflowExecuteInput,
  type WorkflowInboundCallsInterceptor,
  type WorkflowInterceptorsFactory,
} from '@temporalio/workflow';
import { CHECK_WORKFLOWS } from '../contract/workflow-contract';
import type { CheckKind } from '../domain/shared/check-kinds';

/**
 * Checks started and finished, by kind and outcome (docs/operations.md, "Metrics"), counted around every check
 * workflow by an inbound interceptor: the workflows stay their pipelines. Workflow metrics are not
 * emitted while a run is replayed, so a run counts once however often a worker replays it.
 */
class CheckMetrics implements WorkflowInboundCallsInterceptor {
  async execute(input: WorkflowExecuteInput, next: Next<WorkflowInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    const kind = (Object.keys(CHECK_WORKFLOWS) as CheckKind[]).find(
      (candidate) => CHECK_WORKFLOWS[candidate].type === workflowInfo().workflowType,
    );
    if (!kind) return next(input);
    metricMeter.createCounter('aivis_checks_started_total', '', 'Checks started, by kind').add(1, { kind });
    const finished = metricMeter.createCounter(
      'aivis_checks_finished_total',
      '',
      'Checks finished, by kind and outcome (succeeded, failed, cancelled)',
    );
    try {
      const result = await next(input);
      finished.add(1, { kind, outcome: 'succeeded' });
      return result;
    } catch (error) {
      // Any other error fails the workflow task, which Temporal retries: the check is not over.
      if (isCancellation(error)) finished.add(1, { kind, outcome: 'cancelled' });
      else if (error instanceof TemporalFailure) finished.add(1, { kind, outcome: 'failed' });
      throw error;
    }
  }
}

export const interceptors: WorkflowInterceptorsFactory = () => ({ inbound: [new CheckMetrics()] });

import { parseCheckWorkflowId } from '../contract/workflow-contract';
import { UNEXPECTED_FAILURE } from '../contract/failures';
import type { CheckClient } from '../infra/check-client';
import { errorEvent, resultEvent, stepEvent, type CheckEvent } from './check-events';
import { asHttpError } from './check-errors';
import { HttpError } from './http-error';

type Listener = (event: CheckEvent) => void;

interface Run {
  events: CheckEvent[];
  listeners: Set<Listener>;
  stop: AbortController;
}

/**
 * One progress follower per running check of any kind, whatever the number of viewers: each viewer
 * gets the events so far, then every new one. The follower stops when its last viewer leaves.
 */
export class ProgressHub {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly checks: CheckClient) {}

  /** Number of checks being followed (one Temporal poller each). */
  get following(): number {
    return this.runs.size;
  }

  /** Number of viewers of those checks (one open event stream each). */
  get viewers(): number {
    let count = 0;
    for (const run of this.runs.values()) count += run.listeners.size;
    return count;
  }

  subscribe(workflowId: string, listener: Listener): () => void {
    let run = this.runs.get(workflowId);
    if (!run) {
      run = { events: [], listeners: new Set(), stop: new AbortController() };
      this.runs.set(workflowId, run);
      void this.follow(workflowId, run);
    }
    for (const event of run.events) listener(event);
    run.listeners.add(listener);
    const current = run;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0) this.forget(workflowId, current);
    };
  }

  private emit(run: Run, event: CheckEvent): void {
    run.events.push(event);
    for (const listener of [...run.listeners]) listener(event);
  }

  private async follow(workflowId: string, run: Run): Promise<void> {
    const kind = parseCheckWorkflowId(workflowId)?.kind;
    try {
      if (!kind) throw new HttpError(404, 'no check has this id');
      for await (const step of this.checks.followSteps(workflowId, run.stop.signal)) this.emit(run, stepEvent(kind, step));
      if (run.stop.signal.aborted) return;
      const { snapshotId, report } = await this.checks.result(kind, workflowId);
      this.emit(run, resultEvent(kind, snapshotId, report));
    } catch (error) {
      const failure = asHttpError(error);
      this.emit(run, errorEvent(failure instanceof HttpError ? failure.message : UNEXPECTED_FAILURE));
    } finally {
      this.forget(workflowId, run);
    }
  }

  private forget(workflowId: string, run: Run): void {
    run.stop.abort();
    if (this.runs.get(workflowId) === run) this.runs.delete(workflowId);
  }
}

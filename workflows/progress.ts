import { ApplicationFailure, isCancellation, setCurrentDetails, setHandler, TimeoutFailure } from '@temporalio/workflow';
import { causeChain, SHOWABLE_FAILURES } from '../contract/failures';
import { NOT_ASKED_IN_TIME_STEP } from '../domain/shared/ask-deadline';
import { progressQuery, type CheckProgress, type StepStatus } from '../contract/workflow-contract';

/** An activity as proxyActivities gives it: callable, and with call-site options for its UI summary. */
interface StageActivity<A extends unknown[], R> {
  executeWithOptions(options: { summary: string }, args: A): Promise<R>;
}

/** A stage Temporal took off its queue at its schedule-to-start limit: it waited for a budget others were using. */
export const NOT_STARTED_IN_TIME = NOT_ASKED_IN_TIME_STEP;

/** A stage Temporal stopped at its schedule-to-close limit: asked, but the answer did not come before the check's deadline (or the stage's limit). */
export const NOT_ANSWERED_IN_TIME = 'not answered in time: asked, and stopped when the answers were due';

/** Stages listed by name in the run's current details; the rest are counted. */
const DETAILS_ITEMS = 8;

/** The step events of a running check, answered to the progress query, and its progress as the run's current details. */
export class Progress {
  private readonly state: CheckProgress = { steps: [], finished: false };

  constructor() {
    setHandler(progressQuery, (since = 0) => ({ steps: this.state.steps.slice(since), finished: this.state.finished, since }));
  }

  /** Stages started and not yet done, by stage: what the Temporal UI lists as running. */
  private readonly running = new Map<string, string>();
  private readonly failed: string[] = [];
  private done = 0;

  private record(stage: string, status: StepStatus, message: string): void {
    this.state.steps.push({ stage, status, message, at: new Date().toISOString() });
    if (status === 'started') this.running.set(stage, message);
    else {
      this.running.delete(stage);
      if (status === 'failed') this.failed.push(`${stage}: ${message}`);
      else this.done++;
    }
    setCurrentDetails(this.details());
  }

  /** The run's progress in Markdown, kept short (a diagnosis has a thousand stages): the Temporal UI shows it as the run's current details. */
  private details(): string {
    const head = this.state.finished ? '**Finished**' : '**Running**';
    return [
      `${head}: ${this.done} stages done, ${this.running.size} running, ${this.failed.length} failed`,
      ...(this.running.size ? ['', 'Running now:', ...listed(this.running.values(), this.running.size)] : []),
      ...(this.failed.length ? ['', 'Failed:', ...listed(this.failed.values(), this.failed.length)] : []),
    ].join('\n');
  }

  /**
   * A stage the check cannot do without: its failure fails the check. The step's message is also the
   * activity's summary in the Temporal UI.
   */
  async required<A extends unknown[], R>(stage: string, message: string, activity: StageActivity<A, R>, ...args: A): Promise<R> {
    this.record(stage, 'started', message);
    try {
      const result = await activity.executeWithOptions({ summary: message }, args);
      this.record(stage, 'done', message);
      return result;
    } catch (error) {
      this.record(stage, 'failed', failureMessage(error));
      throw error;
    }
  }

  /**
   * A stage whose failure the check can live with: once its retries are spent it comes back as
   * `fallback(reason)` and the step says why. A cancellation stays one.
   */
  async orElse<A extends unknown[], R, F>(
    stage: string,
    message: string,
    fallback: (reason: string, error: unknown) => F,
    activity: StageActivity<A, R>,
    ...args: A
  ): Promise<R | F> {
    try {
      return await this.required(stage, message, activity, ...args);
    } catch (error) {
      if (isCancellation(error)) throw error;
      return fallback(failureMessage(error), error);
    }
  }

  /** A stage the run does not start, and why (a question too late for the check's deadline): listed as failed, as if it had been tried. */
  skipped(stage: string, message: string, reason: string): void {
    this.record(stage, 'started', message);
    this.record(stage, 'failed', reason);
  }

  /** A stage whose failure the report can live with: it comes back undefined and the step says why. */
  optional<A extends unknown[], R>(stage: string, message: string, activity: StageActivity<A, R>, ...args: A): Promise<R | undefined> {
    return this.orElse(stage, message, () => undefined, activity, ...args);
  }

  finish(): void {
    this.state.finished = true;
    setCurrentDetails(this.details());
  }
}

/** The first DETAILS_ITEMS of `count` items as a Markdown list, the rest counted (read from the iterator only so far: this runs at every step). */
function listed(items: Iterator<string>, count: number): string[] {
  const lines: string[] = [];
  for (let item = items.next(); !item.done && lines.length < DETAILS_ITEMS; item = items.next()) lines.push(`- ${item.value}`);
  return count > DETAILS_ITEMS ? [...lines, `- and ${count - DETAILS_ITEMS} more`] : lines;
}

/**
 * What to tell people about a failed step: the message of a failure the service raised on purpose
 * (wrapped in an ActivityFailure), else a plain sentence — internal messages (a database address,
 * a programming error) never leave the worker.
 */
export function failureMessage(error: unknown): string {
  for (const current of causeChain(error)) {
    if (current instanceof ApplicationFailure && current.type && SHOWABLE_FAILURES.has(current.type)) return current.message;
    if (current instanceof TimeoutFailure && current.timeoutType === 'SCHEDULE_TO_START') return NOT_STARTED_IN_TIME;
    if (current instanceof TimeoutFailure && current.timeoutType === 'SCHEDULE_TO_CLOSE') return NOT_ANSWERED_IN_TIME;
    if (current instanceof TimeoutFailure) return 'this step took too long';
  }
  return 'this step failed unexpectedly';
}

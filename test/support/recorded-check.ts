import type { PlatformQuestion } from '../../activities/ask-platform';
import type { SnapshotFields } from '../../activities/snapshot';
import type { WorkflowHandle, WorkflowStartOptions } from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import { recordedRun, type RecordedRun } from './recorded-activities';
import { startTimeSkipping, type TimeSkipping } from './time-skipping';
import { uniqueName } from './names';

type History = Parameters<typeof recordedRun>[0];

export interface RecordedCheck<W extends Workflow, Report> {
  run: RecordedRun;
  /** Starts the check with the recorded run’s input (as JSON from the history: typed by the caller). */
  start(): Promise<WorkflowHandle<W>>;
  /** The snapshots the check saved (the save activity's inputs). */
  saved(): (SnapshotFields & { report: Report })[];
  /** The questions asked of the platforms. */
  asked(): PlatformQuestion[];
  env(): TimeSkipping['env'];
}

/**
 * A test file's check on its own time-skipping test server, every activity a pure fake returning the
 * recorded run's results (reset before each test, when the test's replacements are dropped too).
 */
export function recordedCheck<W extends Workflow, Report>(history: History, workflow: string): RecordedCheck<W, Report> {
  const run = recordedRun(history);
  let temporal: TimeSkipping;
  beforeAll(async () => {
    temporal = await startTimeSkipping(run.activities);
  });
  afterAll(() => temporal?.close());
  beforeEach(() => run.reset());
  return {
    run,
    start: () =>
      temporal.client.workflow.start<W>(workflow, {
        taskQueue: temporal.taskQueue,
        workflowId: uniqueName(history),
        args: [run.input],
      } as unknown as WorkflowStartOptions<W>),
    saved: () => (run.calls.saveSnapshot ?? []) as (SnapshotFields & { report: Report })[],
    asked: () => (run.calls.askPlatform ?? []) as PlatformQuestion[],
    env: () => temporal.env,
  };
}

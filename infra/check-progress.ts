import { DEFAULT_PRIORITY_KEY } from './check-priority';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { parseAskActivityId, progressQuery, type CheckProgress, type StepEvent } from '../contract/workflow-contract';
import { platformTaskQueue } from '../domain/shared/platform-budgets';
import { inLine, queuedAhead, WAIT_NOTICE_MS, waitingMessage } from './waiting-asks';

/** How often a follower asks a running check for its progress. */
const PROGRESS_POLL_MS = 250;
/** Consecutive failed progress queries (about 10 s with the backoff) before a follower gives up. */
const MAX_FAILED_QUERIES = 8;
/** How often a follower looks at the run's pending activities while a step has been open for WAIT_NOTICE_MS. */
const WAITING_LOOK_MS = 1_000;
const STARTED = temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED;

/**
 * Each step event of a running check, once, in order, until it finishes (or `signal` aborts). While a
 * step has been open a while, the run's pending activities tell whether it is a question waiting for
 * its platform (queued for the budget, or waiting out the delay the platform asked for): the follower
 * then adds a `waiting` event for that stage ("Waiting for Claude's request budget"), and a `started`
 * event again once it runs. One mechanism for every kind of check, and for the streams and MCP alike.
 */
export async function* followSteps(client: Client, workflowId: string, signal?: AbortSignal): AsyncGenerator<StepEvent> {
  let seen = 0;
  let failedQueries = 0;
  const open = new Map<string, StepEvent>();
  const waiting = new Map<string, string>();
  let lastLook = 0;
  for (;;) {
    if (signal?.aborted) return;
    let progress: CheckProgress;
    try {
      progress = await client.workflow.getHandle(workflowId).query(progressQuery, seen);
      failedQueries = 0;
    } catch {
      // A passing hiccup (the run's worker restarting) is waited out; a run that cannot answer at all ends the follow.
      if (++failedQueries >= MAX_FAILED_QUERIES || (await isClosed(client, workflowId))) return;
      await sleep(PROGRESS_POLL_MS * failedQueries, undefined, { signal }).catch(() => undefined);
      continue;
    }
    const fresh = progress.since === undefined ? progress.steps.slice(seen) : progress.steps;
    for (const step of fresh) {
      if (step.status === 'started') {
        open.set(step.stage, step);
      } else {
        open.delete(step.stage);
        waiting.delete(step.stage);
      }
    }
    yield* fresh;
    seen += fresh.length;
    if (progress.finished) return;
    const now = Date.now();
    let closed: boolean | undefined;
    if (now - lastLook >= WAITING_LOOK_MS && [...open.values()].some((step) => now - Date.parse(step.at) >= WAIT_NOTICE_MS)) {
      lastLook = now;
      const look = await waitingSteps(client, workflowId, open, waiting);
      closed = look.closed;
      yield* look.events;
    }
    // A run that failed never reports itself finished: ask Temporal (unless the look just did), but only while nothing new comes in.
    if (fresh.length === 0 && (closed ?? (await isClosed(client, workflowId)))) return;
    await sleep(PROGRESS_POLL_MS, undefined, { signal }).catch(() => undefined);
  }
}

/**
 * The waiting (and no longer waiting) events of the open steps, from the run's pending activities, and
 * whether the run has closed (one describe answers both); closed is unknown when the look failed.
 */
async function waitingSteps(
  client: Client,
  workflowId: string,
  open: ReadonlyMap<string, StepEvent>,
  waiting: Map<string, string>,
): Promise<{ events: StepEvent[]; closed?: boolean }> {
  let description;
  try {
    description = await client.workflow.getHandle(workflowId).describe();
  } catch {
    return { events: [] }; // the next look asks again
  }
  const pending = description.raw.pendingActivities ?? [];
  const now = Date.now();
  const at = new Date(now).toISOString();
  const found = pending.map((activity) => waitingMessage(activity, now)).filter((wait) => wait !== undefined);
  // How far back in line, once per platform whose budget a question waits for (the default priority is 3).
  const budgets = [...new Set(found.flatMap((wait) => (wait.budgetOf ? [wait.budgetOf] : [])))];
  const ahead = new Map(
    await Promise.all(
      budgets.map(
        async (platformId) =>
          [
            platformId,
            await backlogAhead(
              client,
              platformTaskQueue(description.taskQueue, platformId),
              description.priority?.priorityKey || DEFAULT_PRIORITY_KEY,
            ),
          ] as const,
      ),
    ),
  );
  const stillWaiting = new Map(
    found.map((wait) => [wait.stage, wait.budgetOf ? inLine(wait.message, ahead.get(wait.budgetOf)) : wait.message]),
  );
  const events: StepEvent[] = [];
  for (const [stage, started] of open) {
    const message = stillWaiting.get(stage);
    if (message !== undefined && message !== waiting.get(stage)) {
      waiting.set(stage, message);
      events.push({ stage, status: 'waiting', message, at });
    } else if (
      message === undefined &&
      waiting.has(stage) &&
      pending.some((activity) => activity.state === STARTED && parseAskActivityId(activity.activityId ?? '')?.stage === stage)
    ) {
      waiting.delete(stage);
      events.push({ ...started, at });
    }
  }
  return { events, closed: description.status.name !== 'RUNNING' };
}

/** The questions queued on a platform queue before or beside one of this priority; unknown when the server does not say. */
async function backlogAhead(client: Client, taskQueue: string, priorityKey: number): Promise<number | undefined> {
  try {
    const { statsByPriorityKey } = await client.workflowService.describeTaskQueue({
      namespace: client.options.namespace,
      taskQueue: { name: taskQueue },
      taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY,
      reportStats: true,
    });
    return statsByPriorityKey && Object.keys(statsByPriorityKey).length > 0 ? queuedAhead(statsByPriorityKey, priorityKey) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the run has closed; a failed look-up counts as still running (the next poll asks again). */
async function isClosed(client: Client, workflowId: string): Promise<boolean> {
  try {
    const { status } = await client.workflow.getHandle(workflowId).describe();
    return status.name !== 'RUNNING';
  } catch {
    return false;
  }
}

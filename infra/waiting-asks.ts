import { defaultPayloadConverter } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import type Long from 'long';
import { PLATFORMS, type PlatformId } from '../domain/shared/platforms';
import { parseAskActivityId } from '../contract/workflow-contract';

type PendingActivity = temporal.api.workflow.v1.IPendingActivityInfo;

/** A question that has been ready to run this long without a worker taking it is waiting for its platform's budget. */
export const WAIT_NOTICE_MS = 1_000;

/** No worker has the task yet. */
const SCHEDULED = temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_SCHEDULED;

/**
 * Why a question to a platform is not running yet, for people watching the check, or undefined when it
 * runs (or is not a question). Read from the run's pending activities (Temporal's describe): a task
 * still SCHEDULED is either waiting out the delay of a retry (the platform's Retry-After, or backoff)
 * or queued on the platform's task queue, where Temporal hands tasks out no faster than the budget.
 */
export function waitingMessage(
  pending: PendingActivity,
  now: number,
): { stage: string; message: string; budgetOf?: PlatformId } | undefined {
  const ask = parseAskActivityId(pending.activityId ?? '');
  if (!ask || pending.state !== SCHEDULED) return undefined;
  const platform = PLATFORMS.find((definition) => definition.id === ask.platformId);
  const name = platform?.name ?? ask.platformId;
  const nextAttemptAt = millisOf(pending.nextAttemptScheduleTime);
  if (nextAttemptAt !== undefined && nextAttemptAt > now) {
    const seconds = Math.max(1, Math.round((millisOf(pending.currentRetryInterval) ?? nextAttemptAt - now) / 1000));
    const message =
      failureKind(pending) === 'rate-limited'
        ? `${name} asked us to wait ${seconds} s before asking again`
        : `${name} did not answer; asking again in ${seconds} s`;
    return { stage: ask.stage, message };
  }
  const readySince = nextAttemptAt ?? millisOf(pending.scheduledTime) ?? now;
  if (now - readySince < WAIT_NOTICE_MS) return undefined;
  return { stage: ask.stage, message: `Waiting for ${name}’s request budget`, budgetOf: platform?.id };
}

/** A protobuf Timestamp or Duration in milliseconds (the SDK's own converter is internal). */
function millisOf(value: { seconds?: Long | null; nanos?: number | null } | null | undefined): number | undefined {
  if (!value) return undefined;
  return (value.seconds?.toNumber() ?? 0) * 1000 + Math.floor((value.nanos ?? 0) / 1_000_000);
}

/** The budget's wait, with how far back in line the question is when the queue's backlog says. */
export function inLine(message: string, ahead: number | undefined): string {
  if (ahead === undefined || ahead <= 0) return message;
  return `${message}: ${ahead} ${ahead === 1 ? 'question' : 'questions'} of the same or higher priority queued`;
}

/**
 * The tasks queued on a platform queue that go before or beside one of priority `priorityKey` (lower
 * goes first): the queue's backlog by priority key, as the server counts it (approximate).
 */
export function queuedAhead(
  statsByPriorityKey: Record<string, { approximateBacklogCount?: number | Long | null }>,
  priorityKey: number,
): number {
  return Object.entries(statsByPriorityKey)
    .filter(([key]) => Number(key) <= priorityKey)
    .reduce((sum, [, stats]) => sum + Number(stats.approximateBacklogCount ?? 0), 0);
}

/** The PlatformError kind the last attempt failed with (activities/ask-platform.ts puts it in the failure's details). */
function failureKind(pending: PendingActivity): string | undefined {
  const payload = pending.lastFailure?.applicationFailureInfo?.details?.payloads?.[0];
  if (!payload) return undefined;
  try {
    const kind: unknown = defaultPayloadConverter.fromPayload(payload);
    return typeof kind === 'string' ? kind : undefined;
  } catch {
    return undefined;
  }
}

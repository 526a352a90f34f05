import type { CheckKind } from '../domain/shared/check-kinds';
import type { StepEvent } from '../contract/workflow-contract';
import type { StartedCheck } from '../infra/check-client';
import type { ReportsByKind } from '../domain/check-outcome';
import { API_KINDS, headlineOf } from './kinds';
import { snapshotPath } from '../contract/paths';

/**
 * The events a stream sends, by kind (docs/http-api.md): a site check sends `step` events and one
 * `report`; a brand diagnosis or an article check sends `progress` events and one `summary`. Any
 * stream may end with `{type: "error", error}` instead.
 */
export type CheckEvent = { type: string } & Record<string, unknown>;

export function stepEvent(kind: CheckKind, step: StepEvent): CheckEvent {
  return { type: API_KINDS[kind].events.step, ...step };
}

/** Sent at once, before the workflow's first step: it names the check, so a viewer can follow it again. */
export function startEvent({ kind, snapshotId, workflowId, label }: StartedCheck): CheckEvent {
  const { started, id } = API_KINDS[kind].events;
  return {
    ...stepEvent(kind, { stage: 'start', status: 'done', message: `${started} of ${label} started`, at: new Date().toISOString() }),
    [id]: snapshotId,
    checkId: workflowId,
  };
}

export function resultEvent<K extends CheckKind>(kind: K, snapshotId: string, report: ReportsByKind[K]): CheckEvent {
  const { final, id, url } = API_KINDS[kind].events;
  return { type: final, [id]: snapshotId, [url]: snapshotPath(snapshotId), report, headline: headlineOf(kind, report) };
}

export function errorEvent(error: string): CheckEvent {
  return { type: 'error', error };
}

/** The last event of a stream: a report, a summary or an error. */
export function isFinal(event: CheckEvent): boolean {
  return event.type !== 'step' && event.type !== 'progress';
}

import type { CheckKind } from '../domain/shared/check-kinds';
import type { StepEvent } from '../contract/workflow-contract';
import type { StartedCheck } from '../infra/check-client';
import { snapshotPath } from './paths';

/**
 * The events a stream sends, by kind (SPEC.md, Events): a site check sends `step` events and one
 * `report`; a brand diagnosis or an article check sends `progress` events and one `summary`. Any
 * stream may end with `{type: "error", error}` instead.
 */
export type CheckEvent = { type: string } & Record<string, unknown>;

const STEP_TYPE: Record<CheckKind, 'step' | 'progress'> = { site: 'step', brand: 'progress', article: 'progress' };

export function stepEvent(kind: CheckKind, step: StepEvent): CheckEvent {
  return { type: STEP_TYPE[kind], ...step };
}

/** Sent at once, before the workflow's first step: it names the check, so a viewer can follow it again. */
export function startEvent({ kind, snapshotId, workflowId, subject }: StartedCheck): CheckEvent {
  const what = { site: 'Check', brand: 'Brand diagnosis', article: 'Article check' }[kind];
  const ids = kind === 'site' ? { snapshotId } : { reportId: snapshotId };
  return { ...stepEvent(kind, { stage: 'start', status: 'done', message: `${what} of ${subject} started`, at: new Date().toISOString() }), ...ids, checkId: workflowId };
}

export function resultEvent(kind: CheckKind, snapshotId: string, report: unknown): CheckEvent {
  const url = snapshotPath(snapshotId);
  return kind === 'site' ? { type: 'report', snapshotId, snapshotUrl: url, report } : { type: 'summary', reportId: snapshotId, reportUrl: url, report };
}

export function errorEvent(error: string): CheckEvent {
  return { type: 'error', error };
}

/** The last event of a stream: a report, a summary or an error. */
export function isFinal(event: CheckEvent): boolean {
  return event.type !== 'step' && event.type !== 'progress';
}

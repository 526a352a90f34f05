import { defineSearchAttributeKey } from '@temporalio/common';
import { defineQuery } from '@temporalio/workflow';

/**
 * What the gateway, the worker and the workflows agree on, kept apart from workflow code
 * so that the gateway never imports it.
 */

/** Search attributes an operator filters runs by in the Temporal UI. Registered by services:up and each worker start. */
export const SEARCH_ATTRIBUTES = {
  domain: defineSearchAttributeKey('CheckedDomain', 'KEYWORD'),
  kind: defineSearchAttributeKey('CheckKind', 'KEYWORD'),
} as const;

export type CheckKind = 'site' | 'brand' | 'article';

export const SITE_CHECK_WORKFLOW = 'siteCheckWorkflow';

/** Names the domain and the snapshot, so an operator finds runs by domain in the Temporal UI. */
export function siteCheckWorkflowId(domain: string, snapshotId: string): string {
  return `site-check:${domain}:${snapshotId}`;
}

export function isSiteCheckWorkflowId(value: string): boolean {
  return /^site-check:[a-z0-9.-]{1,253}:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}

export type StepStatus = 'started' | 'done' | 'failed';

export interface StepEvent {
  stage: string;
  status: StepStatus;
  /** A short sentence for people watching the check. */
  message: string;
  /** ISO 8601. */
  at: string;
}

export interface CheckProgress {
  /** In the order they happened; a stage has a started event, then a done or failed one. */
  steps: StepEvent[];
  finished: boolean;
}

/**
 * Progress is read with a query, which leaves no trace in workflow history (a signal or an update per
 * step would grow it with every event).
 */
export const progressQuery = defineQuery<CheckProgress>('progress');

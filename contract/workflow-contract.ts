import { defineSearchAttributeKey } from '@temporalio/common';
import { defineQuery } from '@temporalio/workflow';
import { CHECK_KINDS, type CheckKind } from '../domain/shared/check-kinds';

/**
 * What the gateway, the worker and the workflows agree on, kept apart from workflow code
 * so that the gateway never imports it.
 */

/** Search attributes an operator filters runs by in the Temporal UI. Registered by services:up and each worker start. */
export const SEARCH_ATTRIBUTES = {
  domain: defineSearchAttributeKey('CheckedDomain', 'KEYWORD'),
  kind: defineSearchAttributeKey('CheckKind', 'KEYWORD'),
  /** A monitor's schedule and its runs. */
  monitorId: defineSearchAttributeKey('MonitorId', 'KEYWORD'),
} as const;

/**
 * Each kind of check is one workflow type (check-client.ts checks the names against the workflows). The ID prefix names the kind in the Temporal UI;
 * a run that no worker can finish within its time limit is stuck, not slow.
 */
export const CHECK_WORKFLOWS = {
  site: { type: 'siteCheckWorkflow', idPrefix: 'site-check', timeout: '10 minutes' },
  brand: { type: 'brandDiagnosisWorkflow', idPrefix: 'brand', timeout: '30 minutes' },
  article: { type: 'articleCheckWorkflow', idPrefix: 'article', timeout: '10 minutes' },
  // A 5,000,000-line log on one worker takes minutes; a run past this is stuck.
  traffic: { type: 'crawlerTrafficWorkflow', idPrefix: 'traffic', timeout: '30 minutes' },
} as const satisfies Record<CheckKind, { type: string; idPrefix: string; timeout: string }>;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A report or monitor id (a UUID), in any case: links and agents may upper-case it. */
export const UUID_PATTERN = new RegExp(`^${UUID}$`, 'i');
const ID_PREFIXES = CHECK_KINDS.map((kind) => CHECK_WORKFLOWS[kind].idPrefix).join('|');
const WORKFLOW_ID = new RegExp(`^(${ID_PREFIXES}):([a-z0-9.-]{1,253}):(${UUID})$`);

/** `<prefix>:<subject>:<snapshotId>`: names what was checked, so an operator finds runs in the Temporal UI. */
export function checkWorkflowId(kind: CheckKind, subject: string, snapshotId: string): string {
  return `${CHECK_WORKFLOWS[kind].idPrefix}:${subject}:${snapshotId}`;
}

/** The kind and snapshot of a workflow ID made by checkWorkflowId; undefined for anything else. */
export function parseCheckWorkflowId(value: string): { kind: CheckKind; subject: string; snapshotId: string } | undefined {
  const match = WORKFLOW_ID.exec(value);
  if (!match) return undefined;
  const kind = CHECK_KINDS.find((candidate) => CHECK_WORKFLOWS[candidate].idPrefix === match[1])!;
  return { kind, subject: match[2]!, snapshotId: match[3]! };
}

/** A brand as a workflow-ID subject: lower-case letters, digits and dashes ("Acme Plan 2" → "acme-plan-2"). */
export function brandSlug(brand: string): string {
  const slug = brand
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'brand';
}

/**
 * `waiting`: a stage that is not running yet (a question queued for its platform's budget, or waiting
 * out the delay the platform asked for). The gateway adds these events (CheckClient.followSteps); the
 * workflow's own progress has only started, done and failed.
 */
export type StepStatus = 'started' | 'done' | 'failed' | 'waiting';

export interface StepEvent {
  stage: string;
  status: StepStatus;
  /** A short sentence for people watching the check. */
  message: string;
  /** ISO 8601. */
  at: string;
}

/**
 * The activity ID of a question to an AI platform: it names the platform and the progress stage, so
 * that the gateway can match a pending activity (Temporal's describe) to the step that waits.
 */
export function askActivityId(platformId: string, stage: string): string {
  return `ask@${platformId}@${stage}`;
}

export function parseAskActivityId(activityId: string): { platformId: string; stage: string } | undefined {
  const match = /^ask@([a-z0-9-]+)@(.+)$/.exec(activityId);
  return match ? { platformId: match[1]!, stage: match[2]! } : undefined;
}

export interface CheckProgress {
  /** In the order they happened, from the `since`-th on; a stage has a started event, then a done or failed one. */
  steps: StepEvent[];
  finished: boolean;
  /** The `since` the query was asked with; absent from workers older than the argument, which send every step. */
  since?: number;
}

/**
 * Progress is read with a query, which leaves no trace in workflow history (a signal or an update per
 * step would grow it with every event). `since`: the number of steps the caller has already seen, so
 * a follower polling a diagnosis of a thousand steps is sent only the new ones.
 */
export const progressQuery = defineQuery<CheckProgress, [since?: number]>('progress');

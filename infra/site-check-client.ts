import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { WorkflowFailedError, WorkflowNotFoundError, type Client, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure, TypedSearchAttributes } from '@temporalio/common';
import type { Config } from '../domain/config';
import { FAILURE } from '../domain/failures';
import type { Report } from '../domain/report';
import { normaliseTarget } from '../domain/target';
import {
  progressQuery,
  SEARCH_ATTRIBUTES,
  SITE_CHECK_WORKFLOW,
  siteCheckWorkflowId,
  type CheckProgress,
  type StepEvent,
} from '../domain/workflow-contract';

/** Why a check did not produce a report, in the terms the gateway maps to HTTP statuses. */
export type SiteCheckFailureKind = 'malformed' | 'not-public' | 'unreachable' | 'internal';

export class SiteCheckError extends Error {
  constructor(
    readonly kind: SiteCheckFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'SiteCheckError';
  }
}

export interface StartedSiteCheck {
  snapshotId: string;
  domain: string;
  workflowId: string;
}

export interface SiteCheckOutcome {
  snapshotId: string;
  report: Report;
}

const KIND_OF_FAILURE: Record<string, SiteCheckFailureKind> = {
  [FAILURE.malformedTarget]: 'malformed',
  [FAILURE.notPublicTarget]: 'not-public',
  [FAILURE.siteUnreachable]: 'unreachable',
};

/** How often a follower asks a running check for its progress. */
const PROGRESS_POLL_MS = 250;
/** Consecutive failed progress queries (about 10 s with the backoff) before a follower gives up. */
const MAX_FAILED_QUERIES = 8;

/**
 * Starts and follows site checks on Temporal. The gateway and MCP use this and never import
 * workflow code: they share only the names in domain/workflow-contract.
 */
export class SiteCheckClient {
  constructor(
    private readonly client: Client,
    private readonly temporal: Config['temporal'],
    private readonly allowedHosts: ReadonlySet<string>,
  ) {}

  /** Validates the input (throwing SiteCheckError at once for a bad one) and starts the workflow. */
  async start(url: string): Promise<StartedSiteCheck> {
    let domain: string;
    try {
      ({ domain } = normaliseTarget(url, { allowedHosts: this.allowedHosts }));
    } catch (error) {
      const problem = (error as { problem?: 'malformed' | 'not-public' }).problem;
      throw new SiteCheckError(problem ?? 'malformed', (error as Error).message);
    }
    const snapshotId = randomUUID();
    const workflowId = siteCheckWorkflowId(domain, snapshotId);
    await this.client.workflow.start(SITE_CHECK_WORKFLOW, {
      taskQueue: this.temporal.taskQueue,
      workflowId,
      args: [{ url, snapshotId }],
      typedSearchAttributes: new TypedSearchAttributes([
        { key: SEARCH_ATTRIBUTES.domain, value: domain },
        { key: SEARCH_ATTRIBUTES.kind, value: 'site' },
      ]),
      // A check that no worker can finish in this time is stuck, not slow.
      workflowExecutionTimeout: '10 minutes',
    });
    return { snapshotId, domain, workflowId };
  }

  /** The report of a started check, once it completes; its failure as a SiteCheckError. */
  async result(workflowId: string): Promise<SiteCheckOutcome> {
    try {
      return await this.handle(workflowId).result();
    } catch (error) {
      throw asSiteCheckError(error);
    }
  }

  /** Starts a check and waits for its report. */
  async runSiteCheck(url: string): Promise<SiteCheckOutcome> {
    const { workflowId } = await this.start(url);
    return this.result(workflowId);
  }

  /** Whether Temporal knows this check (running or closed). */
  async exists(workflowId: string): Promise<boolean> {
    try {
      await this.handle(workflowId).describe();
      return true;
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }

  progress(workflowId: string): Promise<CheckProgress> {
    return this.handle(workflowId).query(progressQuery);
  }

  /** Each step event of a running check, once, in order, until it finishes (or `signal` aborts). */
  async *followSteps(workflowId: string, signal?: AbortSignal): AsyncGenerator<StepEvent> {
    let seen = 0;
    let failedQueries = 0;
    for (;;) {
      if (signal?.aborted) return;
      let progress: CheckProgress;
      try {
        progress = await this.progress(workflowId);
        failedQueries = 0;
      } catch {
        // A passing hiccup (the run's worker restarting) is waited out; a run that cannot answer at all ends the follow.
        if (++failedQueries >= MAX_FAILED_QUERIES || (await this.isClosed(workflowId))) return;
        await sleep(PROGRESS_POLL_MS * failedQueries, undefined, { signal }).catch(() => undefined);
        continue;
      }
      const fresh = progress.steps.slice(seen);
      yield* fresh;
      seen = progress.steps.length;
      if (progress.finished) return;
      // A run that failed never reports itself finished: ask Temporal, but only while nothing new comes in.
      if (fresh.length === 0 && (await this.isClosed(workflowId))) return;
      await sleep(PROGRESS_POLL_MS, undefined, { signal }).catch(() => undefined);
    }
  }

  /** Whether the run has closed; a failed look-up counts as still running (the next poll asks again). */
  private async isClosed(workflowId: string): Promise<boolean> {
    try {
      const { status } = await this.handle(workflowId).describe();
      return status.name !== 'RUNNING';
    } catch {
      return false;
    }
  }

  private handle(workflowId: string): WorkflowHandle {
    return this.client.workflow.getHandle(workflowId);
  }
}

function asSiteCheckError(error: unknown): SiteCheckError {
  if (error instanceof WorkflowFailedError) {
    let cause: unknown = error.cause;
    while (cause && !(cause instanceof ApplicationFailure && cause.type && KIND_OF_FAILURE[cause.type])) {
      cause = (cause as { cause?: unknown }).cause;
    }
    if (cause instanceof ApplicationFailure) return new SiteCheckError(KIND_OF_FAILURE[cause.type!]!, cause.message);
  }
  return new SiteCheckError('internal', 'the check failed unexpectedly');
}

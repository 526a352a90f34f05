import { randomUUID } from 'node:crypto';
import { WorkflowFailedError, WorkflowNotFoundError, type Client, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure, TypedSearchAttributes, type Priority } from '@temporalio/common';
import { isReportOf, type KindedReport, type ReportsByKind } from '../domain/check-outcome';
import type { Config } from '../domain/shared/config';
import { causeChain, FAILURE_STATUS, failureStatus, TARGET_FAILURE, UNEXPECTED_FAILURE, type FailureType } from '../contract/failures';
import { InvalidTargetError } from '../domain/shared/target';
import { offeredPlatforms, refusedPlatforms, type OfferedPlatform } from '../domain/shared/platform-choice';
import { isSurface, PLATFORMS } from '../domain/shared/platforms';
import { followSteps } from './check-progress';
import { describeRun, type RunOrigin } from './run-description';
import { describe, type RunSubject } from './run-subject';
import type { CheckInput, CheckWorkflows } from './check-input';

export type { CheckInput, CheckWorkflows };
import {
  CHECK_WORKFLOWS,
  checkWorkflowId,
  progressQuery,
  SEARCH_ATTRIBUTES,
  type CheckProgress,
  type StepEvent,
} from '../contract/workflow-contract';
import type { CheckKind } from '../domain/shared/check-kinds';

/** Who a check is started for: what the Temporal UI says of it, and its place in the platforms' queues. */
export interface StartOptions {
  origin?: RunOrigin;
  priority?: Priority;
}

/** A completed check: its snapshot and the report stored under it. */
export interface CheckResult<K extends CheckKind> {
  snapshotId: string;
  report: ReportsByKind[K];
}

/** Where a completed check's report is read: the store, or the gateway's cache over it. */
export interface ReportSource {
  report(snapshotId: string): Promise<KindedReport | null>;
}

/** A check that produced no report: the HTTP status its client gets and a sentence for people. */
export class CheckError extends Error {
  constructor(
    readonly status: 400 | 422 | 500,
    message: string,
  ) {
    super(message);
    this.name = 'CheckError';
  }
}

export interface StartedCheck {
  kind: CheckKind;
  snapshotId: string;
  workflowId: string;
  /** What the check is about, for people (RunSubject's label). */
  label: string;
}

/**
 * Starts and follows checks of every kind on Temporal. The gateway and MCP use this and never import
 * workflow code: they share only the names in contract/workflow-contract and the workflows' types.
 */
export class CheckClient {
  constructor(
    readonly client: Client,
    private readonly temporal: Config['temporal'],
    private readonly allowedHosts: ReadonlySet<string>,
    private readonly reports: ReportSource,
    /** The deployment's platforms, to refuse a request naming one that is not configured (unset: not checked here). */
    private readonly platforms?: Config['platforms'],
  ) {}

  /** The platforms a request may name here, for the forms' pickers: every one when this client does not check them. */
  platformOffer(): OfferedPlatform[] {
    return this.platforms
      ? offeredPlatforms(this.platforms)
      : PLATFORMS.map((platform) => ({ id: platform.id, name: platform.name, surface: isSurface(platform), configured: true }));
  }

  /** What an input is about (infra/run-subject.ts); a CheckError (400 or 422) for a bad one. */
  describe<K extends CheckKind>(kind: K, input: CheckInput<K>): RunSubject {
    const requested = 'platforms' in input && Array.isArray(input.platforms) ? (input.platforms as string[]) : undefined;
    const refused = this.platforms && requested ? refusedPlatforms(this.platforms, requested) : undefined;
    if (refused) throw new CheckError(400, refused);
    try {
      return describe(kind, input, this.allowedHosts);
    } catch (error) {
      if (!(error instanceof InvalidTargetError)) throw error;
      throw new CheckError(failureStatus(TARGET_FAILURE[error.problem]), error.message);
    }
  }

  /**
   * Validates the input (throwing CheckError at once for a bad one) and starts the workflow: `origin`
   * (the route and the client) goes into what the Temporal UI shows of the run, `priority` (its
   * priority and fairness key, infra/check-priority.ts; unset: Temporal's default) into its place in
   * the platforms' queues.
   */
  async start<K extends CheckKind>(
    kind: K,
    input: CheckInput<K>,
    { origin = { via: 'the service' }, priority }: StartOptions = {},
  ): Promise<StartedCheck> {
    const described = this.describe(kind, input);
    const snapshotId = randomUUID();
    const workflowId = checkWorkflowId(kind, described.idSubject, snapshotId);
    const { type, timeout } = CHECK_WORKFLOWS[kind];
    await this.client.workflow.start<CheckWorkflows[K]>(type, {
      taskQueue: this.temporal.taskQueue,
      workflowId,
      args: [{ ...input, snapshotId }] as unknown as Parameters<CheckWorkflows[K]>,
      typedSearchAttributes: new TypedSearchAttributes([
        ...(described.domain ? [{ key: SEARCH_ATTRIBUTES.domain, value: described.domain }] : []),
        { key: SEARCH_ATTRIBUTES.kind, value: kind },
      ]),
      workflowExecutionTimeout: timeout,
      ...describeRun(kind, described, input, origin),
      ...(priority ? { priority } : {}),
    });
    return { kind, snapshotId, workflowId, label: described.label };
  }

  /**
   * The result of a started check, once it completes: the workflow gives its snapshot ID (the report
   * stays out of workflow history), the report is read from the store. Its failure as a CheckError.
   */
  async result<K extends CheckKind>(kind: K, workflowId: string): Promise<CheckResult<K>> {
    let snapshotId: string;
    try {
      ({ snapshotId } = await this.client.workflow.getHandle<CheckWorkflows[CheckKind]>(workflowId).result());
    } catch (error) {
      throw asCheckError(error);
    }
    const stored = await this.reports.report(snapshotId);
    if (stored === null || !isReportOf(stored, kind)) throw new CheckError(500, 'the check completed, but its report cannot be found');
    return { snapshotId, report: stored.report };
  }

  /** Starts a check and waits for its result. */
  async run<K extends CheckKind>(kind: K, input: CheckInput<K>, options: StartOptions = {}): Promise<CheckResult<K>> {
    const { workflowId } = await this.start(kind, input, options);
    return this.result(kind, workflowId);
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

  /** Each step event of a running check, once, in order, until it finishes (or `signal` aborts): check-progress.ts. */
  followSteps(workflowId: string, signal?: AbortSignal): AsyncGenerator<StepEvent> {
    return followSteps(this.client, workflowId, signal);
  }

  private handle(workflowId: string): WorkflowHandle {
    return this.client.workflow.getHandle(workflowId);
  }
}

/** A failed run as its client sees it: a failure raised on purpose keeps its status and words; anything else is internal. */
function asCheckError(error: unknown): CheckError {
  if (error instanceof WorkflowFailedError) {
    for (const cause of causeChain(error.cause)) {
      const status = cause instanceof ApplicationFailure && cause.type ? FAILURE_STATUS[cause.type as FailureType] : undefined;
      if (status) return new CheckError(status, cause.message);
    }
  }
  return new CheckError(500, UNEXPECTED_FAILURE);
}

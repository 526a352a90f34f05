import {
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Priority } from '@temporalio/common';
import type { Config } from '../domain/shared/config';
import { CHECK_WORKFLOWS, SEARCH_ATTRIBUTES } from '../contract/workflow-contract';
import { checkPriority, monitorFairnessKey } from './check-priority';
import type { MonitorKind } from '../domain/shared/check-kinds';
import type { CheckInput, CheckWorkflows } from './check-client';
import type { Cadence } from './monitor-store';
import type { MonitorDocument } from './monitor-target';
import { describeRun } from './run-description';
import type { RunSubject } from './run-subject';

/** The Temporal Schedule of a monitor. */
export const monitorScheduleId = (monitorId: string) => `monitor-${monitorId}`;

const PERIOD_MS: Record<Cadence, number> = { day: 86_400_000, week: 7 * 86_400_000 };

/** docs/checks/monitoring.md: overlap SKIP, catch-up window 1 hour, jitter up to an hour. */
export const MONITOR_SCHEDULE_POLICY = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour', jitter: '1 hour' } as const;

/**
 * The schedule of a monitor: every day or week at the time of day (and weekday) it was created, plus up
 * to an hour of jitter so that monitors created together do not fire together; it ends when the monitor
 * expires. Its action starts the kind's own workflow with the monitor's id, so a monitored run is an
 * ordinary check (same page, JSON and MCP summary) whose snapshot carries the monitor.
 */
export function scheduleOptions(
  monitor: MonitorDocument,
  taskQueue: string,
  subject: RunSubject,
): Omit<ScheduleOptions<MonitorAction>, 'scheduleId' | 'state'> {
  const period = PERIOD_MS[monitor.every];
  const searchAttributes = [
    { key: SEARCH_ATTRIBUTES.monitorId, value: monitor.id },
    { key: SEARCH_ATTRIBUTES.kind, value: monitor.kind },
    ...(subject.domain ? [{ key: SEARCH_ATTRIBUTES.domain, value: subject.domain }] : []),
  ];
  const { type, timeout } = CHECK_WORKFLOWS[monitor.kind];
  // The SDK sends an action's priority (schedule-helpers) though its option type omits it: background
  // work, behind people and agents on the platforms' queues; each monitor a client of its own.
  const action: MonitorAction & { priority: Priority } = {
    type: 'startWorkflow',
    workflowType: type,
    // The server appends each action's time: monitor-<id>-2026-11-23T10:00:00Z.
    workflowId: `monitor-${monitor.id}`,
    taskQueue,
    args: monitoredRunArgs(monitor),
    workflowExecutionTimeout: timeout,
    typedSearchAttributes: searchAttributes,
    priority: checkPriority('monitor', monitorFairnessKey(monitor.id)),
    ...monitoredRunDescription(monitor, subject),
  };
  return {
    spec: {
      intervals: [{ every: period, offset: monitor.createdAt.getTime() % period }],
      jitter: MONITOR_SCHEDULE_POLICY.jitter,
      endAt: monitor.expiresAt,
    },
    action,
    policies: { overlap: MONITOR_SCHEDULE_POLICY.overlap, catchupWindow: MONITOR_SCHEDULE_POLICY.catchupWindow },
    typedSearchAttributes: searchAttributes,
  };
}

/** The workflow a monitor's schedule starts: the check workflow of one of the kinds, typed by its function. */
type MonitorAction = ScheduleOptionsStartWorkflowAction<CheckWorkflows[MonitorKind]>;

/** A scheduled run's arguments: the kind's own input with the monitor (the run makes its own snapshot id). */
const withMonitor = <T>(target: T, id: string): [T & { monitor: { id: string } }] => [{ ...target, monitor: { id } }];
/** Checked against each kind's workflow function: a kind whose input a monitor's target does not make fails to compile here. */
const MONITORED_RUN_ARGS: { [K in MonitorKind]: (target: CheckInput<K>, id: string) => Parameters<CheckWorkflows[K]> } = {
  site: withMonitor,
  brand: withMonitor,
  article: withMonitor,
};
const monitoredRunArgs = <K extends MonitorKind>(monitor: MonitorDocument<K>): Parameters<CheckWorkflows[K]> =>
  MONITORED_RUN_ARGS[monitor.kind](monitor.target, monitor.id);

/** What the Temporal UI shows of each run the schedule starts: the check's summary, and that a monitor started it. */
function monitoredRunDescription(monitor: MonitorDocument, subject: RunSubject) {
  return describeRun(monitor.kind, subject, monitor.target, {
    via: `the schedule of monitor ${monitor.id} (every ${monitor.every}, until ${monitor.expiresAt.toISOString()})`,
  });
}

/** Creates, changes and removes monitors' schedules. */
/** Past the next second, for a server clock a little behind this one. */
const NEXT_SECOND_MARGIN_MS = 200;

export class MonitorSchedules {
  constructor(
    private readonly client: Client,
    private readonly temporal: Config['temporal'],
  ) {}

  /** Creates the schedule; its first run starts at once. */
  async create(monitor: MonitorDocument, subject: RunSubject): Promise<void> {
    await this.client.schedule.create({
      scheduleId: monitorScheduleId(monitor.id),
      ...scheduleOptions(monitor, this.temporal.taskQueue, subject),
      state: { triggerImmediately: true, paused: monitor.paused },
    });
  }

  /**
   * Rewrites the schedule from the monitor (cadence, expiry, paused). A schedule that had ended (an
   * expired monitor, now renewed) may have been removed by Temporal: it is created again, without a
   * run at once.
   */
  async update(monitor: MonitorDocument, subject: RunSubject): Promise<void> {
    const options = scheduleOptions(monitor, this.temporal.taskQueue, subject);
    const state = { paused: monitor.paused, note: monitor.paused ? 'paused by its owner' : undefined };
    try {
      await this.handle(monitor.id).update(() => ({ ...options, state }));
    } catch (error) {
      if (!(error instanceof ScheduleNotFoundError)) throw error;
      await this.client.schedule.create({ scheduleId: monitorScheduleId(monitor.id), ...options, state });
    }
  }

  /** Starts a run now; one already running keeps going and this one follows it (BUFFER_ONE). */
  async trigger(monitorId: string): Promise<void> {
    const handle = this.handle(monitorId);
    // A schedule names each run's workflow after the second it was scheduled for: a run asked for in the second of
    // the last one would take that run's ID and be dropped, so it waits for the next second.
    const last = (await handle.describe()).info.recentActions.at(-1)?.scheduledAt.getTime();
    if (last !== undefined) {
      const wait = Math.floor(last / 1000) * 1000 + 1000 + NEXT_SECOND_MARGIN_MS - Date.now();
      if (wait > 0) await sleep(wait);
    }
    await handle.trigger(ScheduleOverlapPolicy.BUFFER_ONE);
  }

  /** Removes the schedule; gone already is fine. */
  async delete(monitorId: string): Promise<void> {
    try {
      await this.handle(monitorId).delete();
    } catch (error) {
      if (!(error instanceof ScheduleNotFoundError)) throw error;
    }
  }

  /** When the next run is due, if the schedule has one. */
  async nextRunAt(monitorId: string): Promise<Date | undefined> {
    try {
      const description = await this.handle(monitorId).describe();
      return description.state.paused ? undefined : description.info.nextActionTimes[0];
    } catch (error) {
      if (error instanceof ScheduleNotFoundError) return undefined;
      throw error;
    }
  }

  private handle(monitorId: string) {
    return this.client.schedule.getHandle(monitorScheduleId(monitorId));
  }
}

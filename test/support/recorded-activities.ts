import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Activities } from '../../activities';
import type { HistoryName } from '../../dev/sample-checks';

/**
 * Pure fake activities for workflow tests: each returns what the real activity returned in a recorded
 * run (test/fixtures/histories/, `npm run record-histories`), read from the run's history, with no
 * database, site or platform behind it. A test replaces the ones whose failure it shows.
 */

interface Payloads {
  payloads?: { data?: string }[];
}
interface HistoryEvent {
  eventId: string;
  eventType: string;
  workflowExecutionStartedEventAttributes?: { input?: Payloads };
  activityTaskScheduledEventAttributes?: { activityType: { name: string }; input?: Payloads };
  activityTaskCompletedEventAttributes?: { scheduledEventId: string; result?: Payloads };
  markerRecordedEventAttributes?: { markerName: string; details?: Record<string, Payloads> };
}

const decode = (payloads: Payloads | undefined): unknown => {
  const data = payloads?.payloads?.[0]?.data;
  return data === undefined ? undefined : JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
};

type Name = keyof Activities;
/** Every activity the worker registers: the compiler fails here when one is added. */
const NAMES: Record<Name, true> = {
  normaliseCheckTarget: true,
  runSettings: true,
  fetchHomePage: true,
  checkRobots: true,
  readSitemaps: true,
  simulateCrawlers: true,
  probeAgentFiles: true,
  searchLiveWeb: true,
  askPlatform: true,
  titleCitedPages: true,
  planDiagnosis: true,
  fetchArticle: true,
  planArticleQuestions: true,
  judgeCoverage: true,
  readBrandAnswers: true,
  measureDemand: true,
  refreshVendorRanges: true,
  robotsVerdicts: true,
  readLogPart: true,
  composeTrafficCheck: true,
  dropCrawlerLog: true,
  saveReportPart: true,
  saveSnapshot: true,
  evaluateMonitorRun: true,
  deliverWebhook: true,
};

const byName = (make: (name: Name) => unknown) =>
  Object.fromEntries(Object.keys(NAMES).map((name) => [name, make(name as Name)])) as unknown as Activities;

/** The given fakes, and every other activity failing as never expected (for a workflow that runs one or two activities). */
export const fakeActivities = (given: Partial<Activities>): Activities =>
  byName(
    (name) =>
      given[name] ??
      (() => {
        throw new Error(`${name} has no fake in this test`);
      }),
  );

export interface RecordedRun {
  /** The workflow's input in the recorded run (a check starts the same way here). */
  input: unknown;
  /** What the worker runs: a replaced activity if the test replaced it, else the recorded one. */
  activities: Activities;
  /** Fakes of every activity: the recorded result for the recorded input (else the activity's first recorded result); one never recorded throws. */
  recorded: Activities;
  /** What each activity was called with since the last reset, by activity. */
  calls: Partial<Record<Name, unknown[]>>;
  /** Activities a test replaces (a failing stage), until the next reset. */
  replaced: Partial<Activities>;
  reset(): void;
}

/** The recorded results, by activity and by input (JSON); a question by platform and text, whatever its lens. */
export function recordedRun(history: HistoryName): RecordedRun {
  const { events } = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'histories', `${history}.json`), 'utf8')) as {
    events: HistoryEvent[];
  };
  const results = new Map<string, unknown>();
  const firstByName = new Map<string, unknown>();
  const scheduled = new Map<string, string>();
  const keyOf = (name: string, input: unknown) => {
    if (name !== 'askPlatform') return `${name} ${JSON.stringify(input)}`;
    const { platformId, question } = input as { platformId: string; question: string };
    return `${name} ${platformId} ${question}`;
  };
  let input: unknown;
  for (const event of events) {
    if (event.workflowExecutionStartedEventAttributes) input = decode(event.workflowExecutionStartedEventAttributes.input);
    const scheduledActivity = event.activityTaskScheduledEventAttributes;
    if (scheduledActivity) scheduled.set(event.eventId, keyOf(scheduledActivity.activityType.name, decode(scheduledActivity.input)));
    const completed = event.activityTaskCompletedEventAttributes;
    if (completed) {
      const key = scheduled.get(completed.scheduledEventId)!;
      results.set(key, decode(completed.result));
      const name = key.split(' ')[0]!;
      if (!firstByName.has(name)) firstByName.set(name, decode(completed.result));
    }
    const marker = event.markerRecordedEventAttributes;
    if (marker?.markerName === 'core_local_activity') {
      const { activity_type: name } = decode(marker.details?.data) as { activity_type: string };
      // Local activities' inputs are not recorded: one result per activity.
      results.set(name, decode(marker.details?.result));
    }
  }
  const calls: RecordedRun['calls'] = {};
  const replaced: Partial<Activities> = {};
  const recordedFake =
    (name: Name) =>
    async (...args: unknown[]) => {
      const key = keyOf(name, args[0]);
      if (results.has(key)) return results.get(key);
      if (results.has(name)) return results.get(name);
      if (firstByName.has(name)) return firstByName.get(name);
      // Nothing to wait for: the snapshot "saves".
      if (name === 'saveSnapshot' || name === 'saveReportPart') return undefined;
      throw new Error(`${name} was not recorded in ${history} for ${key.slice(name.length + 1, 200)}`);
    };
  const recorded = byName(recordedFake);
  const activities = byName((name) => async (...args: unknown[]) => {
    (calls[name] ??= []).push(args[0]);
    const run = (replaced[name] ?? recorded[name]) as (...args: unknown[]) => Promise<unknown>;
    return run(...args);
  });
  const reset = () => {
    for (const name of Object.keys(NAMES)) {
      delete calls[name as Name];
      delete replaced[name as Name];
    }
  };
  return { input, activities, recorded, calls, replaced, reset };
}

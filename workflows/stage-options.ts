import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { askAttemptTimeoutMs } from '../domain/shared/answer-timeouts';

/**
 * One options profile per kind of stage, each proxying only the activities of its kind: calling an
 * activity through another kind's profile (`site.saveSnapshot`) does not compile. A new activity goes
 * into one of these lists (docs/development.md); `Unprofiled` below refuses one left out of all.
 */
export type LocalActivities = Pick<Activities, 'normaliseCheckTarget'>;
export type SettingsActivities = Pick<Activities, 'runSettings'>;
export type SiteActivities = Pick<
  Activities,
  | 'fetchHomePage'
  | 'checkRobots'
  | 'readSitemaps'
  | 'simulateCrawlers'
  | 'probeAgentFiles'
  | 'titleCitedPages'
  | 'fetchArticle'
  | 'robotsVerdicts'
>;
export type PlatformActivities = Pick<Activities, 'askPlatform'>;
export type PlanningActivities = Pick<Activities, 'planDiagnosis' | 'planArticleQuestions' | 'judgeCoverage' | 'readBrandAnswers'>;
export type SearchActivities = Pick<Activities, 'searchLiveWeb'>;
export type StoreActivities = Pick<
  Activities,
  'saveReportPart' | 'saveSnapshot' | 'evaluateMonitorRun' | 'composeTrafficCheck' | 'dropCrawlerLog'
>;
export type RangeActivities = Pick<Activities, 'refreshVendorRanges'>;
/** Its profile lives beside its stage (demand.ts): it runs on the demand queue. */
export type DemandActivities = Pick<Activities, 'measureDemand'>;
export type LogPartActivities = Pick<Activities, 'readLogPart'>;
/** Its profile lives beside its workflow (webhook.ts). */
export type DeliveryActivities = Pick<Activities, 'deliverWebhook'>;

type Unprofiled = Exclude<
  keyof Activities,
  | keyof LocalActivities
  | keyof SettingsActivities
  | keyof SiteActivities
  | keyof PlatformActivities
  | keyof PlanningActivities
  | keyof SearchActivities
  | keyof StoreActivities
  | keyof RangeActivities
  | keyof DemandActivities
  | keyof LogPartActivities
  | keyof DeliveryActivities
>;
type NoneLeft<T extends never> = T;
/** Does not compile while an activity is in none of the lists above: the error names it. */
export type EveryActivityHasAProfile = NoneLeft<Unprofiled>;

/**
 * Pure, quick work whose result no later decision depends on the timing of: a local activity runs
 * inside the workflow task, saving a round trip to the server.
 */
export const local = proxyLocalActivities<LocalActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3 },
});

/** The run's settings (run-settings.ts): an ordinary activity, quick, retried on another worker if one dies. */
export const settings = proxyActivities<SettingsActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 5 },
});

/**
 * Requests to the checked site: bounded by the fetcher's own timeouts; one retry after a pause.
 * fetchHomePage marks SiteUnreachable non-retryable itself, once its retry is spent.
 */
export const site = proxyActivities<SiteActivities>({
  startToCloseTimeout: '90 seconds',
  // Activities heartbeat every 2 s: a dead worker's stage moves to another worker within 10 s.
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '3 seconds', backoffCoefficient: 2, maximumAttempts: 2 },
});

/**
 * AI platforms. A question runs on its platform's own task queue (ask-platforms.ts), where it may wait
 * for the platform's request budget before it starts: the schedule-to-close limit leaves that wait room
 * within the check's 10 minutes, while one attempt is cut at 70 s (the platform client stops at 60 s),
 * or 10 s after the request limit of a platform that states a longer one (ask-platforms.ts).
 * 429 and 5xx are retried with backoff, or after the wait the platform asked for (nextRetryDelay).
 */
const platformAttempts = {
  startToCloseTimeout: askAttemptTimeoutMs(),
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: 4 },
} as const;
export const platform = proxyActivities<PlatformActivities>({ ...platformAttempts, scheduleToCloseTimeout: '8 minutes' });

/**
 * The many questions of a diagnosis or an article check: the same attempts as `platform`; all of them
 * are scheduled at once and wait in the platforms' queues, so their schedule-to-close limit is longer.
 */
export const survey = proxyActivities<PlatformActivities>({ ...platformAttempts, scheduleToCloseTimeout: '15 minutes' });

/**
 * Planning a check (templates at once, or one question to the analysis platform, which falls back to
 * templates) and the coverage judge; on the analysis platform's queue (analysis-stages.ts) they may
 * wait for its budget, as the questions do.
 */
export const PLANNING_ATTEMPTS = {
  startToCloseTimeout: '90 seconds',
  scheduleToCloseTimeout: '8 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
} as const;
export const planning = proxyActivities<PlanningActivities>(PLANNING_ATTEMPTS);

/**
 * DataForSEO's search volumes (docs/checks/brand.md, "Demand"): one request per market and endpoint on
 * the demand queue, whose rate holds the account's budget (12 a minute for Google Ads), so it may
 * wait there as the questions wait for theirs. A server error is retried with backoff; after the
 * last attempt the diagnosis goes on with the volumes null and the reason.
 */
export const DEMAND_ATTEMPTS = {
  startToCloseTimeout: '70 seconds',
  scheduleToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 4 },
} as const;

/** The live-search provider. */
export const search = proxyActivities<SearchActivities>({
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
});

/** The snapshot store: keep trying through a short database outage; the write is idempotent. */
export const store = proxyActivities<StoreActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 20 },
});

/**
 * The vendors' range files, fetched all at once by one activity: each fetch has the fetcher's own
 * timeout; the activity is retried when not one file could be fetched.
 */
export const vendorRanges = proxyActivities<RangeActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 6 },
});

/**
 * The range files a crawler-traffic check fetches when none is stored: one retry, then the check goes
 * on without them (its requests that only ranges could verify are unverifiable, and the report says
 * why). A check never waits on a vendor it cannot reach; the daily refresh keeps trying.
 */
export const checkRanges = proxyActivities<RangeActivities>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', maximumAttempts: 2 },
});

/**
 * One part of an uploaded log: CPU-bound, a few seconds; the heartbeat carries how far it got, so a
 * part cut off by a dying worker resumes on another from there.
 */
export const logParts = proxyActivities<LogPartActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});

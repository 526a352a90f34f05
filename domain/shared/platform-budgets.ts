import type { PlatformId, SurfaceProvider } from './platforms';

/**
 * Each AI platform's request budget, in requests per minute for the whole deployment (`<PREFIX>_RPM`),
 * and how Temporal is told to hold it (docs/platform-budgets.md).
 *
 * The defaults are each vendor's entry paid tier (docs/platform-budgets.md, has the sources):
 * the budget is the account's, so every worker of the deployment shares it.
 */
export const DEFAULT_RPM: Record<PlatformId, number> = {
  // OpenAI Tier 1 ($5 paid): 500 RPM for the gpt-4o-mini / gpt-5-mini class.
  chatgpt: 500,
  // Anthropic Tier 1: 50 RPM.
  claude: 50,
  // Google AI Studio Tier 1 (billing linked): 1,000 RPM for Gemini 2.5 Flash (Flash-Lite: 4,000).
  gemini: 1_000,
  // Perplexity Tier 0 (the first tier with paid credits): 50 RPM (and 1 request per second).
  perplexity: 50,
  // DeepSeek publishes no per-minute limit (it caps concurrency per model); this is the service's own ceiling.
  deepseek: 600,
  // The surfaces: SerpApi's Developer plan, 1,000 searches an hour (docs/surfaces.md); DataForSEO's below.
  'google-ai-mode': 16,
  'google-ai-overviews': 16,
  'chatgpt-app': 16,
};

/**
 * A surface's default budget by the provider that serves it: SerpApi sells an hourly throughput (the
 * Developer plan's 1,000 an hour, about 16 a minute); DataForSEO allows 2,000 calls a minute.
 */
export const PROVIDER_DEFAULT_RPM: Record<SurfaceProvider, number> = { serpapi: Math.floor(1_000 / 60), dataforseo: 2_000 };

/** The task queue a platform's questions run on: `<TEMPORAL_TASK_QUEUE>-<platformId>`. */
export function platformTaskQueue(taskQueue: string, platformId: PlatformId): string {
  return `${taskQueue}-${platformId}`;
}

/** The task queue of DataForSEO's demand requests (docs/platform-budgets.md): `<TEMPORAL_TASK_QUEUE>-demand`. */
export function demandTaskQueue(taskQueue: string): string {
  return `${taskQueue}-demand`;
}

/**
 * Vendors' per-second limits beside the per-minute budget: Perplexity's Agent API allows 1 request a
 * second at Tier 0 (a leaky bucket holding one request), whatever its RPM.
 */
export const PER_SECOND_LIMIT: Partial<Record<PlatformId, number>> = { perplexity: 1 };

/**
 * The window the budget is counted over, plus the queue's burst of one second (after an idle spell the
 * server lets the next task out one second early: measured, a queue at 0.2 tasks/s sent its first two
 * 3.9 s apart, then one every 5 s) and four seconds for the way to the vendor: a worker busy with 50
 * checks may start one request late and the next on time (with one second, 50 such checks at a budget
 * of 30 put 31 in one minute at the stand-in; with two, a test suite running beside two workers did too).
 */
const WINDOW_S = 60 + 1 + 4;

/**
 * The rate, in tasks per second, a platform's queue is set to on the Temporal server
 * (UpdateTaskQueueConfig, docs/platform-budgets.md): the whole queue's rate, as the server enforces it
 * on a queue of one partition. No 60 s window then sees more than `rpm` requests (a budget of 40 is
 * sent at 36.9 a minute, 92%). With a per-second limit `qps` the rate is also kept low enough that the
 * one-second burst never lets two requests out less than 1/qps apart: at most qps / 2 for a limit of
 * one a second (the burst's second task comes 1/rate − 1 s after the first), qps − 1 above it.
 */
export function queueRequestsPerSecond(rpm: number, qps?: number): number {
  const perMinute = rpm / WINDOW_S;
  return qps === undefined ? perMinute : Math.min(perMinute, Math.max(qps / 2, qps - 1));
}

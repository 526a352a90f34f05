import type { PlatformId } from './platforms';

/**
 * Each AI platform's request budget, in requests per minute for the whole deployment (`<PREFIX>_RPM`),
 * and how Temporal is told to hold it (DESIGN.md, "Platform budgets across the cluster").
 *
 * The defaults are each vendor's entry paid tier (README, "Platform budgets", has the sources):
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
};

/** The task queue a platform's questions run on: `<TEMPORAL_TASK_QUEUE>-<platformId>`. */
export function platformTaskQueue(taskQueue: string, platformId: PlatformId): string {
  return `${taskQueue}-${platformId}`;
}

/**
 * Temporal splits a task queue into this many partitions (the server's default,
 * `matching.numTaskqueueReadPartitions`), and each partition dispatches at rate / partitions with
 * its own burst of one second: measured on the dev server, a queue set to 0.5 tasks/s dispatched
 * 4 tasks every 8 s, 32 in a 60 s window.
 */
export const TASK_QUEUE_PARTITIONS = 4;

/** The window the budget is counted over, plus the partitions' one-second burst and a second for the way to the vendor. */
const WINDOW_S = 60 + 1 + 1;

/**
 * `maxTaskQueueActivitiesPerSecond` for a budget of `rpm` requests per minute: low enough that no
 * 60 s window sees more than `rpm` requests, though each of the queue's partitions may send its first
 * request at once (rpm − partitions over a 62 s window). A budget of 50 becomes 44.5 requests a
 * minute, 500 becomes 480; a budget at or below the partition count gets one request a minute per
 * partition, which cannot be held to fewer than TASK_QUEUE_PARTITIONS in a window.
 */
export function queueActivitiesPerSecond(rpm: number): number {
  return Math.max(rpm - TASK_QUEUE_PARTITIONS, 1) / WINDOW_S;
}

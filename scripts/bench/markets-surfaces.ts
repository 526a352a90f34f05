import { tsToMs } from '@temporalio/common';
import type { temporal } from '@temporalio/proto';
import { parseAskActivityId } from '../../contract/workflow-contract';
import { parseConfig } from '../../domain/shared/config';
import type { Market } from '../../domain/shared/market';
import { ASSISTANTS, platformDefinition, type PlatformId } from '../../domain/shared/platforms';
import { answerBrandQuestions, answerBrandQuestionsOnSurfaces, BRAND, BRAND_ANSWERS, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import type { StandInRequest } from '../../dev/vendor-stand-ins';
import type { BudgetBench } from './budget-sharing';

/**
 * The issue-30 target (docs/benchmarks.md, "Markets × surfaces"): one brand diagnosis over 3 markets ×
 * 7 platforms (the five assistants, Google AI Mode through SerpApi, ChatGPT's app through DataForSEO)
 * at the default 10 questions, with the stand-ins at realistic latency, completes within 1.5 × the
 * slowest single answer chain: no market or platform waits for another.
 *
 * The slowest single answer chain is, over the platforms, the most of: its latency × the sequential
 * waits one worker's PLATFORM_CONCURRENCY imposes on its questions (⌈asks / concurrency⌉). Budgets do
 * not bind here (every <PREFIX>_RPM and _RPS far above the asks), so they add no wait.
 */

const ASSISTANT_DELAY_MS = Number(process.env.BENCH_MARKETS_ASSISTANT_DELAY_MS ?? 5_000);
const AI_MODE_DELAY_MS = Number(process.env.BENCH_MARKETS_AI_MODE_DELAY_MS ?? 6_000);
const CHATGPT_APP_DELAY_MS = Number(process.env.BENCH_MARKETS_CHATGPT_APP_DELAY_MS ?? 30_000);
const MARKETS: Market[] = [
  { country: 'US', language: 'en' },
  { country: 'DE', language: 'de' },
  { country: 'JP', language: 'ja' },
];
const PLATFORM_IDS: PlatformId[] = [...ASSISTANTS.map((platform) => platform.id), 'google-ai-mode', 'chatgpt-app'];
/** The stand-in that serves each surface here, as its requests are recorded. */
const SERVED_BY: Partial<Record<PlatformId, string>> = { 'google-ai-mode': 'serpapi', 'chatgpt-app': 'dataforseo' };
const UNBOUND_RPM = '60000';
const UNBOUND_RPS = '1000';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function latencies(scale: number): Record<PlatformId, number> {
  const delays = Object.fromEntries(PLATFORM_IDS.map((id) => [id, ASSISTANT_DELAY_MS * scale])) as Record<PlatformId, number>;
  return { ...delays, 'google-ai-mode': AI_MODE_DELAY_MS * scale, 'chatgpt-app': CHATGPT_APP_DELAY_MS * scale };
}

/** Every platform answers after its latency; DeepSeek too (the brand fixtures refuse its key). */
function answerAll(bench: BudgetBench, delays: Record<PlatformId, number>): void {
  answerBrandQuestions(bench.platforms, delays.chatgpt);
  bench.platforms.setBehaviour('deepseek', { answer: BRAND_ANSWERS.gemini, delayMs: delays.deepseek });
  answerBrandQuestionsOnSurfaces(bench.platforms, { 'google-ai-mode': delays['google-ai-mode'], 'chatgpt-app': delays['chatgpt-app'] });
}

/** When each platform's questions reached its stand-in, from the diagnosis's start: first and last. */
function arrivals(requests: readonly StandInRequest[], since: number): string {
  return PLATFORM_IDS.map((id) => {
    const times = requests
      // The assistants' questions are POSTs (their GETs list models); SerpApi's are GETs.
      .filter((request) => request.platform === (SERVED_BY[id] ?? id) && (request.method === 'POST' || id in SERVED_BY) && request.at >= since)
      .map((request) => request.at - since);
    return times.length === 0
      ? `${platformDefinition(id).name} none`
      : `${platformDefinition(id).name} ${times.length} at +${seconds(Math.min(...times))}…+${seconds(Math.max(...times))}`;
  }).join('; ');
}

/**
 * Where the time before the answers went, per platform, from the run's history: when the workflow
 * scheduled its questions (from the run's start) and how long the longest waited in its queue before
 * a worker took it (the gap between ActivityTaskScheduled and ActivityTaskStarted).
 */
function queueWaits(history: temporal.api.history.v1.IHistory): string {
  const events = history.events ?? [];
  const runStart = tsToMs(events[0]?.eventTime);
  const scheduled = new Map<string, { platformId: string; at: number }>();
  const byPlatform = new Map<string, { scheduled: number[]; waits: number[] }>();
  for (const event of events) {
    const task = event.activityTaskScheduledEventAttributes;
    const ask = task?.activityId ? parseAskActivityId(task.activityId) : undefined;
    if (ask) {
      scheduled.set(String(event.eventId), { platformId: ask.platformId, at: tsToMs(event.eventTime) });
      const entry = byPlatform.get(ask.platformId) ?? { scheduled: [], waits: [] };
      entry.scheduled.push(tsToMs(event.eventTime) - runStart);
      byPlatform.set(ask.platformId, entry);
    }
    const started = event.activityTaskStartedEventAttributes;
    const of = started && scheduled.get(String(started.scheduledEventId));
    if (of) byPlatform.get(of.platformId)!.waits.push(tsToMs(event.eventTime) - of.at);
  }
  return [...byPlatform]
    .map(
      ([id, { scheduled: at, waits }]) =>
        `${platformDefinition(id as PlatformId).name} scheduled +${seconds(Math.min(...at))}…+${seconds(Math.max(...at))}, longest queue wait ${seconds(Math.max(...waits))}`,
    )
    .join('; ');
}

export async function benchMarketsSurfaces(bench: BudgetBench): Promise<void> {
  const unbound = Object.fromEntries(
    PLATFORM_IDS.flatMap((id) => [
      [`${platformDefinition(id).env}_RPM`, UNBOUND_RPM],
      [`${platformDefinition(id).env}_RPS`, UNBOUND_RPS],
    ]),
  );
  // Questions, runs and PLATFORM_CONCURRENCY as an operator gets them with nothing set.
  const defaults = parseConfig({});
  const concurrency = Number(process.env.BENCH_MARKETS_CONCURRENCY ?? defaults.platformConcurrency);
  const env = {
    ...bench.siteEnv,
    ...bench.platforms.surfaceEnv('both'),
    ...unbound,
    TEMPORAL_TASK_QUEUE: `bench-markets-${Date.now()}`,
    PLATFORM_CONCURRENCY: String(concurrency),
    BRAND_QUESTIONS: String(defaults.brand.questions),
    BRAND_RUNS: String(defaults.brand.runs),
  };
  const worker = await bench.startWorker(env);
  try {
    const checks = bench.checksFor(env);
    const diagnose = async () => {
      const since = Date.now();
      const started = performance.now();
      const { workflowId } = await checks.start('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN, markets: MARKETS, platforms: PLATFORM_IDS });
      const { report } = await checks.result('brand', workflowId);
      const ms = performance.now() - started;
      return { ms, report, since, history: () => checks.client.workflow.getHandle(workflowId).fetchHistory() };
    };
    // Instant answers, after a warm-up (first workflow task, connections, JIT): the pipeline's own time.
    answerAll(bench, latencies(0));
    await diagnose();
    const instant = await diagnose();
    const delays = latencies(1);
    answerAll(bench, delays);
    const { ms, report, since, history } = await diagnose();

    const asks = report.questions.length * defaults.brand.runs;
    const waits = Math.ceil(asks / concurrency);
    const chains = PLATFORM_IDS.map((id) => ({ id, ms: delays[id] * waits }));
    const slowest = chains.reduce((a, b) => (b.ms > a.ms ? b : a));
    const answered = report.answers.filter((answer) => answer.status === 'answered').length;
    console.log(
      `markets × surfaces: one brand diagnosis, ${MARKETS.length} markets (${MARKETS.map((market) => `${market.country}-${market.language}`).join(', ')}) × ${PLATFORM_IDS.length} platforms, ${report.questions.length / MARKETS.length} questions a market`,
    );
    console.log(
      `  latencies: assistants ${seconds(ASSISTANT_DELAY_MS)}, Google AI Mode ${seconds(AI_MODE_DELAY_MS)} (SerpApi), ChatGPT (app) ${seconds(CHATGPT_APP_DELAY_MS)} (DataForSEO); budgets do not bind (<PREFIX>_RPM=${UNBOUND_RPM}, _RPS=${UNBOUND_RPS}); PLATFORM_CONCURRENCY=${concurrency}`,
    );
    console.log(`  answers                          ${answered}/${report.answers.length} answered (${asks} asks per platform)`);
    console.log(`  with instant answers            ${seconds(instant.ms)}  (the pipeline's own time, after a warm-up)`);
    console.log(`  end to end                       ${seconds(ms)}`);
    console.log(
      `  slowest single answer chain      ${seconds(slowest.ms)} = ${platformDefinition(slowest.id).name}'s ${seconds(delays[slowest.id])} × ${waits} sequential wait${waits > 1 ? 's' : ''} (⌈${asks} asks / PLATFORM_CONCURRENCY ${concurrency}⌉; the budgets add none)`,
    );
    console.log(`  end to end / slowest chain       ${(ms / slowest.ms).toFixed(2)}  (target ≤ 1.5)`);
    console.log(`  questions reached the stand-ins  ${arrivals(bench.platforms.requests, since)}`);
    console.log(`  questions in the run's history   ${queueWaits(await history())}`);
  } finally {
    worker.kill('SIGTERM');
  }
}

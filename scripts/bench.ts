/**
 * `npm run bench`: site checks against loopback sites, with stand-in platforms that answer after a
 * fixed delay. Prints figures; asserts nothing (these machines are shared and noisy).
 *   - one check's end-to-end time against the slowest platform's delay (target: < delay + 1 s)
 *   - N concurrent checks on one worker, with platform budgets that do not bind (target: all complete,
 *     median < 2 × single, worker peak RSS < 600 MB): the ratio of the median to one check
 *   - requests made to the site per check
 *   - a binding budget: N concurrent checks on two workers with ANTHROPIC_RPM=30: the most requests
 *     Claude's stand-in received in any 60 s window (must not exceed 30) and how long the last check took
 *     (the last check within SITE_CHECK_DEADLINE_S: Claude not asked in time where its budget is spent)
 *   - budgets shared (scripts/bench/budget-sharing.ts): the share of a binding budget used in a burst,
 *     a synchronous check's latency behind monitors' backlog, a light client's diagnosis behind a heavy one's
 *   - a brand diagnosis of 10 questions × 5 platforms answering in 2 s: end-to-end time and the peak
 *     requests in flight per platform (must not exceed PLATFORM_CONCURRENCY, the worker's bound)
 *   - one article check of 5 questions × 5 platforms answering in 2 s: end-to-end time
 *   - markets × surfaces (scripts/bench/markets-surfaces.ts): a diagnosis over 3 markets × 7 platforms
 *     (AI Mode 6 s, ChatGPT app 30 s) against the slowest single answer chain (target ≤ 1.5 ×)
 *   - the burst (scripts/bench/burst.ts): 40 site checks at once at ANTHROPIC_RPM=40, 80 at once
 *     under the default budgets, and the 40 again with Claude answering in 30 s: the budget used, the
 *     checks that missed the platform (not asked, or asked and cut), the slowest check
 *   - first, what a site check, a brand diagnosis and an article check cost at the defaults (estimate)
 *
 * The pipeline's CPU per check and 50-concurrent ratio, and the bursts, run for this commit and a
 * previous one side by side in the same run (its workers from a temporary git worktree):
 *   npm run bench -- --baseline <ref>   the previous commit to compare with (default HEAD~; `none`: this commit alone)
 *   npm run bench -- --only burst,pipeline   only these parts, of: pipeline, binding, sharing, burst, brand, markets
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { parseConfig, allowedHostsOf } from '../domain/shared/config';
import { ASSISTANTS } from '../domain/shared/platforms';
import { createMongo } from '../infra/mongo';
import { CheckClient, type ReportSource } from '../infra/check-client';
import { SnapshotStore } from '../infra/snapshot-store';
import { answerArticleQuestions } from '../dev/article-answers';
import { answerBrandQuestions, BRAND, BRAND_DOMAIN, KEYWORD } from '../dev/brand-answers';
import { startVendorStandIns, type StandInPlatform, type VendorStandIns } from '../dev/vendor-stand-ins';
import { ARTICLE_URL, FIXTURE_HOSTS, startFixtureSites } from '../dev/fixture-sites';
import { costEstimateLines } from './bench/cost-estimate';
import { benchBudgetUsed, benchLightBehindHeavy, benchPersonBehindMonitors } from './bench/budget-sharing';
import { benchMarketsSurfaces } from './bench/markets-surfaces';
import { benchPipeline, printSideBySide } from './bench/pipeline';
import { servicesUp } from '../dev/local-stack';
import { mostInAnyWindow } from '../dev/arrival-windows';
import { logBenchRun } from './bench-log';
import { baselineCheckout, thisCommit, type CodeUnderTest } from './bench/baseline';
import { benchBurst } from './bench/burst';

logBenchRun('bench');

const PARTS = ['pipeline', 'binding', 'sharing', 'burst', 'brand', 'markets'] as const;
const { values: flags } = parseArgs({ options: { only: { type: 'string' }, baseline: { type: 'string', default: 'HEAD~' } } });
const only = flags.only?.split(',').map((part) => part.trim());
const unknownPart = only?.find((part) => !(PARTS as readonly string[]).includes(part));
if (unknownPart) throw new Error(`--only ${unknownPart}: the parts are ${PARTS.join(', ')}`);
const runs = (part: (typeof PARTS)[number]) => !only || only.includes(part);
const ROOT = join(__dirname, '..');

const PLATFORM_DELAY_MS = Number(process.env.BENCH_PLATFORM_DELAY_MS ?? 3_000);
const CONCURRENT_CHECKS = Number(process.env.BENCH_CONCURRENT_CHECKS ?? 50);
const BRAND_DELAY_MS = Number(process.env.BENCH_BRAND_DELAY_MS ?? 2_000);
const BRAND_CONCURRENCY = Number(process.env.BENCH_BRAND_CONCURRENCY ?? 4);
const BUDGET_RPM = Number(process.env.BENCH_BUDGET_RPM ?? 30);
/** 0 skips the binding-budget part. */
const BUDGET_CHECKS = runs('binding') ? Number(process.env.BENCH_BUDGET_CHECKS ?? CONCURRENT_CHECKS) : 0;
/** The burst: this many site checks at once with Claude's budget at BURST_RPM, then DEADLINE_CHECKS under the default budgets. */
const BURST_CHECKS = Number(process.env.BENCH_BURST_CHECKS ?? 40);
const BURST_RPM = Number(process.env.BENCH_BURST_RPM ?? 40);
const DEADLINE_CHECKS = Number(process.env.BENCH_DEADLINE_CHECKS ?? 80);
/** The burst again with Claude answering this slowly (0 skips it): its questions must not wait until an answer could no longer come. */
const SLOW_ANSWER_MS = Number(process.env.BENCH_SLOW_ANSWER_MS ?? 30_000);
/** A budget no benchmark reaches: 1,000 requests a second. */
const UNBOUND_RPM = '60000';
const UNBOUND_RPS = '1000';
/** 0 skips the budget-sharing parts (used, priority, fairness). */
const BUDGET_SHARING = runs('sharing') && process.env.BENCH_BUDGET_SHARING !== '0';
/** 0 skips the diagnosis over markets and surfaces. */
const MARKETS_SURFACES = runs('markets') && process.env.BENCH_MARKETS_SURFACES !== '0';

/** The bench's own database on the server MONGODB_URI names (127.0.0.1:27017 when unset). */
function benchDatabase(name: string): string {
  const uri = new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/aivis');
  uri.pathname = `/${name}`;
  return uri.toString();
}

/** A real `npm run worker` process on its own task queue, from this checkout or another (`root`); resolves once it polls. */
async function startWorker(env: Record<string, string>, root = ROOT): Promise<ChildProcess> {
  // e.g. BENCH_WORKER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the worker.
  const workerNodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const worker = spawn(process.execPath, [...workerNodeArgs, '--import', 'tsx', 'worker/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'info', METRICS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('worker polling')) {
    if (worker.exitCode !== null) throw new Error(`the worker exited while starting:\n${output.slice(-2000)}`);
    await sleep(100);
  }
  return worker;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  // The defaults, not the stand-ins' settings: what an operator would pay with nothing configured.
  for (const line of costEstimateLines(parseConfig({}))) console.log(line);
  // A run with parts skipped or resized says so, in the log entry too.
  const settings = Object.entries(process.env).filter(([name]) => name.startsWith('BENCH_') && !name.startsWith('BENCH_LOG'));
  if (settings.length > 0) console.log(`settings: ${settings.map(([name, value]) => `${name}=${value}`).join(' ')}`);
  const [sites, platforms] = await Promise.all([startFixtureSites(), startVendorStandIns()]);
  const answerIn = (platform: StandInPlatform, delayMs: number) =>
    platforms.setBehaviour(platform, {
      answer: 'Acme Widgets (acme-widgets.test) is a reputable maker of durable steel widgets, sold online.',
      citations: ['https://acme-widgets.test/pricing'],
      delayMs,
    });
  for (const platform of ASSISTANTS) answerIn(platform.id, PLATFORM_DELAY_MS);
  // The stand-ins take any number of requests and the budgets do not bind: this part measures the
  // pipeline, not a platform's rate limit.
  const unbound = Object.fromEntries(
    ASSISTANTS.flatMap((platform) => [
      [`${platform.env}_RPM`, UNBOUND_RPM],
      [`${platform.env}_RPS`, UNBOUND_RPS],
    ]),
  );
  const env = {
    ...platforms.env(),
    ...unbound,
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }),
    TEMPORAL_TASK_QUEUE: `bench-${Date.now()}`,
    MONGODB_URI: benchDatabase('aivis_bench'),
    LOG_LEVEL: 'warn',
    PLATFORM_CONCURRENCY: String(CONCURRENT_CHECKS),
  };
  const config = parseConfig({ ...process.env, ...env });
  await servicesUp(config);
  // Every run starts from an empty snapshot store, so runs compare.
  const mongo = createMongo(config.mongodbUri);
  await mongo.db.dropDatabase();
  const reports = new SnapshotStore(mongo.db);

  const connection = await Connection.connect({ address: config.temporal.address });
  const checksFor = checksOn(connection, config.temporal.namespace, config, reports);
  // This commit last: whatever the machine's load does over the run, the older code had it first.
  const baseline = flags.baseline === 'none' ? undefined : baselineCheckout(ROOT, flags.baseline);
  const codes: CodeUnderTest[] = [...(baseline ? [baseline] : []), thisCommit(ROOT)];

  try {
    if (runs('pipeline')) {
      const pipeline = {
        siteEnv: env,
        sites,
        platformDelayMs: PLATFORM_DELAY_MS,
        concurrentChecks: CONCURRENT_CHECKS,
        startWorker,
        checksFor,
      };
      const figures = [];
      for (const code of codes) figures.push(await benchPipeline(pipeline, code));
      printSideBySide(figures, CONCURRENT_CHECKS);
    }
    if (runs('burst')) {
      const bench = { siteEnv: env, platforms, startWorker, checksFor, answerIn, platformDelayMs: PLATFORM_DELAY_MS };
      const binding = { checks: BURST_CHECKS, budgets: { ANTHROPIC_RPM: String(BURST_RPM) }, defaults: false, watched: 'claude' } as const;
      await benchBurst(bench, { name: 'burst', ...binding }, codes);
      if (DEADLINE_CHECKS > 0)
        await benchBurst(bench, { name: 'deadline', checks: DEADLINE_CHECKS, budgets: {}, defaults: true, watched: 'perplexity' }, codes);
      if (SLOW_ANSWER_MS > 0) await benchBurst(bench, { name: 'slow', ...binding, watchedAnswersInMs: SLOW_ANSWER_MS }, codes);
    }

    if (BUDGET_CHECKS > 0) await benchBindingBudget(env, platforms, checksFor);
    if (BUDGET_SHARING) {
      const bench = { siteEnv: env, platforms, startWorker, checksFor };
      await benchBudgetUsed(bench);
      await benchPersonBehindMonitors(bench);
      await benchLightBehindHeavy(bench);
    }

    if (runs('brand')) await benchBrandDiagnosis(env, platforms, connection, config.temporal.namespace, reports);
    if (MARKETS_SURFACES) await benchMarketsSurfaces({ siteEnv: env, platforms, startWorker, checksFor });
  } finally {
    baseline?.close();
    await connection.close();
    await mongo.client.close();
    await Promise.all([sites.close(), platforms.close()]);
  }
}

function checksOn(
  connection: Connection,
  namespace: string,
  config: ReturnType<typeof parseConfig>,
  reports: ReportSource,
): (env: Record<string, string>) => CheckClient {
  return (env) =>
    new CheckClient(
      new Client({ connection, namespace }),
      parseConfig({ ...process.env, ...env }).temporal,
      allowedHostsOf(config),
      reports,
    );
}

/**
 * BUDGET_CHECKS concurrent site checks on two worker processes with ANTHROPIC_RPM = BUDGET_RPM (the
 * other budgets do not bind): Temporal spaces Claude's questions across both workers.
 */
async function benchBindingBudget(
  siteEnv: Record<string, string>,
  platforms: VendorStandIns,
  checksFor: (env: Record<string, string>) => CheckClient,
): Promise<void> {
  const claude = ASSISTANTS.find((platform) => platform.id === 'claude')!;
  const env = { ...siteEnv, TEMPORAL_TASK_QUEUE: `bench-budget-${Date.now()}`, ANTHROPIC_RPM: String(BUDGET_RPM) };
  const workers = [await startWorker(env), await startWorker(env)];
  try {
    const checks = checksFor(env);
    await checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` }); // warm-up
    const since = Date.now();
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: BUDGET_CHECKS }, async () => {
        const begun = performance.now();
        const { report } = await checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });
        return { ms: performance.now() - begun, report };
      }),
    );
    const wall = performance.now() - started;
    const done = results.filter((result) => result.status === 'fulfilled').map((result) => result.value);
    const claudeTimes = platforms.requests
      .filter((request) => request.platform === 'claude' && request.method === 'POST' && request.at >= since)
      .map((request) => request.at);
    const otherLast =
      Math.max(
        ...platforms.requests
          .filter((request) => request.platform !== 'claude' && request.method === 'POST' && request.at >= since)
          .map((request) => request.at),
      ) - since;
    const claudeEntries = done.map(({ report }) => report.memory.find((entry) => entry.platform === claude.name));
    const claudeErrors = claudeEntries.filter((entry) => entry?.status === 'error').length;
    const notAskedInTime = claudeEntries.filter((entry) => entry?.missedDeadline === 'not-asked').length;
    const deadlineS = parseConfig({ ...process.env, ...env }).siteCheckDeadlineMs / 1000;
    console.log(`binding budget: ${BUDGET_CHECKS} concurrent checks, two workers, ANTHROPIC_RPM=${BUDGET_RPM}`);
    console.log(
      `  ${done.length}/${BUDGET_CHECKS} completed (${claudeErrors} with Claude as error, ${notAskedInTime} of them not asked in time); the last after ${seconds(wall)} (median ${seconds(median(done.map((result) => result.ms)))}; the promise: within SITE_CHECK_DEADLINE_S = ${deadlineS} s)`,
    );
    console.log(
      `  Claude's stand-in: ${claudeTimes.length} requests over ${seconds(Math.max(...claudeTimes) - Math.min(...claudeTimes))}; most in any 60 s window ${mostInAnyWindow(claudeTimes, 60_000)} (must not exceed ${BUDGET_RPM})`,
    );
    console.log(`  the other platforms' last request ${seconds(otherLast)} after the burst began (not held back by Claude's budget)`);
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
  }
}

/** One diagnosis and one article check (each after a warm-up) on a worker with PLATFORM_CONCURRENCY = BENCH_BRAND_CONCURRENCY. */
async function benchBrandDiagnosis(
  siteEnv: Record<string, string>,
  platforms: VendorStandIns,
  connection: Connection,
  namespace: string,
  reports: ReportSource,
): Promise<void> {
  answerBrandQuestions(platforms, BRAND_DELAY_MS);
  const env = {
    ...siteEnv,
    TEMPORAL_TASK_QUEUE: `bench-brand-${Date.now()}`,
    PLATFORM_CONCURRENCY: String(BRAND_CONCURRENCY),
    BRAND_QUESTIONS: '10',
    BRAND_RUNS: '1',
    ARTICLE_QUESTIONS: '5',
  };
  const config = parseConfig({ ...process.env, ...env });
  const worker = await startWorker(env);
  try {
    const checks = new CheckClient(new Client({ connection, namespace }), config.temporal, allowedHostsOf(config), reports);
    const diagnose = async () => {
      const started = performance.now();
      const { report } = await checks.run('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN });
      return { ms: performance.now() - started, report };
    };
    await diagnose(); // warm-up
    platforms.peakInFlight.clear();
    const { ms, report } = await diagnose();
    const peaks = ASSISTANTS.map((platform) => `${platform.name} ${platforms.peakInFlight.get(platform.id) ?? 0}`).join(', ');
    console.log(
      `brand diagnosis, ${report.questions.length} questions × ${ASSISTANTS.length} platforms answering in ${seconds(BRAND_DELAY_MS)}, PLATFORM_CONCURRENCY=${BRAND_CONCURRENCY}`,
    );
    console.log(
      `  end to end                       ${seconds(ms)}  (target < ${seconds(3 * BRAND_DELAY_MS)}; the floor is ⌈${report.questions.length}/${BRAND_CONCURRENCY}⌉ × ${seconds(BRAND_DELAY_MS)} = ${seconds(Math.ceil(report.questions.length / BRAND_CONCURRENCY) * BRAND_DELAY_MS)})`,
    );
    console.log(`  peak requests in flight          ${peaks}  (must not exceed ${BRAND_CONCURRENCY}, the worker's bound per platform)`);

    answerArticleQuestions(platforms, BRAND_DELAY_MS);
    const checkArticle = async () => {
      const started = performance.now();
      const { report } = await checks.run('article', { url: ARTICLE_URL });
      return { ms: performance.now() - started, report };
    };
    await checkArticle(); // warm-up
    const article = await checkArticle();
    console.log(
      `article check, ${article.report.questions.length} questions × ${ASSISTANTS.length} platforms answering in ${seconds(BRAND_DELAY_MS)}, PLATFORM_CONCURRENCY=${BRAND_CONCURRENCY}`,
    );
    console.log(
      `  end to end                       ${seconds(article.ms)}  (the floor is ⌈${article.report.questions.length}/${BRAND_CONCURRENCY}⌉ × ${seconds(BRAND_DELAY_MS)} = ${seconds(Math.ceil(article.report.questions.length / BRAND_CONCURRENCY) * BRAND_DELAY_MS)})`,
    );
  } finally {
    worker.kill('SIGTERM');
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckClient } from '../../infra/check-client';
import { checkPriority, clientFairnessKey, monitorFairnessKey } from '../../infra/check-priority';
import { mostInAnyWindow } from '../../dev/arrival-windows';
import { answerBrandQuestions, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import type { VendorStandIns } from '../../dev/vendor-stand-ins';

/** What the budget benches need from `npm run bench`: worker processes and a check client per queue. */
export interface BudgetBench {
  siteEnv: Record<string, string>;
  platforms: VendorStandIns;
  startWorker(env: Record<string, string>): Promise<ChildProcess>;
  checksFor(env: Record<string, string>): CheckClient;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const LIGHT_KEYWORD = 'project tracking tools';

/** When Claude's stand-in received each question since `since`, and whether it carried `marker`. */
function claudeQuestions(platforms: VendorStandIns, since: number, marker?: string): { at: number; marked: boolean }[] {
  return platforms.requests
    .filter((request) => request.platform === 'claude' && request.method === 'POST' && request.at >= since)
    .map((request) => ({ at: request.at, marked: marker !== undefined && JSON.stringify(request.body).includes(marker) }));
}

/** Two worker processes on a queue of their own with Claude's budget at `rpm`, for one measurement. */
async function onTwoWorkers<T>(bench: BudgetBench, name: string, extra: Record<string, string>, measure: (checks: CheckClient) => Promise<T>): Promise<T> {
  const env = { ...bench.siteEnv, TEMPORAL_TASK_QUEUE: `bench-${name}-${Date.now()}`, ...extra };
  const workers = [await bench.startWorker(env), await bench.startWorker(env)];
  try {
    return await measure(bench.checksFor(env));
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
  }
}

/**
 * Used: 40 questions to Claude at a budget of 40 a minute (two diagnoses of 20), two workers. The
 * share of the budget used is the questions after the first over the time they took, against the
 * budget (target ≥ 0.9; the held-out case: all 40 within 75 s, never more than 40 in a minute).
 */
export async function benchBudgetUsed(bench: BudgetBench): Promise<void> {
  answerBrandQuestions(bench.platforms);
  await onTwoWorkers(bench, 'used', { ANTHROPIC_RPM: '40', BRAND_QUESTIONS: '20', BRAND_RUNS: '1' }, async (checks) => {
    const since = Date.now();
    await Promise.all([0, 1].map(() => checks.run('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN }, { priority: checkPriority('person', clientFairnessKey('bench')) })));
    const times = claudeQuestions(bench.platforms, since).map((question) => question.at);
    const span = Math.max(...times) - Math.min(...times);
    const share = ((times.length - 1) / (span / 60_000)) / 40;
    console.log('binding budget used: 40 questions to Claude at ANTHROPIC_RPM=40, two workers');
    console.log(`  ${times.length} sent, the last ${seconds(Math.max(...times) - since)} after the burst began (target ≤ 75 s); most in any 60 s window ${mostInAnyWindow(times, 60_000)} (must not exceed 40)`);
    console.log(`  share of the budget used ${share.toFixed(2)} (target ≥ 0.9)`);
  });
}

/**
 * Priority: a synchronous site check alone, then behind four monitors' scheduled runs that queue 20
 * questions to Claude at a budget of 12 a minute (target: within 10 s of alone, and within 45 s).
 */
export async function benchPersonBehindMonitors(bench: BudgetBench): Promise<void> {
  answerBrandQuestions(bench.platforms);
  await onTwoWorkers(bench, 'priority', { ANTHROPIC_RPM: '12', BRAND_QUESTIONS: '5', BRAND_RUNS: '1' }, async (checks) => {
    const person = checkPriority('person', clientFairnessKey('bench-person'));
    const timedCheck = async () => {
      const started = performance.now();
      await checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` }, { priority: person });
      return performance.now() - started;
    };
    // Alone: the queue idle for a minute first, so its budget has no debt.
    await timedCheck();
    await sleep(60_000);
    const alone = await timedCheck();
    await sleep(10_000);
    const since = Date.now();
    const backlog = await Promise.all(['m1', 'm2', 'm3', 'm4'].map((id) => checks.start('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN }, { priority: checkPriority('monitor', monitorFairnessKey(id)) })));
    while (claudeQuestions(bench.platforms, since).length < 2) await sleep(200);
    const behind = await timedCheck();
    // Everything Claude received since the backlog began, but the person's own question.
    const backlogSent = claudeQuestions(bench.platforms, since).length - 1;
    console.log('a synchronous check behind 4 monitors’ runs (20 questions to Claude queued) at ANTHROPIC_RPM=12, two workers');
    console.log(`  alone ${seconds(alone)}; behind the backlog ${seconds(behind)} (target: within 10 s of alone, ≤ 45 s); ${20 - backlogSent} of the monitors’ 20 questions still queued when it answered`);
    await Promise.all(backlog.map((run) => checks.client.workflow.getHandle(run.workflowId).terminate('bench over')));
  });
}

/**
 * Fairness: a heavy client's three diagnoses, then a light client's one, all people's (10 questions
 * each to Claude at 60 a minute). First in first out the light one would finish last.
 */
export async function benchLightBehindHeavy(bench: BudgetBench): Promise<void> {
  answerBrandQuestions(bench.platforms);
  await onTwoWorkers(bench, 'fairness', { ANTHROPIC_RPM: '60', BRAND_QUESTIONS: '10', BRAND_RUNS: '1' }, async (checks) => {
    const since = Date.now();
    const diagnose = async (client: string, keyword: string) => {
      const { workflowId } = await checks.start('brand', { keyword, brand: BRAND, domain: BRAND_DOMAIN }, { priority: checkPriority('person', clientFairnessKey(client)) });
      return checks.result('brand', workflowId).then(() => Date.now() - since);
    };
    const heavy = [diagnose('heavy', KEYWORD), diagnose('heavy', KEYWORD), diagnose('heavy', KEYWORD)];
    while (claudeQuestions(bench.platforms, since).length < 2) await sleep(200);
    const light = await diagnose('light', LIGHT_KEYWORD);
    const heavyDone = (await Promise.all(heavy)).sort((a, b) => a - b);
    const order = claudeQuestions(bench.platforms, since, LIGHT_KEYWORD);
    console.log('a light client’s diagnosis behind a heavy client’s three (10 questions each to Claude at ANTHROPIC_RPM=60), two workers');
    console.log(`  light finished after ${seconds(light)}; heavy after ${heavyDone.map(seconds).join(', ')}; the light client’s last question was number ${order.map((question) => question.marked).lastIndexOf(true) + 1} of ${order.length} (first in first out: ${order.length})`);
  });
}

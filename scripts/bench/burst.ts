import type { ChildProcess } from 'node:child_process';
import type { CheckClient } from '../../infra/check-client';
import { mostInAnyWindow } from '../../dev/arrival-windows';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import type { StandInPlatform, VendorStandIns } from '../../dev/vendor-stand-ins';
import { ASSISTANTS } from '../../domain/shared/platforms';
import type { CodeUnderTest } from './baseline';

/** What the burst needs from `npm run bench`: worker processes from a given checkout, and a check client per queue. */
export interface BurstBench {
  siteEnv: Record<string, string>;
  platforms: VendorStandIns;
  startWorker(env: Record<string, string>, root: string): Promise<ChildProcess>;
  checksFor(env: Record<string, string>): CheckClient;
  /** Sets how long a platform's stand-in takes to answer, with the bench's answer. */
  answerIn(platform: StandInPlatform, delayMs: number): void;
  /** The stand-ins' delay outside a burst. */
  platformDelayMs: number;
}

/** One burst: `checks` site checks at once, on two workers, with `budgets` (`<PREFIX>_RPM`) over the bench's unbound ones. */
export interface Burst {
  name: string;
  checks: number;
  /** Budgets set for the burst; the rest are the defaults when `defaults`, else unbound. */
  budgets: Record<string, string>;
  defaults: boolean;
  /** The platform whose budget binds: its questions are counted. */
  watched: StandInPlatform;
  /** How long the watched platform takes to answer in this burst; unset: as long as the others. */
  watchedAnswersInMs?: number;
}

interface BurstFigures {
  completed: number;
  slowestMs: number;
  /** Checks whose report has the watched platform as error, by why. */
  missed: { notAsked: number; notAnswered: number; other: number };
  /** Any platform missed, by name, for the default budgets' burst. */
  missedBy: Record<string, number>;
  sent: number;
  lastSentMs: number;
  mostIn60s: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `burst` on two workers from `code`'s checkout (after one warm-up check) and reads what its reports and the stand-in saw. */
async function runBurst(bench: BurstBench, burst: Burst, code: CodeUnderTest): Promise<BurstFigures> {
  const unbound = burst.defaults
    ? Object.fromEntries(Object.entries(bench.siteEnv).filter(([name]) => !/_RP[MS]$/.test(name)))
    : bench.siteEnv;
  const env = { ...unbound, ...burst.budgets, TEMPORAL_TASK_QUEUE: `bench-${burst.name}-${Date.now()}` };
  const workers = [await bench.startWorker(env, code.root), await bench.startWorker(env, code.root)];
  bench.answerIn(burst.watched, burst.watchedAnswersInMs ?? bench.platformDelayMs);
  try {
    const checks = bench.checksFor(env);
    await checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` }); // warm-up: a deployment that has run
    const since = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: burst.checks }, async () => {
        const begun = performance.now();
        const { report } = await checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });
        return { ms: performance.now() - begun, report };
      }),
    );
    const done = results.filter((result) => result.status === 'fulfilled').map((result) => result.value);
    const watchedName = ASSISTANTS.find((platform) => platform.id === burst.watched)!.name;
    const watched = done.map(({ report }) => report.memory.find((entry) => entry.platform === watchedName));
    const errors = watched.filter((entry) => entry?.status === 'error');
    const missedBy: Record<string, number> = {};
    for (const { report } of done)
      for (const entry of report.memory) if (entry.status === 'error') missedBy[entry.platform] = (missedBy[entry.platform] ?? 0) + 1;
    const sent = bench.platforms.requests
      .filter((request) => request.platform === burst.watched && request.method === 'POST' && request.at >= since)
      .map((request) => request.at);
    return {
      completed: done.length,
      slowestMs: Math.max(...done.map((result) => result.ms)),
      missed: {
        notAsked: errors.filter((entry) => entry?.missedDeadline === 'not-asked').length,
        notAnswered: errors.filter((entry) => entry?.missedDeadline === 'not-answered').length,
        other: errors.filter((entry) => !entry?.missedDeadline).length,
      },
      missedBy,
      sent: sent.length,
      lastSentMs: sent.length ? Math.max(...sent) - since : 0,
      mostIn60s: mostInAnyWindow(sent, 60_000),
    };
  } finally {
    bench.answerIn(burst.watched, bench.platformDelayMs);
    for (const worker of workers) worker.kill('SIGTERM');
  }
}

/**
 * A burst for each checkout, side by side (docs/platform-budgets.md, "The time promise"): how much of
 * the binding budget was used (questions sent over what the budget allows in the time they took, at
 * least a minute), how many checks missed the platform and why, and the slowest check.
 */
export async function benchBurst(bench: BurstBench, burst: Burst, codes: readonly CodeUnderTest[]): Promise<void> {
  const rpm = Number(burst.budgets[`${ASSISTANTS.find((platform) => platform.id === burst.watched)!.env}_RPM`] ?? NaN);
  const budgets = Object.entries(burst.budgets).map(([name, value]) => `${name}=${value}`);
  const pace = burst.watchedAnswersInMs === undefined ? [] : [`${burst.watched} answering in ${seconds(burst.watchedAnswersInMs)}`];
  console.log(
    `burst: ${burst.checks} site checks at once, two workers, ${[...budgets, burst.defaults ? 'the other budgets at their defaults' : 'the other budgets unbound', ...pace].join(', ')}`,
  );
  for (const code of codes) {
    const figures = await runBurst(bench, burst, code);
    const used = Number.isNaN(rpm) ? '' : `, ${Math.round((100 * figures.sent) / ((rpm * Math.max(60_000, figures.lastSentMs)) / 60_000))}% of the budget used`;
    const others = Object.entries(figures.missedBy)
      .map(([platform, count]) => `${platform} ${count}`)
      .join(', ');
    console.log(`  ${code.label}`);
    console.log(
      `    ${burst.watched}: ${figures.sent} questions sent, the last ${seconds(figures.lastSentMs)} after the burst began${used}; most in any 60 s window ${figures.mostIn60s}`,
    );
    console.log(
      `    checks that missed ${burst.watched}: ${figures.missed.notAsked + figures.missed.notAnswered + figures.missed.other} of ${burst.checks} (${figures.missed.notAsked} not asked in time, ${figures.missed.notAnswered} asked and cut at the deadline, ${figures.missed.other} other errors)`,
    );
    console.log(
      `    ${figures.completed}/${burst.checks} completed, the slowest in ${seconds(figures.slowestMs)}; platforms missed, in checks: ${others || 'none'}`,
    );
  }
}

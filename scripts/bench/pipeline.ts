import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { CheckClient } from '../../infra/check-client';
import { FIXTURE_HOSTS, type FixtureSites } from '../../dev/fixture-sites';
import { runningPid } from '../../dev/local-stack/processes';
import { MAX_REQUESTS_PER_CHECK } from '../../domain/site/request-budget';
import type { CodeUnderTest } from './baseline';

/** What the pipeline part needs from `npm run bench`. */
export interface PipelineBench {
  siteEnv: Record<string, string>;
  sites: FixtureSites;
  platformDelayMs: number;
  concurrentChecks: number;
  startWorker(env: Record<string, string>, root: string): Promise<ChildProcess>;
  checksFor(env: Record<string, string>): CheckClient;
}

/** One checkout's figures, for the side-by-side lines. */
export interface PipelineFigures {
  code: CodeUnderTest;
  singleMs: number;
  ratio: number;
  /** CPU per check during the concurrent burst, in ms. */
  workerCpuMs: number;
  temporalCpuMs: number;
}

/** Peak resident memory of a process (Linux), in MB. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

/** CPU time a process has used so far (Linux: user + system, in clock ticks of 10 ms), in seconds. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  // The fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * One check alone, then `concurrentChecks` at once on one worker from `code`'s checkout, with budgets that
 * do not bind: the ratio of their median to one check, and the CPU the worker and the Temporal server
 * spent per check meanwhile.
 */
export async function benchPipeline(bench: PipelineBench, code: CodeUnderTest): Promise<PipelineFigures> {
  const { sites, platformDelayMs, concurrentChecks: count } = bench;
  const env = { ...bench.siteEnv, TEMPORAL_TASK_QUEUE: `bench-pipeline-${Date.now()}` };
  const worker = await bench.startWorker(env, code.root);
  const checks = bench.checksFor(env);
  const timedCheck = async () => {
    const started = performance.now();
    const { report } = await checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });
    return { ms: performance.now() - started, report };
  };
  try {
    console.log(`pipeline: ${code.label}`);
    await timedCheck(); // warm-up: connections, JIT, first workflow task
    const requestsBefore = sites.server.requests.length;
    const single = await timedCheck();
    const requestsSeen = sites.server.requests.length - requestsBefore;
    console.log(`platform delay                     ${seconds(platformDelayMs)}`);
    console.log(
      `one check, end to end              ${seconds(single.ms)}  (target < ${seconds(platformDelayMs + 1000)}; overhead ${seconds(single.ms - platformDelayMs)})`,
    );
    console.log(
      `requests to the site per check     ${requestsSeen} seen by the site, ${single.report.requests.total} counted in the report, at most ${MAX_REQUESTS_PER_CHECK} (${JSON.stringify(single.report.requests.byStage)})`,
    );

    const temporalPid = runningPid('temporal');
    const cpuBefore = { worker: cpuSeconds(worker.pid), temporal: cpuSeconds(temporalPid), bench: process.cpuUsage() };
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: count }, timedCheck));
    const wall = performance.now() - started;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const cpu = {
      worker: cpuSeconds(worker.pid) - cpuBefore.worker,
      temporal: cpuSeconds(temporalPid) - cpuBefore.temporal,
      // The sites, the platforms' stand-ins and the client, in this process.
      bench: (benchCpu.user + benchCpu.system) / 1e6,
    };
    const times = results.filter((result) => result.status === 'fulfilled').map((result) => result.value.ms);
    const ratio = median(times) / single.ms;
    console.log(
      `${count} concurrent checks, one worker   ${times.length}/${count} completed in ${seconds(wall)}; median ${seconds(median(times))} (target < ${seconds(2 * single.ms)}), slowest ${seconds(Math.max(...times))}`,
    );
    console.log(`  budgets that do not bind: median of ${count} / one check = ${ratio.toFixed(2)}  (target ≤ 2)`);
    // What the burst costs in CPU: once the machine's cores are busy, it, not the pipeline's waits, sets the ratio.
    const temporalCpu = Number.isNaN(cpu.temporal) ? 0 : cpu.temporal;
    const floor = (cpu.worker + temporalCpu) / availableParallelism();
    console.log(
      `  CPU for the ${count} checks            worker ${cpu.worker.toFixed(1)} s, Temporal server ${temporalCpu ? `${temporalCpu.toFixed(1)} s` : 'not measured (services:up did not start it)'}; ${(((cpu.worker + temporalCpu) * 1000) / count).toFixed(0)} ms a check (and ${cpu.bench.toFixed(1)} s in this bench's sites, stand-ins and client)`,
    );
    console.log(
      `  on ${availableParallelism()} cores that CPU alone fills ${seconds(floor * 1000)}, ${(floor / (single.ms / 1000)).toFixed(2)} × one check: the last check cannot finish sooner, and checks served in turn finish close together`,
    );
    console.log(`worker peak memory (RSS high-water) ${peakRssMb(worker.pid!)} MB (target < 600 MB)`);
    return { code, singleMs: single.ms, ratio, workerCpuMs: (cpu.worker * 1000) / count, temporalCpuMs: (temporalCpu * 1000) / count };
  } finally {
    worker.kill('SIGTERM');
  }
}

/** What a site check costs, for each checkout, in columns: measured in one run, so the machine's load is the same for both. */
export function printSideBySide(figures: readonly PipelineFigures[], count: number): void {
  const column = (text: string) => text.padEnd(28);
  const row = (name: string, values: string[]) => console.log(`  ${name.padEnd(38)}${values.map(column).join('')}`);
  console.log('what a site check costs, side by side (same run, same machine load)');
  row('', figures.map(({ code }) => code.label));
  row('CPU per check, worker', figures.map(({ workerCpuMs }) => `${workerCpuMs.toFixed(0)} ms`));
  row('CPU per check, Temporal server', figures.map(({ temporalCpuMs }) => (temporalCpuMs ? `${temporalCpuMs.toFixed(0)} ms` : 'not measured')));
  row('CPU per check, both', figures.map(({ workerCpuMs, temporalCpuMs }) => `${(workerCpuMs + temporalCpuMs).toFixed(0)} ms`));
  row('one check, end to end', figures.map(({ singleMs }) => seconds(singleMs)));
  row(`median of ${count} concurrent / one check`, figures.map(({ ratio }) => ratio.toFixed(2)));
}

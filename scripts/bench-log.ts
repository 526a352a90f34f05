/**
 * The benchmarks' dated log (docs/benchmarks.md, "Log"): a benchmark script calls `logBenchRun()` first,
 * and what it prints is appended there as one dated entry when it ends well, so figures are added by the
 * run that measured them rather than edited by hand. `BENCH_LOG=0` leaves the page alone (a trial run);
 * `BENCH_LOG_FILE` writes elsewhere (the tests).
 */
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';

export const BENCHMARKS_DOC = join(__dirname, '..', 'docs', 'benchmarks.md');

/** One entry: when, what was run, how loaded the machine was, then the printed lines as they were. */
export function benchEntry(command: string, printed: readonly string[], at: Date, load: number): string {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `\n### ${when} · \`${command}\` · load average ${load.toFixed(2)}\n\n\`\`\`\n${printed.join('\n').trimEnd()}\n\`\`\`\n`;
}

export function logBenchRun(script: string): void {
  if (process.env.BENCH_LOG === '0') return;
  const file = process.env.BENCH_LOG_FILE ?? BENCHMARKS_DOC;
  const args = process.argv.slice(2);
  const command = `npm run ${script}${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`;
  const printed: string[] = [];
  const print = console.log.bind(console);
  console.log = (...items: unknown[]) => {
    printed.push(...format(...items).split('\n'));
    print(...items);
  };
  // The one-minute load average at the start: the figures move with what else the machine runs.
  const load = loadavg()[0] ?? 0;
  process.on('exit', (code) => {
    if (code === 0 && printed.length > 0) appendFileSync(file, benchEntry(command, printed, new Date(), load));
  });
}

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOG_DIR, RUN_DIR } from './paths';

/** A process that services:up started, recorded so that services:down stops it and nothing else. */
interface PidRecord {
  pid: number;
  binary: string;
}

const pidFile = (name: string) => join(RUN_DIR, `${name}.pid`);
export const logFile = (name: string) => join(LOG_DIR, `${name}.log`);

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process is still the one we started (pids get reused), judged by its command line where /proc exists. */
function isOurs(record: PidRecord): boolean {
  if (!isAlive(record.pid)) return false;
  const cmdline = `/proc/${record.pid}/cmdline`;
  return !existsSync('/proc') || (existsSync(cmdline) && readFileSync(cmdline, 'utf8').startsWith(record.binary));
}

function readRecord(name: string): PidRecord | undefined {
  try {
    return JSON.parse(readFileSync(pidFile(name), 'utf8')) as PidRecord;
  } catch {
    return undefined;
  }
}

/** Pid of the running process that services:up started for this service, if any. */
export function runningPid(name: string): number | undefined {
  const record = readRecord(name);
  return record && isOurs(record) ? record.pid : undefined;
}

/** Starts a detached background process whose output goes to .data/logs/<name>.log. */
export function startDetached(name: string, binary: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  mkdirSync(RUN_DIR, { recursive: true });
  mkdirSync(LOG_DIR, { recursive: true });
  const output = openSync(logFile(name), 'a');
  const child = spawn(binary, args, {
    detached: true,
    stdio: ['ignore', output, output],
    env: { ...process.env, ...env },
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${binary}`);
  writeFileSync(pidFile(name), JSON.stringify({ pid: child.pid, binary } satisfies PidRecord));
  child.unref();
  return child.pid;
}

/** Stops the process group services:up started for this service: SIGTERM, then SIGKILL after the grace period. */
export async function stopDetached(name: string, graceMs = 15_000): Promise<'stopped' | 'not running'> {
  const record = readRecord(name);
  rmSync(pidFile(name), { force: true });
  if (!record || !isOurs(record)) return 'not running';
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-record.pid, signal);
    } catch {
      process.kill(record.pid, signal);
    }
  };
  signalGroup('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isAlive(record.pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(record.pid)) signalGroup('SIGKILL');
  return 'stopped';
}

/** Last lines of a service's log, to explain why it did not come up. */
export function logTail(name: string, lines = 15): string {
  try {
    return readFileSync(logFile(name), 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

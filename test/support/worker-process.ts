import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * The production worker (`worker/main.ts`) as its own process on `taskQueue`, logging JSON lines on
 * stdout for the test to read, so that a fault test can SIGKILL it mid-run as an operator's crash would.
 */
export function spawnWorkerProcess(env: Record<string, string | undefined>, taskQueue: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, TEMPORAL_TASK_QUEUE: taskQueue, LOG_LEVEL: 'info', LOG_FORMAT: 'json', METRICS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

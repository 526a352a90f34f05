import { fork } from 'node:child_process';
import type { Logger } from '../infra/logger';

/** What the bundling process sends back: the bundle's code (its source map inline), or why it failed. */
export type BundleMessage = { code: string } | { error: string };

/**
 * The workflow bundle, built by a short-lived process of its own (worker/bundle-child.ts): webpack's
 * memory (about 100 MB at its peak) leaves with that process instead of staying in the worker's heap
 * for its whole life.
 */
export function bundleWorkflowsApart(logger: Logger): Promise<{ code: string }> {
  return new Promise((resolve, reject) => {
    // The same Node options as this process: under tsx in development, plain node on the built dist/.
    const child = fork(require.resolve('./bundle-child'), [], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let settled = false;
    child.once('message', (message: BundleMessage) => {
      settled = true;
      if ('code' in message) resolve({ code: message.code });
      else reject(new Error(`bundling the workflows failed: ${message.error}`));
    });
    child.once('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    child.once('exit', (code, signal) => {
      if (!settled) reject(new Error(`bundling the workflows failed: its process exited (${signal ?? `code ${code}`})`));
      settled = true;
      logger.debug({ code, signal }, 'workflow bundler exited');
    });
  });
}

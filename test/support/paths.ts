import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DATA_DIR } from '../../dev/local-stack/paths';

/**
 * One bundle per jest run (global setup writes it, test files read it); the path carries the run's pid
 * so that two runs at once never read each other's half-written file.
 */
export const workflowBundlePath = (runId: string | number) => join(DATA_DIR, 'test', `workflow-bundle-${runId}.js`);

export function currentWorkflowBundlePath(): string {
  const path = process.env.TEST_WORKFLOW_BUNDLE;
  if (!path) throw new Error('TEST_WORKFLOW_BUNDLE is unset: run the tests through jest, whose global setup bundles the workflows');
  return path;
}

/**
 * A file of the project's shared folder (`../shared` beside the repository; a worktree one level
 * deeper finds it one level up): fixtures recorded elsewhere and read from there, never copied in.
 */
export function sharedFile(...parts: string[]): string {
  for (let dir = resolve(__dirname, '..', '..', '..'); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'shared', ...parts);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`shared/${parts.join('/')} is missing: it lives in ../shared beside the repository`);
}

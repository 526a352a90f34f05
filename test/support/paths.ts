import { join } from 'node:path';
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

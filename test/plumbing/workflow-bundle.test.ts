import { readFileSync } from 'node:fs';
import { currentWorkflowBundlePath } from '../support/paths';

/**
 * Workflow code imports only types from the report schemas and nothing that does I/O. A value import
 * pulls the whole module into every workflow worker thread (zod once took the bundle from 2 to 4.7 MB),
 * so the bundle may hold the Temporal SDK and what the SDK itself needs, nothing else.
 */
const ALLOWED_PACKAGES = /^(@temporalio\/[a-z-]+|nexus-rpc|long|ms)$/;
/** About 2.1 MB today: the SDK and our workflows. */
const MAX_BUNDLE_BYTES = 3 * 1024 * 1024;

const bundle = () => readFileSync(currentWorkflowBundlePath(), 'utf8');

test('the workflow bundle holds only the Temporal SDK and its own dependencies besides our code', () => {
  const packages = new Set([...bundle().matchAll(/node_modules\/((?:@[a-z0-9._-]+\/)?[a-z0-9._-]+)\//g)].map((match) => match[1]!));
  expect(packages.has('@temporalio/workflow')).toBe(true);
  expect([...packages].filter((name) => !ALLOWED_PACKAGES.test(name))).toEqual([]);
});

test('the workflow bundle stays small, as every workflow worker thread loads it', () => {
  expect(Buffer.byteLength(bundle())).toBeLessThan(MAX_BUNDLE_BYTES);
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseConfig } from '../domain/shared/config';
import { servicesUp } from '../dev/local-stack';
import { ensureTestServer } from '../dev/local-stack/test-server';
import { workflowBundlePath } from './support/paths';
import { bundleWorkflows } from '../worker/workflow-bundle';

/**
 * Once per test run: the real local services (idempotent), Temporal's time-skipping test server
 * (installed once; each test file that uses it starts its own), and one workflow bundle every test file shares.
 */
export default async function globalSetup(): Promise<void> {
  await servicesUp(parseConfig(process.env));
  process.env.TEMPORAL_TEST_SERVER = ensureTestServer();
  const { code } = await bundleWorkflows({ logger: quietBundlerLogger });
  const path = workflowBundlePath(process.pid);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, code);
  // Jest's workers start after the global setup and inherit its environment.
  process.env.TEST_WORKFLOW_BUNDLE = path;
}

const ignore = () => undefined;
const quietBundlerLogger = { log: ignore, trace: ignore, debug: ignore, info: ignore, warn: console.warn, error: console.error };

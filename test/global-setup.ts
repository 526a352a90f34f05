import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { parseConfig } from '../domain/config';
import { servicesUp } from '../scripts/local-stack';
import { WORKFLOW_BUNDLE_PATH } from './support/paths';

/** Once per test run: the real local services (idempotent), and one workflow bundle every test file shares. */
export default async function globalSetup(): Promise<void> {
  await servicesUp(parseConfig(process.env));
  const { code } = await bundleWorkflowCode({ workflowsPath: require.resolve('../workflows'), logger: quietBundlerLogger });
  mkdirSync(dirname(WORKFLOW_BUNDLE_PATH), { recursive: true });
  writeFileSync(WORKFLOW_BUNDLE_PATH, code);
}

const ignore = () => undefined;
const quietBundlerLogger = { log: ignore, trace: ignore, debug: ignore, info: ignore, warn: console.warn, error: console.error };

import { loadConfig } from '../infra/load-config';
import { createLogger } from '../infra/logger';
import type { BundleMessage } from './bundle-apart';
import { temporalLogger } from './temporal-logger';
import { bundleWorkflows } from './workflow-bundle';

/** Run by worker/bundle-apart.ts in a process of its own: bundles the workflows and sends the code back. */
const send = (message: BundleMessage) => process.send!(message, () => process.exit(0));
const logger = createLogger(loadConfig().log, 'worker').child({ part: 'bundler' }, { level: 'warn' });
bundleWorkflows({ logger: temporalLogger(logger) }).then(
  ({ code }) => send({ code }),
  (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }),
);

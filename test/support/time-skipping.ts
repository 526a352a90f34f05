import { existsSync } from 'node:fs';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Activities } from '../../activities';
import { startTestWorker, type TestWorker } from '../../dev/test-worker';
import { testConfig } from './config';
import { currentWorkflowBundlePath } from './paths';
import { installQuietRuntime } from './temporal';

/** Temporal's time-skipping test server and a worker on it, for workflow tests with pure fake activities. */
export interface TimeSkipping extends TestWorker {
  env: TestWorkflowEnvironment;
  taskQueue: string;
}

/**
 * Starts this test file's own time-skipping test server (installed by the global setup, from PyPI)
 * and the worker group of production (worker/create-worker.ts) on it with the given activities.
 * A workflow's timers and retry delays pass at once while nothing runs: 24 hours of retries take seconds.
 */
export async function startTimeSkipping(activities: Activities): Promise<TimeSkipping> {
  const path = process.env.TEMPORAL_TEST_SERVER;
  if (!path || !existsSync(path))
    throw new Error('TEMPORAL_TEST_SERVER is unset or missing: run the tests through jest, whose global setup installs the test server');
  installQuietRuntime();
  const env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path } } });
  const config = testConfig({ TEMPORAL_ADDRESS: env.address, TEMPORAL_NAMESPACE: env.namespace ?? 'default' });
  const worker = await startTestWorker({
    config,
    activities,
    workflowBundle: { codePath: currentWorkflowBundlePath() },
    connections: env,
    queueRates: false,
  });
  return {
    ...worker,
    env,
    taskQueue: config.temporal.taskQueue,
    async close() {
      await worker.close();
      await env.teardown();
    },
  };
}

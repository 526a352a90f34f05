import { NativeConnection } from '@temporalio/worker';
import { loadConfig } from '../infra/load-config';
import { temporalConnectConfig } from '../infra/temporal-connect-config';
import { setCurrentVersion } from '../infra/worker-deployment';

/**
 * `node dist/worker/set-current-version.js`: the deploy step that makes this build's version current
 * (docs/operations-replay.md, "Rolling deploy"): runs started from then on are pinned to it, while the
 * older version's workers finish their own runs.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const { connectionOptions, namespace } = temporalConnectConfig(config.temporal);
  const connection = await NativeConnection.connect(connectionOptions);
  try {
    await setCurrentVersion(connection.workflowService, { namespace, deployment: config.temporal.deployment }, 'deploy');
    process.stdout.write(`worker deployment ${config.temporal.deployment.name}: current version ${config.temporal.deployment.buildId}\n`);
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`set-current-version failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

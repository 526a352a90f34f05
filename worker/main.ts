import { NativeConnection, Runtime } from '@temporalio/worker';
import { createActivities } from '../activities';
import { createSiteAccess } from '../activities/support/site-access';
import { loadConfig } from '../infra/load-config';
import { ensureSearchAttributes } from '../infra/search-attributes';
import { createLogger, type Logger } from '../infra/logger';
import type { Config } from '../domain/shared/config';
import { PLATFORMS, type PlatformId } from '../domain/shared/platforms';
import { platformStatusCache } from '../infra/platform-models';
import { createMongo } from '../infra/mongo';
import { createStores } from '../infra/stores';
import { createRedis } from '../infra/redis';
import { answerTimesKey, createAnswerTimes } from '../infra/answer-times';
import { createWorker, SHUTDOWN_GRACE } from './create-worker';
import { temporalLogger } from './temporal-logger';
import { bundleWorkflowsApart } from './bundle-apart';
import { temporalConnectConfig } from '../infra/temporal-connect-config';
import { ensureRangeSchedule } from '../infra/range-schedule';
import { createTemporalClient } from '../infra/temporal';
import { setCurrentVersion } from '../infra/worker-deployment';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.log, 'worker');
  // Signals are handled below rather than by the Runtime, whose second signal kills the process at once:
  // Ctrl-C under `npm start` delivers SIGINT from the terminal and SIGTERM from the process runner.
  try {
    Runtime.install({ logger: temporalLogger(logger), shutdownSignals: [], telemetryOptions: metricsTelemetry(config.metrics.workerPort) });
  } catch (error) {
    // Two workers on one host need two ports (or METRICS_PORT=0): say which variable to change.
    throw new Error(`METRICS_PORT ${config.metrics.workerPort}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (config.metrics.workerPort) logger.info({ port: config.metrics.workerPort }, 'worker metrics on /metrics');

  const started = Date.now();
  const workflowBundle = await bundleWorkflowsApart(logger);
  logger.info({ ms: Date.now() - started, bytes: workflowBundle.code.length }, 'workflow bundle built');

  const { connectionOptions, namespace } = temporalConnectConfig(config.temporal);
  const temporal = { ...config.temporal, address: connectionOptions.address, namespace };
  const connection = await NativeConnection.connect(connectionOptions);
  const mongo = createMongo(config.mongodbUri);
  const stores = createStores(mongo.db);
  const site = createSiteAccess(config);
  // The platforms' answer times, shared by the deployment's workers (docs/platform-budgets.md, "The time promise").
  const redis = config.redisUrl ? createRedis(config.redisUrl, (error) => logger.warn({ err: error }, 'redis')) : undefined;
  const answerTimes = createAnswerTimes(redis, answerTimesKey(temporal.taskQueue));
  try {
    await stores.store.ensureIndexes();
    // A retired model fails every answer of that platform: say so once, at start, where an operator looks.
    void logPlatformStatuses(config, logger);
    await ensureSearchAttributes(connection.operatorService, temporal.namespace);
    // The daily refresh of the AI crawlers' IP ranges; created by whichever worker starts first.
    const client = createTemporalClient(config.temporal);
    await ensureRangeSchedule(client, temporal).finally(() => client.connection.close());
    // Development: this build takes new runs as it starts (production sets it in its deploy step).
    if (temporal.deployment.setCurrent) await setCurrentVersion(connection.workflowService, temporal, 'worker');
    const worker = await createWorker({
      connection,
      temporal,
      workflowBundle,
      activities: createActivities({ config, site, ...stores, answerTimes }),
      budgets: config,
    });
    const shutdown = (signal: NodeJS.Signals) => {
      if (worker.getState() !== 'RUNNING') return;
      logger.info({ signal, grace: SHUTDOWN_GRACE }, 'worker stopping: no new tasks, in-flight activities may finish');
      worker.shutdown();
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
    logger.info(
      {
        deployment: temporal.deployment.name,
        buildId: temporal.deployment.buildId,
        taskQueue: temporal.taskQueue,
        platformQueues: worker.taskQueues.slice(1),
        rpm: config.platformRpm,
        address: temporal.address,
        namespace,
      },
      'worker polling',
    );
    await worker.run();
    logger.info('worker stopped');
  } finally {
    await Promise.allSettled([connection.close(), mongo.client.close(), site.close(), redis?.quit()]);
  }
}

/**
 * METRICS_PORT: Temporal's own Prometheus exporter serves /metrics, with the SDK's series under their
 * usual names (temporal_*, durations in milliseconds, as Temporal's published SDK dashboard reads them)
 * and the service's, recorded through Temporal's metric meter (workflows/check-metrics.ts,
 * activities/support/vendor-metrics.ts). All interfaces: Prometheus scrapes it from another host.
 */
function metricsTelemetry(port: number) {
  if (!port) return undefined;
  // An answer costs fractions of a cent to a few cents: the exporter's default buckets start at 0.05.
  const histogramBucketOverrides = { aivis_platform_cost_usd: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1] };
  return { metrics: { prometheus: { bindAddress: `0.0.0.0:${port}`, histogramBucketOverrides } } };
}

async function logPlatformStatuses(config: Config, logger: Logger): Promise<void> {
  const statuses = await platformStatusCache(PLATFORMS, config.platforms)();
  for (const [platform, { state, detail }] of Object.entries(statuses)) {
    if (state === 'ok' && (!detail || config.platforms[platform as PlatformId].provider))
      logger.info({ platform, model: config.platforms[platform as PlatformId].model, ...(detail ? { detail } : {}) }, 'platform ready');
    else logger.warn({ platform, state, detail }, `platform ${state}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`worker failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

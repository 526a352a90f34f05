import { createRedis } from '../infra/redis';
import { loadConfig } from '../infra/load-config';
import { createLogger } from '../infra/logger';
import { createMongo } from '../infra/mongo';
import { CheckClient } from '../infra/check-client';
import { SnapshotStore } from '../infra/snapshot-store';
import { MonitorStore } from '../infra/monitor-store';
import { CrawlerLogStore } from '../infra/crawler-log-store';
import { MonitorSchedules } from '../infra/monitor-schedules';
import { createTemporalClient } from '../infra/temporal';
import { createRateLimits } from '../infra/rate-limits';
import express from 'express';
import { createApp } from './app';
import { ApiMetrics } from './metrics';
import { SnapshotCache } from './snapshot-cache';
import { MonitorService } from './monitor-service';
import { healthProbes } from './health';
import { PLATFORMS } from '../domain/shared/platforms';
import { platformStatusCache } from '../infra/platform-models';
import { allowedHostsOf } from '../domain/shared/config';

/** Time to receive a whole request (a small JSON body); it does not bound how long the answer takes. */
const REQUEST_TIMEOUT_MS = 60_000;

function main(): void {
  const config = loadConfig();
  const logger = createLogger(config.log, 'api');
  const temporal = createTemporalClient(config.temporal);
  const mongo = createMongo(config.mongodbUri);
  const redis = config.redisUrl ? createRedis(config.redisUrl, (error) => logger.warn({ err: error }, 'redis')) : undefined;

  const store = new SnapshotStore(mongo.db);
  store
    .ensureIndexes()
    .catch((error: unknown) => logger.warn({ err: error }, 'snapshot indexes not ensured yet (the worker ensures them too)'));
  const allowedHosts = allowedHostsOf(config);
  const snapshots = new SnapshotCache(store, config.snapshotCacheMb * 1024 * 1024);
  const metrics = new ApiMetrics();
  const checks = new CheckClient(temporal, config.temporal, allowedHosts, snapshots, config.platforms);
  const monitors = new MonitorService({
    checks,
    snapshots: store,
    monitors: new MonitorStore(mongo.db),
    schedules: new MonitorSchedules(temporal, config.temporal),
    monitorsMax: config.monitorsMax,
    publicBaseUrl: config.publicBaseUrl,
    allowedHosts,
  });
  const app = createApp({
    health: healthProbes({ temporal, db: mongo.db, redis }),
    platformStatuses: platformStatusCache(PLATFORMS, config.platforms),
    logger,
    checks,
    monitors,
    allowedHosts,
    mcpCheckWaitMs: config.mcpCheckWaitMs,
    mcpAllowedOrigins: config.mcpAllowedOrigins,
    store,
    rateLimits: createRateLimits(config.rateLimits, redis),
    limitsPerHour: config.rateLimits,
    trustProxy: config.trustProxy,
    publicBaseUrl: config.publicBaseUrl,
    snapshots,
    monitorsMax: config.monitorsMax,
    crawlerLogs: config.crawlerLogs,
    logs: new CrawlerLogStore(mongo.db),
    metrics,
    metricsOnOwnPort: config.metrics.apiPort !== undefined,
  });
  const server = app.listen(config.port, () => logger.info({ url: config.publicBaseUrl, port: config.port }, 'api listening'));
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = 30_000;
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'api could not listen');
    process.exit(1);
  });

  // API_METRICS_PORT: /metrics off the public port, e.g. reachable only inside the cluster.
  const metricsServer =
    config.metrics.apiPort === undefined
      ? undefined
      : express()
          .get('/metrics', metrics.serve)
          .listen(config.metrics.apiPort, () => logger.info({ port: config.metrics.apiPort }, 'api metrics listening'));
  metricsServer?.on('error', (error) => {
    logger.fatal({ err: error }, 'api metrics could not listen');
    process.exit(1);
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'api stopping');
    metricsServer?.close();
    server.close(() => {
      void Promise.allSettled([mongo.client.close(), redis?.quit(), temporal.connection.close()]).then(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main();

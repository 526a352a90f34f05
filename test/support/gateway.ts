import type { Express } from 'express';
import { createApp } from '../../api/app';
import { healthProbes, type HealthProbes } from '../../api/health';
import { createRateLimits } from '../../infra/rate-limits';
import { SnapshotCache } from '../../api/snapshot-cache';
import { allowedHostsOf, type Config } from '../../domain/shared/config';
import { createLogger } from '../../infra/logger';
import { createRedis, redisReady, type Redis } from '../../infra/redis';
import { CheckClient } from '../../infra/check-client';
import { MonitorService } from '../../api/monitor-service';
import { MonitorStore } from '../../infra/monitor-store';
import { MonitorSchedules } from '../../infra/monitor-schedules';
import type { PlatformStatuses } from '../../infra/platform-models';
import { testConfig } from './config';
import { ASSISTANTS } from '../../domain/shared/platforms';
import { startVendorStandIns, type StandInProvider, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { uniqueName } from './names';
import { startTestTemporal, type TestTemporal } from './temporal';

export interface TestGateway {
  config: Config;
  sites: FixtureSites;
  platforms: VendorStandIns;
  temporal: TestTemporal;
  redis: Redis;
  checks: CheckClient;
  /** The monitors' service every app of this gateway is given. */
  monitors: MonitorService;
  /**
   * A gateway app over the real stack. Each app counts rate limits in its own Redis key space unless
   * given the `limitsKey` of another (as gateway instances of one deployment share theirs).
   */
  app(options?: {
    health?: HealthProbes;
    platformStatuses?: () => Promise<PlatformStatuses>;
    rateLimits?: Partial<Config['rateLimits']>;
    limitsKey?: string;
    trustProxy?: Config['trustProxy'];
    redis?: Redis | null;
    mcpCheckWaitMs?: number;
    crawlerLogs?: Config['crawlerLogs'];
  }): Express;
  close(): Promise<void>;
}

export const KNOWN_ANSWER =
  'Acme Widgets (acme-widgets.test) is a well-known, reputable manufacturer of durable steel widgets for workshops and factories. See https://acme-widgets.test/pricing.';

/** The whole service on loopback: fixture sites, stand-in platforms, a worker, MongoDB and Redis. */
/** `extraOverrides`: more FETCH_ORIGIN_OVERRIDES hosts (a test's own sites or webhook receivers). */
/** `surfaces`: configure the search surfaces through that provider's stand-in (default: none, as most tests ask the five assistants). */
export async function startTestGateway(
  environment: Record<string, string> = {},
  extraOverrides: Record<string, string> = {},
  surfaces?: StandInProvider | 'both',
): Promise<TestGateway> {
  const [sites, platforms] = await Promise.all([startFixtureSites(), startVendorStandIns()]);
  for (const platform of ASSISTANTS) {
    platforms.setBehaviour(platform.id, { answer: KNOWN_ANSWER, citations: ['https://acme-widgets.test/pricing'] });
  }
  const config = testConfig({
    ...platforms.env(),
    ...(surfaces ? platforms.surfaceEnv(surfaces) : {}),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides(), ...extraOverrides }),
    ...environment,
  });
  const temporal = await startTestTemporal(config);
  const redis = createRedis(config.redisUrl!);
  await redisReady(redis);
  const snapshots = new SnapshotCache(temporal.store, config.snapshotCacheMb * 1024 * 1024);
  const checks = new CheckClient(temporal.client, config.temporal, allowedHostsOf(config), snapshots, config.platforms);
  const logger = createLogger({ level: 'silent', format: 'json' }, 'test');
  const monitors = testMonitorService(config, temporal, checks);

  return {
    config,
    sites,
    platforms,
    temporal,
    redis,
    checks,
    monitors,
    app: (options = {}) => {
      const store = options.redis === null ? undefined : (options.redis ?? redis);
      return createApp({
        logger,
        checks,
        store: temporal.store,
        health: options.health ?? healthProbes({ temporal: temporal.client, db: temporal.mongo.db, redis: store }),
        platformStatuses: options.platformStatuses,
        rateLimits: createRateLimits({ ...config.rateLimits, ...options.rateLimits }, store, options.limitsKey ?? uniqueName('rl')),
        limitsPerHour: { ...config.rateLimits, ...options.rateLimits },
        trustProxy: options.trustProxy,
        publicBaseUrl: config.publicBaseUrl,
        allowedHosts: allowedHostsOf(config),
        mcpCheckWaitMs: options.mcpCheckWaitMs ?? config.mcpCheckWaitMs,
        snapshots,
        monitors,
        crawlerLogs: options.crawlerLogs ?? config.crawlerLogs,
        logs: temporal.stores.logs,
      });
    },
    close: async () => {
      await temporal.close();
      await redis.quit();
      await Promise.all([sites.close(), platforms.close()]);
    },
  };
}

/** A MonitorService over the test stack, as api/main.ts builds it. */
export function testMonitorService(
  config: Config,
  temporal: TestTemporal,
  checks: CheckClient,
  monitorsMax = config.monitorsMax,
): MonitorService {
  return new MonitorService({
    checks,
    snapshots: temporal.store,
    monitors: new MonitorStore(temporal.mongo.db),
    schedules: new MonitorSchedules(temporal.client, config.temporal),
    monitorsMax,
    publicBaseUrl: config.publicBaseUrl,
    allowedHosts: allowedHostsOf(config),
  });
}

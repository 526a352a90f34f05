import express, { type ErrorRequestHandler, type Express } from 'express';
import type { RateLimitedOperation } from '../domain/shared/rate-limits';
import type { Logger } from '../infra/logger';
import type { CheckClient } from '../infra/check-client';
import type { SnapshotStore } from '../infra/snapshot-store';
import type { CrawlerLogStore } from '../infra/crawler-log-store';
import { checkHealth, type HealthProbes } from './health';
import type { PlatformStatuses } from '../infra/platform-models';
import { asHttpError } from './check-errors';
import { HttpError } from './http-error';
import { ApiMetrics } from './metrics';
import { methodNotAllowed } from './method-not-allowed';
import { ProgressHub } from './progress-hub';
import type { RateLimits } from '../infra/rate-limits';
import { mcpRoutes } from './routes/mcp';
import { rankingsRoutes } from './routes/rankings';
import { monitorRoutes } from './routes/monitors';
import { monitorFormRoutes } from './routes/monitor-form';
import type { MonitorService } from './monitor-service';
import { siteCheckRoutes } from './routes/site-check';
import { crawlerLogRoutes } from './routes/crawler-logs';
import type { Config } from '../domain/shared/config';
import { checkStreamRoutes, followRoutes } from './routes/streams';
import { webRoutes } from './routes/web';
import { snapshotJsonRoutes, snapshotPageRoutes } from './routes/snapshots';
import { exportRoutes } from './routes/exports';
import type { SnapshotCache } from './snapshot-cache';
import { runtimeVersions } from '../infra/service-version';

export interface AppDependencies {
  health: HealthProbes;
  /** Each AI platform's state from its vendor's model list (shown by /healthz, never failing it). */
  platformStatuses?: () => Promise<PlatformStatuses>;
  logger: Logger;
  checks: CheckClient;
  store: SnapshotStore;
  rateLimits: RateLimits;
  /** The configured limits, for the API page. */
  limitsPerHour: Record<RateLimitedOperation, number>;
  /** Shared by every viewer of a running check; created if not given. */
  progress?: ProgressHub;
  trustProxy?: boolean | number | string[];
  /** For absolute links (Open Graph, MCP summaries). */
  publicBaseUrl: string;
  /** Hosts that may be checked although not public (FETCH_ORIGIN_OVERRIDES: tests and demos). */
  allowedHosts?: ReadonlySet<string>;
  /** How long the MCP tool check_site waits for its check. */
  mcpCheckWaitMs: number;
  /** Origins whose web pages may call /api/mcp (MCP_ALLOWED_ORIGINS); default: the service's own. */
  mcpAllowedOrigins?: readonly string[];
  /** What the gateway makes of snapshots, kept (SNAPSHOT_CACHE_MB); `checks` reads finished reports through it too. */
  snapshots: SnapshotCache;
  /** Monitors' rules, for their routes and the MCP tool (built once in main.ts). */
  monitors: MonitorService;
  /** Most monitors active at once (MONITORS_MAX), for the API page. */
  monitorsMax?: number;
  /** The gateway's Prometheus metrics; created if not given. */
  metrics?: ApiMetrics;
  /** API_METRICS_PORT is set: /metrics is served there (main.ts), not on the public port. */
  metricsOnOwnPort?: boolean;
  /** An uploaded access log's limits (CRAWLER_LOG_MAX_MB, CRAWLER_LOG_MAX_LINES). */
  crawlerLogs: Config['crawlerLogs'];
  /** Where an uploaded access log is stored in parts for its traffic check (built once in main.ts). */
  logs: CrawlerLogStore;
}

/** The gateway as an Express app; main.ts gives it a port, tests use it as it is. */
export function createApp({
  health,
  platformStatuses,
  logger,
  checks,
  store,
  rateLimits,
  limitsPerHour,
  progress,
  trustProxy,
  publicBaseUrl,
  allowedHosts = new Set(),
  mcpCheckWaitMs,
  mcpAllowedOrigins = [publicBaseUrl],
  snapshots,
  monitors,
  monitorsMax = 1000,
  metrics = new ApiMetrics(),
  metricsOnOwnPort = false,
  crawlerLogs,
  logs,
}: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  // Unset: the socket's address, and X-Forwarded-For is ignored.
  app.set('trust proxy', trustProxy ?? false);
  app.use(metrics.record);
  // Not rate-limited: a scraper calls it every few seconds.
  if (!metricsOnOwnPort) app.get('/metrics', metrics.serve);

  app.get('/healthz', async (_req, res) => {
    const [states, platforms] = await Promise.all([checkHealth(health), platformStatuses?.()]);
    const failing = Object.entries(states)
      .filter(([, state]) => state === 'down')
      .map(([name]) => name);
    res.set('Cache-Control', 'no-store');
    if (failing.length === 0) {
      res.json({ status: 'ok', ...states, ...runtimeVersions, ...(platforms ? { platforms } : {}) });
    } else {
      res.status(503).json({
        status: 'unavailable',
        ...states,
        ...runtimeVersions,
        ...(platforms ? { platforms } : {}),
        error: `not answering: ${failing.join(', ')}`,
      });
    }
  });

  // The forms offer the platforms the check client would accept, as configured at start.
  const platformOffer = checks.platformOffer();
  app.use(webRoutes(publicBaseUrl, limitsPerHour, platformOffer, monitorsMax));
  const hub = progress ?? new ProgressHub(checks);
  metrics.watchStreams(() => ({ viewers: hub.viewers, following: hub.following }));
  app.use(siteCheckRoutes(checks, rateLimits));
  app.use(checkStreamRoutes(checks, hub, rateLimits));
  app.use(crawlerLogRoutes(checks, logs, rateLimits, crawlerLogs));
  app.use(
    mcpRoutes(
      {
        checks,
        store,
        monitors,
        rateLimits,
        allowedHosts,
        publicBaseUrl,
        checkWaitMs: mcpCheckWaitMs,
        checkSitePerHour: limitsPerHour.mcpCheckSite,
      },
      mcpAllowedOrigins,
      logger,
    ),
  );
  app.use(followRoutes(checks, hub));
  app.use(rankingsRoutes(store, publicBaseUrl));
  app.use(monitorFormRoutes(monitors, rateLimits, platformOffer));
  app.use(monitorRoutes(monitors, rateLimits));
  app.use(snapshotJsonRoutes(snapshots));
  app.use(exportRoutes(snapshots, monitors));
  app.use(snapshotPageRoutes(snapshots, publicBaseUrl));

  app.use(methodNotAllowed(app));
  app.use((_req, _res, next) => next(new HttpError(404, 'not found')));
  app.use(errorHandler(logger));
  return app;
}

/**
 * The one error shape, `{ error }`. Never a stack trace, host name or credential: those go to the log.
 * Handlers throw, or reject: Express 5 brings both here, so no route catches only to call next.
 */
function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const { status, body } = describe(asHttpError(error));
    if (status >= 500) logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    if (res.headersSent) return res.end();
    res.status(status).json(body);
  };
}

function describe(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof HttpError) return { status: error.status, body: { error: error.message, ...error.extra } };
  // body-parser's errors carry a `type`.
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') return { status: 400, body: { error: 'the body is not valid JSON' } };
  if (type === 'entity.too.large') return { status: 413, body: { error: 'the body is too large' } };
  if (type === 'charset.unsupported' || type === 'encoding.unsupported')
    return { status: 415, body: { error: 'send the body as UTF-8 JSON' } };
  return { status: 500, body: { error: 'internal error' } };
}

import { randomBytes, randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import type { RateLimitedOperation } from '../../domain/rate-limits';
import { InvalidTargetError, normaliseTarget } from '../../domain/target';
import type { CheckKind } from '../../domain/workflow-contract';
import { newWebhookSecret } from '../../activities/webhook';
import type { CheckClient } from '../../infra/check-client';
import { hashToken, type MonitorDocument, type MonitorStore } from '../../infra/monitor-store';
import type { MonitorSchedules } from '../../infra/monitor-schedules';
import type { SnapshotStore } from '../../infra/snapshot-store';
import { asHttpError } from '../check-errors';
import { HttpError } from '../http-error';
import { monitorCreateSchema, monitorPatchSchema } from '../monitor-schemas';
import { monitorApiPath, monitorPagePath, monitorTrend } from '../monitor-trend';
import { jsonBody, parseBody } from '../parse-body';
import { rateLimit } from '../rate-limit-middleware';
import type { RateLimits } from '../rate-limits';

/** A monitor stops unless renewed (any PATCH) within this time. */
export const MONITOR_LIFETIME_MS = 90 * 86_400_000;
const MONITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Run now counts against the kind's own hourly limit. */
const RUN_LIMIT: Record<CheckKind, RateLimitedOperation> = { site: 'check', brand: 'keywords', article: 'articleCheck' };

export interface MonitorRouteDependencies {
  checks: CheckClient;
  snapshots: SnapshotStore;
  monitors: MonitorStore;
  schedules: MonitorSchedules;
  limits: RateLimits;
  monitorsMax: number;
  publicBaseUrl: string;
  allowedHosts: ReadonlySet<string>;
}

const bearer = (req: Request) => /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
const notFound = () => new HttpError(404, 'no such monitor, or not your token');

/**
 * /api/v1/monitors: a check repeated by a Temporal Schedule, managed with a token shown once (stored as
 * its SHA-256). A wrong or missing token gets the same 404 as an unknown id. The trend is public by id.
 */
export function monitorRoutes({ checks, snapshots, monitors, schedules, limits, monitorsMax, publicBaseUrl, allowedHosts }: MonitorRouteDependencies): Router {
  const router = Router();
  const domainOf = (monitor: MonitorDocument) => checks.describe(monitor.kind, monitor.target as never).domain;
  const view = async (monitor: MonitorDocument, extra: Record<string, unknown> = {}) => ({
    id: monitor.id,
    kind: monitor.kind,
    target: monitor.target,
    every: monitor.every,
    paused: monitor.paused,
    ...(monitor.webhook ? { webhook: { url: monitor.webhook.url, active: !monitor.webhook.disabledAt } } : {}),
    ...extra,
    createdAt: monitor.createdAt.toISOString(),
    renewedAt: monitor.renewedAt.toISOString(),
    expiresAt: monitor.expiresAt.toISOString(),
    nextRunAt: (await schedules.nextRunAt(monitor.id))?.toISOString() ?? null,
    trendUrl: `${publicBaseUrl}${monitorApiPath(monitor.id)}/trend`,
    pageUrl: `${publicBaseUrl}${monitorPagePath(monitor.id)}`,
  });
  const checkWebhook = (url: string) => {
    try {
      normaliseTarget(url, { allowedHosts });
    } catch (error) {
      if (error instanceof InvalidTargetError) throw new HttpError(422, `webhook.url names no public host: ${error.message}`);
      throw error;
    }
  };
  const owned = async (req: Request): Promise<MonitorDocument> => {
    const id = String(req.params.id ?? '').toLowerCase();
    const monitor = MONITOR_ID.test(id) ? await monitors.authorised(id, bearer(req)) : null;
    if (!monitor) throw notFound();
    return monitor;
  };

  router.post('/api/v1/monitors', jsonBody, async (req, res, next) => {
    try {
      const body = parseBody(monitorCreateSchema, req.body);
      const described = checks.describe(body.kind, body.target as never);
      if (body.webhook) checkWebhook(body.webhook.url);
      // Only a valid request counts against the daily limit.
      await new Promise<void>((resolve, reject) => rateLimit(limits, 'monitorCreate')(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve())));
      if ((await monitors.countActive()) >= monitorsMax) throw new HttpError(503, `the service already runs its maximum of ${monitorsMax} monitors; try again later`);
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const monitor: MonitorDocument = {
        id: randomUUID(),
        tokenHash: hashToken(token),
        kind: body.kind,
        target: body.target as Record<string, unknown>,
        every: body.every,
        paused: false,
        ...(body.webhook ? { webhook: { url: body.webhook.url, secret: newWebhookSecret() } } : {}),
        createdAt: now,
        renewedAt: now,
        expiresAt: new Date(now.getTime() + MONITOR_LIFETIME_MS),
      };
      await monitors.create(monitor);
      try {
        await schedules.create(monitor, described.domain);
      } catch (error) {
        await monitors.delete(monitor.id);
        throw error;
      }
      res.status(201).set('Cache-Control', 'no-store').json({
        id: monitor.id,
        token,
        manageUrl: `${publicBaseUrl}${monitorApiPath(monitor.id)}`,
        trendUrl: `${publicBaseUrl}${monitorApiPath(monitor.id)}/trend`,
        pageUrl: `${publicBaseUrl}${monitorPagePath(monitor.id)}`,
        ...(monitor.webhook ? { webhookSecret: monitor.webhook.secret } : {}),
        nextRunAt: (await schedules.nextRunAt(monitor.id))?.toISOString() ?? null,
      });
    } catch (error) {
      next(asHttpError(error));
    }
  });

  router.get('/api/v1/monitors/:id', async (req, res, next) => {
    try {
      res.set('Cache-Control', 'no-store').json(await view(await owned(req)));
    } catch (error) {
      next(error);
    }
  });

  router.patch('/api/v1/monitors/:id', jsonBody, async (req, res, next) => {
    try {
      const monitor = await owned(req);
      const changes = parseBody(monitorPatchSchema, req.body);
      if (changes.webhook) checkWebhook(changes.webhook.url);
      const now = new Date();
      const newWebhook = changes.webhook && changes.webhook.url !== monitor.webhook?.url ? { url: changes.webhook.url, secret: newWebhookSecret() } : undefined;
      const updated = await monitors.update(
        monitor.id,
        {
          ...(changes.every ? { every: changes.every } : {}),
          ...(changes.paused === undefined ? {} : { paused: changes.paused }),
          ...(newWebhook ? { webhook: newWebhook } : {}),
          renewedAt: now,
          expiresAt: new Date(now.getTime() + MONITOR_LIFETIME_MS),
        },
        changes.webhook === null ? ['webhook'] : [],
      );
      if (!updated) throw notFound();
      await schedules.update(updated, domainOf(updated));
      res.set('Cache-Control', 'no-store').json(await view(updated, newWebhook ? { webhookSecret: newWebhook.secret } : {}));
    } catch (error) {
      next(error);
    }
  });

  router.delete('/api/v1/monitors/:id', async (req, res, next) => {
    try {
      const monitor = await owned(req);
      await schedules.delete(monitor.id);
      // The snapshots stay: their reports are permanent.
      await monitors.delete(monitor.id);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  router.post('/api/v1/monitors/:id/run', async (req, res, next) => {
    try {
      const monitor = await owned(req);
      if (monitor.expiresAt <= new Date()) throw new HttpError(409, 'this monitor has expired: renew it with PATCH first');
      await new Promise<void>((resolve, reject) => rateLimit(limits, RUN_LIMIT[monitor.kind])(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve())));
      await schedules.trigger(monitor.id);
      res.status(202).set('Cache-Control', 'no-store').json({ ok: true, id: monitor.id, trendUrl: `${publicBaseUrl}${monitorApiPath(monitor.id)}/trend` });
    } catch (error) {
      next(error);
    }
  });

  router.get('/api/v1/monitors/:id/trend', async (req, res, next) => {
    try {
      const id = String(req.params.id).toLowerCase();
      const monitor = MONITOR_ID.test(id) ? await monitors.get(id) : null;
      if (!monitor) throw new HttpError(404, 'no such monitor');
      const { runsForAlerts: _runs, ...trend } = await monitorTrend(monitor, snapshots, monitors, schedules);
      res.set('Cache-Control', 'no-cache').json(trend);
    } catch (error) {
      next(error);
    }
  });

  return router;
}

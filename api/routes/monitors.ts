import { randomBytes, randomUUID } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { RateLimitedOperation } from '../../domain/shared/rate-limits';
import { isIpLiteral, isPublicAddress } from '../../domain/shared/addresses';
import { InvalidTargetError, normaliseTarget } from '../../domain/shared/target';
import type { MonitorKind } from '../../domain/shared/check-kinds';
import { newWebhookSecret } from '../../activities/webhook';
import type { CheckClient } from '../../infra/check-client';
import { hashToken, type MonitorDocument, type MonitorStore } from '../../infra/monitor-store';
import type { MonitorSchedules } from '../../infra/monitor-schedules';
import type { SnapshotStore } from '../../infra/snapshot-store';
import { asHttpError } from '../check-errors';
import { HttpError } from '../http-error';
import { monitorCreateSchema, monitorPatchSchema, type MonitorCreate } from '../monitor-schemas';
import { monitorApiPath, monitorPagePath, monitorTrend } from '../monitor-trend';
import { monitorPage } from '../pages/monitor-page';
import { notFoundPage } from '../pages/not-found-page';
import { formTarget, monitorCreatedPage, monitorSubjectOf, newMonitorPage } from '../pages/monitor-form-page';
import { MAX_BODY_BYTES } from '../parse-body';
import { jsonBody, parseBody } from '../parse-body';
import { rateLimit } from '../rate-limit-middleware';
import type { RateLimits } from '../../infra/rate-limits';

/** A monitor stops unless renewed (any PATCH) within this time. */
export const MONITOR_LIFETIME_MS = 90 * 86_400_000;
const MONITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Run now counts against the kind's own hourly limit. */
const RUN_LIMIT: Record<MonitorKind, RateLimitedOperation> = { site: 'check', brand: 'keywords', article: 'articleCheck' };

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

const formBody = express.urlencoded({ extended: false, limit: MAX_BODY_BYTES });
const bearer = (req: Request) => /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
const notFound = () => new HttpError(404, 'no such monitor, or not your token');

/**
 * /api/v1/monitors: a check repeated by a Temporal Schedule, managed with a token shown once (stored as
 * its SHA-256). A wrong or missing token gets the same 404 as an unknown id. The trend is public by id.
 */
export function monitorRoutes({ checks, snapshots, monitors, schedules, limits, monitorsMax, publicBaseUrl, allowedHosts }: MonitorRouteDependencies): Router {
  const router = Router();
  /** The trend's page and JSON are public by the monitor's id (as a report is by its snapshot's). */
  const publicMonitor = async (raw: unknown) => {
    const id = String(raw).toLowerCase();
    return MONITOR_ID.test(id) ? monitors.get(id) : null;
  };
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
  /** A public host name or a public IP address (FETCH_ORIGIN_OVERRIDES hosts too); the fetcher checks the address again at each delivery. */
  const checkWebhook = (url: string) => {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (allowedHosts.has(host)) return;
    if (isIpLiteral(host)) {
      if (!isPublicAddress(host)) throw new HttpError(422, `webhook.url names no public host: ${host} is a private or reserved address`);
      return;
    }
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

  /** Creates a monitor and its schedule, counted against the daily limit once the body is valid. */
  const create = async (body: MonitorCreate, req: Request, res: Response) => {
    const described = checks.describe(body.kind, body.target as never);
    if (body.webhook) checkWebhook(body.webhook.url);
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
    return {
      id: monitor.id,
      token,
      manageUrl: `${publicBaseUrl}${monitorApiPath(monitor.id)}`,
      trendUrl: `${publicBaseUrl}${monitorApiPath(monitor.id)}/trend`,
      pageUrl: `${publicBaseUrl}${monitorPagePath(monitor.id)}`,
      ...(monitor.webhook ? { webhookSecret: monitor.webhook.secret } : {}),
      nextRunAt: (await schedules.nextRunAt(monitor.id))?.toISOString() ?? null,
    };
  };

  router.post('/api/v1/monitors', jsonBody, async (req, res, next) => {
    try {
      const created = await create(parseBody(monitorCreateSchema, req.body), req, res);
      res.status(201).set('Cache-Control', 'no-store').json(created);
    } catch (error) {
      next(asHttpError(error));
    }
  });

  // "Monitor this" from the web version, without script: a prefilled form, then the token shown once.
  router.get('/monitor/new', (req, res) => {
    res.type('html').set('Cache-Control', 'no-store').send(newMonitorPage(formTarget(req.query as Record<string, unknown>)).toString());
  });
  router.post('/monitor/new', formBody, async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const target = formTarget(fields);
    try {
      const body = parseBody(monitorCreateSchema, { kind: target.kind, target: target.target, every: fields.every, ...(typeof fields.webhook === 'string' && fields.webhook.trim() ? { webhook: { url: fields.webhook.trim() } } : {}) });
      const created = await create(body, req, res);
      res.status(201).type('html').set('Cache-Control', 'no-store').send(monitorCreatedPage(created, monitorSubjectOf(target)).toString());
    } catch (error) {
      const http = asHttpError(error);
      const status = http instanceof HttpError ? http.status : 500;
      const message = http instanceof HttpError && status < 500 ? http.message : 'the monitor could not be created; please try again';
      res.status(status).type('html').set('Cache-Control', 'no-store').send(newMonitorPage(target, message).toString());
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

  router.get('/monitor/:id', async (req, res, next) => {
    try {
      const monitor = await publicMonitor(req.params.id);
      if (!monitor) {
        res.status(404).type('html').send(notFoundPage('There is no monitor with this id (it may have been deleted).').toString());
        return;
      }
      const { runsForAlerts, ...trend } = await monitorTrend(monitor, snapshots, monitors, schedules);
      res.type('html').set('Cache-Control', 'no-cache').send(monitorPage(trend, runsForAlerts, { publicBaseUrl }).toString());
    } catch (error) {
      next(error);
    }
  });

  router.get('/api/v1/monitors/:id/trend', async (req, res, next) => {
    try {
      const monitor = await publicMonitor(req.params.id);
      if (!monitor) throw new HttpError(404, 'no such monitor');
      const { runsForAlerts: _runs, ...trend } = await monitorTrend(monitor, snapshots, monitors, schedules);
      res.set('Cache-Control', 'no-cache').json(trend);
    } catch (error) {
      next(error);
    }
  });

  return router;
}

import express, { Router } from 'express';
import type { RateLimits } from '../../infra/rate-limits';
import type { OfferedPlatform } from '../../domain/shared/platform-choice';
import { asHttpError } from '../check-errors';
import { HttpError } from '../http-error';
import { monitorCreateSchema } from '../monitor-schemas';
import type { MonitorService } from '../monitor-service';
import { formTarget, monitorCreatedPage, newMonitorPage } from '../pages/monitor-form-page';
import { MAX_BODY_BYTES, parseBody } from '../parse-body';
import { admit } from '../rate-limit-middleware';

const formBody = express.urlencoded({ extended: false, limit: MAX_BODY_BYTES });

/** "Monitor this" from the web version, without script: a prefilled form, then the token shown once. */
export function monitorFormRoutes(service: MonitorService, limits: RateLimits, platforms: readonly OfferedPlatform[]): Router {
  const router = Router();
  router.get('/monitor/new', (req, res) => {
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(newMonitorPage(formTarget(req.query as Record<string, unknown>), platforms).toString());
  });
  router.post('/monitor/new', formBody, async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const target = formTarget(fields);
    try {
      const body = parseBody(monitorCreateSchema, {
        kind: target.kind,
        target: target.target,
        every: fields.every,
        ...(typeof fields.webhook === 'string' && fields.webhook.trim() ? { webhook: { url: fields.webhook.trim() } } : {}),
      });
      const created = await service.create(body, () => admit(limits, 'monitorCreate', req, res));
      res
        .status(201)
        .type('html')
        .set('Cache-Control', 'no-store')
        .send(monitorCreatedPage(created, service.describe(body).label).toString());
    } catch (error) {
      // The form is shown again with the problem in words; an internal failure is not described.
      const http = asHttpError(error);
      const status = http instanceof HttpError ? http.status : 500;
      const message = http instanceof HttpError && status < 500 ? http.message : 'the monitor could not be created; please try again';
      res
        .status(status)
        .type('html')
        .set('Cache-Control', 'no-store')
        .send(newMonitorPage(target, platforms, message).toString());
    }
  });
  return router;
}

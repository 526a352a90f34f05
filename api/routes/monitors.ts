import { Router, type Request, type Response } from 'express';
import type { RateLimits } from '../../infra/rate-limits';
import { HttpError } from '../http-error';
import { API_KINDS } from '../kinds';
import { monitorCreateSchema, monitorPatchSchema } from '../monitor-schemas';
import type { MonitorService } from '../monitor-service';
import { monitorPage } from '../monitor-pages/monitor-page';
import { notFoundPage } from '../pages/not-found-page';
import { jsonBody, parseBody } from '../parse-body';
import { admit } from '../rate-limit-middleware';

const bearer = (req: Request) => /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
const idOf = (req: Request) => String(req.params.id ?? '');
const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

/**
 * /api/v1/monitors and /monitor/<id>: HTTP over the MonitorService, which holds the rules. The owner's
 * calls carry the token as a bearer token; the trend (page and JSON) is public by id, as a report is.
 * Express 5 passes a rejected handler's error to the gateway's error handler.
 */
export function monitorRoutes(service: MonitorService, limits: RateLimits): Router {
  const router = Router();

  router.post('/api/v1/monitors', jsonBody, async (req, res) => {
    const created = await service.create(parseBody(monitorCreateSchema, req.body), () => admit(limits, 'monitorCreate', req, res));
    noStore(res).status(201).json(created);
  });

  router.get('/api/v1/monitors/:id', async (req, res) => {
    noStore(res).json(await service.view(await service.owned(idOf(req), bearer(req))));
  });

  router.patch('/api/v1/monitors/:id', jsonBody, async (req, res) => {
    const monitor = await service.owned(idOf(req), bearer(req));
    noStore(res).json(await service.update(monitor, parseBody(monitorPatchSchema, req.body)));
  });

  router.delete('/api/v1/monitors/:id', async (req, res) => {
    await service.delete(await service.owned(idOf(req), bearer(req)));
    res.status(204).end();
  });

  router.post('/api/v1/monitors/:id/run', async (req, res) => {
    const monitor = await service.owned(idOf(req), bearer(req));
    noStore(res)
      .status(202)
      .json(await service.runNow(monitor, () => admit(limits, API_KINDS[monitor.kind].operation, req, res)));
  });

  router.get('/monitor/:id', async (req, res) => {
    const monitor = await service.find(idOf(req));
    if (!monitor) {
      res.status(404).type('html').send(notFoundPage('There is no monitor with this id (it may have been deleted).').toString());
      return;
    }
    res
      .type('html')
      .set('Cache-Control', 'no-cache')
      .send(monitorPage(await service.trend(monitor), service.url).toString());
  });

  router.get('/api/v1/monitors/:id/trend', async (req, res) => {
    const monitor = await service.find(idOf(req));
    if (!monitor) throw new HttpError(404, 'no such monitor');
    res.set('Cache-Control', 'no-cache').json((await service.trend(monitor)).trend);
  });

  return router;
}

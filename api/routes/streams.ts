import { Router } from 'express';
import type { SiteCheckClient } from '../../infra/site-check-client';
import { asHttpError } from '../check-errors';
import { isSiteCheckWorkflowId } from '../../domain/workflow-contract';
import { openEventStream, type EventStream } from '../event-stream';
import { HttpError } from '../http-error';
import { jsonBody, parseBody } from '../parse-body';
import type { ProgressHub } from '../progress-hub';
import { rateLimit } from '../rate-limit-middleware';
import type { RateLimits } from '../rate-limits';
import { checkRequestSchema } from '../schemas';

/**
 * POST /api/check: the site check as Server-Sent Events, step events then one report event (or a
 * final error event). Bad input and rate limits are answered as plain JSON before the stream starts.
 */
export function streamRoutes(checks: SiteCheckClient, hub: ProgressHub, limits: RateLimits): Router {
  const router = Router();
  router.post('/api/check', rateLimit(limits, 'checkStream'), jsonBody, async (req, res, next) => {
    let started;
    try {
      const { url } = parseBody(checkRequestSchema, req.body);
      started = await checks.start(url);
    } catch (error) {
      return next(asHttpError(error));
    }
    const stream = openEventStream(req, res);
    // At once, so the viewer sees the check begin before the workflow's first step comes in.
    const at = new Date().toISOString();
    stream.send({ type: 'step', stage: 'start', status: 'done', message: `Check of ${started.domain} started`, at, snapshotId: started.snapshotId, checkId: started.workflowId });
    await relay(hub, started.workflowId, stream);
  });

  /** GET /api/check/:checkId/events: follow a running (or finished) check again, e.g. after a lost connection; works with EventSource. */
  router.get('/api/check/:checkId/events', async (req, res, next) => {
    const { checkId } = req.params;
    if (!isSiteCheckWorkflowId(checkId) || !(await checks.exists(checkId))) return next(new HttpError(404, 'no check with this id'));
    await relay(hub, checkId, openEventStream(req, res));
  });
  return router;
}

/** Sends a run's events to one viewer until the report or error event, or until the viewer leaves. */
async function relay(hub: ProgressHub, workflowId: string, stream: EventStream): Promise<void> {
  const unsubscribe = hub.subscribe(workflowId, (event) => {
    stream.send(event);
    if (event.type !== 'step') stream.end();
  });
  await stream.closed;
  unsubscribe();
}

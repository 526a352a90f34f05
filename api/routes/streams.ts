import { Router } from 'express';
import type { SiteCheckClient } from '../../infra/site-check-client';
import { asHttpError } from '../check-errors';
import { openEventStream } from '../event-stream';
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
    stream.send({ type: 'step', stage: 'start', status: 'done', message: `Check of ${started.domain} started`, at: new Date().toISOString(), snapshotId: started.snapshotId });
    const unsubscribe = hub.subscribe(started.workflowId, (event) => {
      stream.send(event);
      if (event.type !== 'step') stream.end();
    });
    await stream.closed;
    unsubscribe();
  });
  return router;
}

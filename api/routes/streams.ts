import { Router, type RequestHandler } from 'express';
import type { RateLimitedOperation } from '../../domain/shared/rate-limits';
import { parseCheckWorkflowId } from '../../contract/workflow-contract';
import { CHECK_KINDS, type CheckKind } from '../../domain/shared/check-kinds';
import type { CheckClient } from '../../infra/check-client';
import { isFinal, startEvent } from '../check-events';
import { openEventStream, type EventStream } from '../event-stream';
import { HttpError } from '../http-error';
import { API_KINDS } from '../kinds';
import { jsonBody, parseBody } from '../parse-body';
import type { ProgressHub } from '../progress-hub';
import { rateLimit } from '../rate-limit-middleware';
import { requestStart } from '../run-origin';
import type { RateLimits } from '../../infra/rate-limits';

/**
 * One check of kind K as Server-Sent Events: a start event at once, the workflow's steps as they
 * happen, then one final event (docs/http-api.md). Bad input and rate limits are answered as plain
 * JSON before the stream starts.
 */
function streamCheck<K extends CheckKind>(
  checks: CheckClient,
  hub: ProgressHub,
  limits: RateLimits,
  kind: K,
  operation: RateLimitedOperation,
): RequestHandler[] {
  return [
    rateLimit(limits, operation),
    jsonBody,
    async (req, res) => {
      // A person watches the stream (the web version too): first in line for the platforms' budgets.
      // A refusal here rejects before the stream opens, so the app's error handler answers it as JSON.
      const started = await checks.start(kind, parseBody(API_KINDS[kind].requestSchema, req.body), requestStart(req));
      const stream = openEventStream(req, res);
      // At once, so the viewer sees the check begin before the workflow's first step comes in.
      stream.send(startEvent(started));
      await relay(hub, started.workflowId, stream);
    },
  ];
}

/** Every kind's stream at its path (api/kinds/): the body is the kind's request schema. */
export function checkStreamRoutes(checks: CheckClient, hub: ProgressHub, limits: RateLimits): Router {
  const router = Router();
  for (const kind of CHECK_KINDS) {
    const { stream } = API_KINDS[kind];
    if (stream) router.post(stream.path, ...streamCheck(checks, hub, limits, kind, stream.operation));
  }
  return router;
}

/** GET /api/check/:checkId/events: follow a running (or finished) check of any kind again, e.g. after a lost connection; works with EventSource. */
export function followRoutes(checks: CheckClient, hub: ProgressHub): Router {
  const router = Router();
  router.get('/api/check/:checkId/events', async (req, res, next) => {
    const { checkId } = req.params;
    if (!parseCheckWorkflowId(checkId) || !(await checks.exists(checkId))) return next(new HttpError(404, 'no check with this id'));
    await relay(hub, checkId, openEventStream(req, res));
  });
  return router;
}

/** Sends a run's events to one viewer until the final event, or until the viewer leaves. */
async function relay(hub: ProgressHub, workflowId: string, stream: EventStream): Promise<void> {
  const unsubscribe = hub.subscribe(workflowId, (event) => {
    stream.send(event);
    if (isFinal(event)) stream.end();
  });
  await stream.closed;
  unsubscribe();
}

import type { Request } from 'express';
import { clientKey } from '../domain/shared/client-key';
import type { StartOptions } from '../infra/check-client';
import { checkPriority, clientFairnessKey, type CheckOrigin } from '../infra/check-priority';

/**
 * How a check is started for a client: where it came from (the route, and the client as its rate
 * limits count it) for the Temporal UI, and its priority and fairness key in the platforms' queues.
 */
export function startOptions(via: string, client: string, waiting: CheckOrigin): StartOptions {
  return { origin: { via, client }, priority: checkPriority(waiting, clientFairnessKey(client)) };
}

/** A check started by this request: a person waits on it. */
export const requestStart = (req: Request): StartOptions =>
  startOptions(`${req.method} ${req.baseUrl}${req.path}`, clientKey(req.ip), 'person');

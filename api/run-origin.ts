import type { Request } from 'express';
import { clientKey } from '../domain/shared/client-key';
import type { RunOrigin } from '../infra/run-description';

/** Where a check started by this request came from, for the Temporal UI: the route, and the client as its rate limits count it. */
export const requestOrigin = (req: Request): RunOrigin => ({ via: `${req.method} ${req.baseUrl}${req.path}`, client: clientKey(req.ip) });

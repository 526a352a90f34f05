import type { Request, RequestHandler, Response } from 'express';
import { clientKey } from '../domain/shared/client-key';
import { limitPeriodSeconds, type RateLimitedOperation } from '../domain/shared/rate-limits';
import { HttpError } from './http-error';
import type { RateLimits, RateLimitState } from '../infra/rate-limits';

function setRateLimitHeaders(res: Response, state: RateLimitState): void {
  res.set({
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': state.resetAt.toISOString(),
  });
}

/**
 * Counts the request against the client's limit for the operation, valid or not (so probing with bad
 * input costs quota too), sets the X-RateLimit-* headers, and throws 429 past the limit.
 */
export async function admit(limits: RateLimits, operation: RateLimitedOperation, req: Request, res: Response): Promise<void> {
  const state = await limits.consume(operation, clientKey(req.ip));
  if (state.limit > 0) setRateLimitHeaders(res, state);
  if (state.allowed) return;
  res.set('Retry-After', String(Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000))));
  throw new HttpError(
    429,
    `rate limit exceeded: ${state.limit} requests per ${limitPeriodSeconds(operation) === 3600 ? 'hour' : 'day'} for this endpoint; try again after ${state.resetAt.toISOString()}`,
    { resetAt: state.resetAt.toISOString() },
  );
}

/** `admit` as middleware, for a route limited before it reads its body. */
export function rateLimit(limits: RateLimits, operation: RateLimitedOperation): RequestHandler {
  return (req, res, next) => admit(limits, operation, req, res).then(() => next(), next);
}

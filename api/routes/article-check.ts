import { Router } from 'express';
import type { CheckClient } from '../../infra/check-client';
import type { ProgressHub } from '../progress-hub';
import type { RateLimits } from '../../infra/rate-limits';
import { streamCheck } from './streams';

/** POST /api/article-check: the article GEO check as Server-Sent Events, progress events then one summary. */
export function articleCheckRoutes(checks: CheckClient, hub: ProgressHub, limits: RateLimits): Router {
  const router = Router();
  router.post('/api/article-check', ...streamCheck(checks, hub, limits, { kind: 'article', operation: 'articleCheck' }));
  return router;
}

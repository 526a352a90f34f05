import { Router } from 'express';
import type { CheckClient } from '../../infra/check-client';
import type { ProgressHub } from '../progress-hub';
import type { RateLimits } from '../../infra/rate-limits';
import { streamCheck } from './streams';

/** POST /api/keywords: the brand GEO diagnosis as Server-Sent Events, progress events then one summary. */
export function brandDiagnosisRoutes(checks: CheckClient, hub: ProgressHub, limits: RateLimits): Router {
  const router = Router();
  router.post('/api/keywords', ...streamCheck(checks, hub, limits, { kind: 'brand', operation: 'keywords' }));
  return router;
}

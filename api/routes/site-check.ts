import { Router } from 'express';
import type { SiteCheckClient } from '../../infra/site-check-client';
import { asHttpError } from '../check-errors';
import { jsonBody, parseBody } from '../parse-body';
import { rateLimit } from '../rate-limit-middleware';
import type { RateLimits } from '../rate-limits';
import { checkRequestSchema } from '../schemas';

export const snapshotPath = (snapshotId: string) => `/report/${snapshotId}`;

/** POST /api/v1/check: runs one full check and answers with its report (about 40–100 s with real platforms). */
export function syncCheckRoutes(checks: SiteCheckClient, limits: RateLimits): Router {
  const router = Router();
  router.post('/api/v1/check', rateLimit(limits, 'check'), jsonBody, async (req, res, next) => {
    try {
      const { url } = parseBody(checkRequestSchema, req.body);
      // If the client goes away, the workflow still completes and stores its snapshot.
      const { snapshotId, report } = await checks.runSiteCheck(url);
      res.json({ ok: true, snapshotId, snapshotUrl: snapshotPath(snapshotId), report });
    } catch (error) {
      next(asHttpError(error));
    }
  });
  return router;
}

import { Router } from 'express';
import type { CheckClient } from '../../infra/check-client';
import { jsonBody, parseBody } from '../parse-body';
import { snapshotPath } from '../../contract/paths';
import { rateLimit } from '../rate-limit-middleware';
import { requestStart } from '../run-origin';
import type { RateLimits } from '../../infra/rate-limits';
import { API_KINDS } from '../kinds';

/**
 * POST /api/v1/check runs one full check and answers with its report (about 40–100 s with real
 * platforms); its stream, POST /api/check, is the site kind's (api/kinds/site/).
 */
export function siteCheckRoutes(checks: CheckClient, limits: RateLimits): Router {
  const router = Router();
  router.post('/api/v1/check', rateLimit(limits, API_KINDS.site.operation), jsonBody, async (req, res) => {
    const { url } = parseBody(API_KINDS.site.requestSchema, req.body);
    // If the client goes away, the workflow still completes and stores its snapshot.
    const { snapshotId, report } = await checks.run('site', { url }, requestStart(req));
    res.json({ ok: true, snapshotId, snapshotUrl: snapshotPath(snapshotId), report });
  });
  return router;
}

import { Router } from 'express';
import type { CheckClient } from '../../infra/check-client';
import { jsonBody, parseBody } from '../parse-body';
import { snapshotPath } from '../../contract/paths';
import type { ProgressHub } from '../progress-hub';
import { rateLimit } from '../rate-limit-middleware';
import { requestStart } from '../run-origin';
import type { RateLimits } from '../../infra/rate-limits';
import { API_KINDS } from '../kinds';
import { streamCheck } from './streams';

/**
 * POST /api/v1/check runs one full check and answers with its report (about 40–100 s with real
 * platforms); POST /api/check streams the same check.
 */
export function siteCheckRoutes(checks: CheckClient, hub: ProgressHub, limits: RateLimits): Router {
  const router = Router();
  router.post('/api/v1/check', rateLimit(limits, API_KINDS.site.operation), jsonBody, async (req, res) => {
    const { url } = parseBody(API_KINDS.site.requestSchema, req.body);
    // If the client goes away, the workflow still completes and stores its snapshot.
    const { snapshotId, report } = await checks.run('site', { url }, requestStart(req));
    res.json({ ok: true, snapshotId, snapshotUrl: snapshotPath(snapshotId), report });
  });
  router.post('/api/check', ...streamCheck(checks, hub, limits, { kind: 'site', operation: 'checkStream' }));
  return router;
}

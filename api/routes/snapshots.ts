import { Router, type Request, type Response } from 'express';
import { HttpError } from '../http-error';
import { notFoundPage } from '../pages/not-found-page';
import { UUID_PATTERN } from '../../contract/workflow-contract';
import { pageOf } from '../kinds';
import { answersExportPath, snapshotPath } from '../../contract/paths';
import type { RenderedSnapshot, SnapshotCache } from '../snapshot-cache';
import type { SnapshotDocument } from '../../infra/snapshot-store';

/** Snapshots never change: browsers and proxies may keep them. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A kept body, or 304 when the client already holds these bytes (If-None-Match). */
function sendRendered(req: Request, res: Response, rendered: RenderedSnapshot, type: string): void {
  res.set({ 'Cache-Control': IMMUTABLE, ETag: rendered.etag });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.type(type).send(rendered.body);
}

/** The body of GET /api/v1/report/:snapshotId, kept by the cache as the 'json' rendering (exports read it too). */
export const snapshotJson = (snapshot: SnapshotDocument): string =>
  JSON.stringify({
    snapshotId: snapshot.snapshotId,
    snapshotUrl: snapshotPath(snapshot.snapshotId),
    kind: snapshot.kind,
    createdAt: snapshot.createdAt.toISOString(),
    ...(snapshot.monitorId ? { monitorId: snapshot.monitorId, fingerprint: snapshot.fingerprint } : {}),
    report: snapshot.report,
  });

/** GET /api/v1/report/:snapshotId: a stored report as JSON. */
export function snapshotJsonRoutes(cache: SnapshotCache): Router {
  const router = Router();
  router.get('/api/v1/report/:snapshotId', async (req, res) => {
    const { snapshotId } = req.params;
    const rendered = UUID_PATTERN.test(snapshotId) ? await cache.rendered(snapshotId.toLowerCase(), 'json', snapshotJson) : null;
    if (!rendered) throw new HttpError(404, 'no report with this id');
    sendRendered(req, res, rendered, 'json');
  });
  return router;
}

/** GET /report/:snapshotId: the permanent snapshot page, rendered by the report's kind. */
export function snapshotPageRoutes(cache: SnapshotCache, publicBaseUrl: string): Router {
  const router = Router();
  router.get('/report/:snapshotId', async (req, res) => {
    const { snapshotId } = req.params;
    const rendered = UUID_PATTERN.test(snapshotId)
      ? await cache.rendered(snapshotId.toLowerCase(), 'page', (snapshot) =>
          pageOf(snapshot, {
            snapshotUrl: snapshotPath(snapshot.snapshotId),
            csvUrl: answersExportPath(snapshot.snapshotId, 'csv'),
            createdAt: snapshot.createdAt,
            publicBaseUrl,
          }).toString(),
        )
      : null;
    if (!rendered) {
      res
        .status(404)
        .type('html')
        .send(notFoundPage('There is no report with this id. Reports are kept permanently, so check the link.').toString());
      return;
    }
    sendRendered(req, res, rendered, 'html');
  });
  return router;
}

import { Router } from 'express';
import type { SnapshotStore } from '../../infra/snapshot-store';
import { HttpError } from '../http-error';
import { snapshotPath } from './site-check';

const SNAPSHOT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Snapshots never change: browsers and proxies may keep them. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /api/v1/report/:snapshotId: a stored report as JSON. */
export function snapshotJsonRoutes(store: SnapshotStore): Router {
  const router = Router();
  router.get('/api/v1/report/:snapshotId', async (req, res, next) => {
    try {
      const { snapshotId } = req.params;
      const snapshot = SNAPSHOT_ID.test(snapshotId) ? await store.get(snapshotId.toLowerCase()) : null;
      if (!snapshot) throw new HttpError(404, 'no report with this id');
      res.set('Cache-Control', IMMUTABLE).json({
        snapshotId: snapshot.snapshotId,
        snapshotUrl: snapshotPath(snapshot.snapshotId),
        kind: snapshot.kind,
        createdAt: snapshot.createdAt.toISOString(),
        report: snapshot.report,
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}

export function isSnapshotId(value: string): boolean {
  return SNAPSHOT_ID.test(value);
}

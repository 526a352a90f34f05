import { Router } from 'express';
import type { SnapshotStore } from '../../infra/snapshot-store';
import { HttpError } from '../http-error';
import { rankingsPage } from '../pages/rankings-page';
import { snapshotPath } from '../../contract/paths';
import { firstProblem, rankingsQuerySchema, type RankingEntry } from '../schemas';

/** Rankings change with every check: proxies may keep them briefly. */
const BRIEFLY = 'public, max-age=60';

/**
 * The AI-visibility ranking: the newest site check of each domain by total score (ties: newest
 * first), read from the per-domain records the snapshot store keeps (never a scan of snapshots).
 */
export function rankingsRoutes(store: SnapshotStore, publicBaseUrl: string): Router {
  const router = Router();
  const read = async (limit: number): Promise<RankingEntry[]> =>
    (await store.rankings(limit)).map((entry, index) => ({
      rank: index + 1,
      domain: entry.domain,
      totalScore: entry.totalScore,
      crawlerScore: entry.crawlerScore,
      memoryScore: entry.memoryScore,
      checkedAt: entry.createdAt.toISOString(),
      snapshotId: entry.snapshotId,
      snapshotUrl: snapshotPath(entry.snapshotId),
    }));

  router.get('/api/v1/rankings', async (req, res) => {
    const parsed = rankingsQuerySchema.safeParse(req.query);
    if (!parsed.success) throw new HttpError(400, firstProblem(parsed.error));
    res.set('Cache-Control', BRIEFLY).json({ rankings: await read(parsed.data.limit) });
  });
  router.get('/rankings', async (_req, res) => {
    res
      .set('Cache-Control', BRIEFLY)
      .type('html')
      .send(rankingsPage(await read(50), publicBaseUrl).toString());
  });
  return router;
}

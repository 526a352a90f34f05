import type { Db } from 'mongodb';
import { SnapshotStore } from '../../infra/snapshot-store';
import { syntheticReport } from '../../dev/synthetic-report';

/** Ten checks per domain, as a store that has been running for a while holds. */
export const SNAPSHOTS_PER_DOMAIN = 10;
/** Saves in flight at once: a few workers finishing checks together. */
const CONCURRENT_SAVES = 8;

/** A UUID (the form the routes accept) that names the i-th synthetic snapshot. */
export const benchSnapshotId = (index: number) => `b0000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
export const domainOf = (index: number, total: number) => `site-${index % Math.max(1, Math.ceil(total / SNAPSHOTS_PER_DOMAIN))}.example`;

const START = Date.UTC(2026, 0, 1);

/**
 * Stores snapshots `from`..`total`-1 through the project's own store (the worker's save path), so the
 * layout, indexes and side collections are exactly the service's. Reports progress as it goes.
 */
export async function seed(db: Db, from: number, total: number, progress: (done: number, perSecond: number) => void): Promise<void> {
  const store = new SnapshotStore(db);
  await store.ensureIndexes();
  const started = performance.now();
  let next = from;
  let done = from;
  let reported = from;
  const step = Math.max(1_000, Math.floor(total / 20));
  const saveLoop = async () => {
    for (let index = next++; index < total; index = next++) {
      const createdAt = new Date(START + index * 60_000);
      const domain = domainOf(index, total);
      const report = syntheticReport(index + 1, domain, createdAt);
      await store.save(
        { snapshotId: benchSnapshotId(index), kind: 'site', domain, createdAt, report },
        { totalScore: report.totalScore, crawlerScore: report.crawlerScore, memoryScore: report.memoryScore },
      );
      done += 1;
      if (done - reported >= step) {
        reported = done;
        progress(done, (done - from) / ((performance.now() - started) / 1000));
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_SAVES }, saveLoop));
  progress(done, (done - from) / Math.max(0.001, (performance.now() - started) / 1000));
}

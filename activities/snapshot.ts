import type { Report } from '../domain/report';
import type { SnapshotStore } from '../infra/snapshot-store';

/** Stores the site check's report once (a retry finds it stored) and updates the domain's latest record. */
export function createSaveSiteSnapshot(store: SnapshotStore) {
  return async function saveSiteSnapshot({ snapshotId, report }: { snapshotId: string; report: Report }): Promise<void> {
    await store.save(
      { snapshotId, kind: 'site', domain: report.domain, createdAt: new Date(report.createdAt), report },
      { totalScore: report.totalScore, crawlerScore: report.crawlerScore, memoryScore: report.memoryScore },
    );
  };
}

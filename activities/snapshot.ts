import type { LatestDocument, SnapshotStore } from '../infra/snapshot-store';
import type { CheckKind } from '../domain/workflow-contract';

export interface SnapshotInput {
  snapshotId: string;
  kind: CheckKind;
  domain?: string;
  /** ISO 8601, the report's own. */
  createdAt: string;
  report: unknown;
  /** A site check's scores, for the domain's latest record and the rankings. */
  scores?: Pick<LatestDocument, 'totalScore' | 'crawlerScore' | 'memoryScore'>;
}

/** Stores a report once, of any kind (a retry finds it stored), and keeps a site's latest record. */
export function createSaveSnapshot(store: SnapshotStore) {
  return async function saveSnapshot({ snapshotId, kind, domain, createdAt, report, scores }: SnapshotInput): Promise<void> {
    await store.save({ snapshotId, kind, domain, createdAt: new Date(createdAt), report }, scores);
  };
}

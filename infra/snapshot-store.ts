import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { CheckKind } from '../domain/workflow-contract';

/**
 * Snapshots are immutable: one document per completed check, written once. `latest` keeps one record
 * per domain (the newest site check) for rankings and get_latest_report.
 */
export interface SnapshotDocument<R = unknown> {
  snapshotId: string;
  kind: CheckKind;
  /** The checked domain; a brand diagnosis may have none. */
  domain?: string;
  createdAt: Date;
  report: R;
}

export interface LatestDocument {
  domain: string;
  snapshotId: string;
  createdAt: Date;
  totalScore: number;
  crawlerScore: number;
  memoryScore: number;
}

const DUPLICATE_KEY = 11000;

async function ignoreDuplicate(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
  }
}

export class SnapshotStore {
  private readonly snapshots: Collection<SnapshotDocument>;
  private readonly latest: Collection<LatestDocument>;

  constructor(db: Db) {
    this.snapshots = db.collection('snapshots');
    this.latest = db.collection('latest');
  }

  /** One index per read the service makes. Idempotent. */
  async ensureIndexes(): Promise<void> {
    await Promise.all([
      this.snapshots.createIndex({ snapshotId: 1 }, { unique: true, name: 'by_snapshot_id' }),
      this.snapshots.createIndex({ domain: 1, kind: 1, createdAt: -1 }, { name: 'by_domain_newest' }),
      this.latest.createIndex({ domain: 1 }, { unique: true, name: 'by_domain' }),
      this.latest.createIndex({ totalScore: -1, createdAt: -1 }, { name: 'by_score' }),
    ]);
  }

  /**
   * Stores a snapshot once: a retried call hits the unique index and changes nothing. An insert, not
   * an upsert: on the SQLite-backed FerretDB an upsert's filter scans every stored report.
   */
  async save(snapshot: SnapshotDocument, scores?: Omit<LatestDocument, 'domain' | 'snapshotId' | 'createdAt'>): Promise<void> {
    await ignoreDuplicate(this.snapshots.insertOne({ ...snapshot }));
    if (snapshot.kind === 'site' && snapshot.domain && scores) await this.recordLatest({ domain: snapshot.domain, snapshotId: snapshot.snapshotId, createdAt: snapshot.createdAt, ...scores });
  }

  /** Keeps the newest check per domain; an older one arriving late never replaces it. */
  private async recordLatest(entry: LatestDocument): Promise<void> {
    const replaceIfNewer = () => this.latest.updateOne({ domain: entry.domain, createdAt: { $lt: entry.createdAt } }, { $set: entry });
    if ((await replaceIfNewer()).matchedCount > 0) return;
    try {
      await this.latest.insertOne({ ...entry });
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      // Another check of the domain got its record in first: it stays only if it is newer.
      await replaceIfNewer();
    }
  }

  get(snapshotId: string): Promise<SnapshotDocument | null> {
    return this.snapshots.findOne({ snapshotId }, { projection: { _id: 0 } });
  }

  async latestFor(domain: string, kind: CheckKind = 'site'): Promise<SnapshotDocument | null> {
    return this.snapshots.findOne({ domain, kind }, { sort: { createdAt: -1 }, projection: { _id: 0 } });
  }

  rankings(limit: number): Promise<LatestDocument[]> {
    return this.latest.find({}, { sort: { totalScore: -1, createdAt: -1 }, limit, projection: { _id: 0 } }).toArray();
  }
}

import type { Collection, Db } from 'mongodb';
import { isDuplicateKey, type Keyed } from './mongo';
import { COLLECTIONS, ensureIndexes } from './store-layout';
import type { KindedReport } from '../domain/check-outcome';
import type { MonitorRun } from '../domain/monitoring/alerts';
import type { Observation } from '../domain/monitoring/observation';
import type { CheckKind } from '../domain/shared/check-kinds';

/**
 * Snapshots are immutable and permanent: one document per completed check, written once, keyed by
 * `_id` = snapshotId. Every read goes through a unique key or a small index, so no read grows with the
 * number of snapshots stored (docs/store.md).
 */
export type SnapshotDocument = KindedReport & {
  snapshotId: string;
  /** Absent for checks that have no domain (e.g. a brand diagnosis given only a name). */
  domain?: string;
  createdAt: Date;
  /** A monitored run: its monitor, configuration fingerprint and what the monitor compares. */
  monitorId?: string;
  fingerprint?: string;
  observation?: Observation;
};

/** One run of a monitor as its trend and alerts read it: the snapshot without its report. */
export type MonitorRunDocument = Required<Pick<SnapshotDocument, 'snapshotId' | 'createdAt' | 'monitorId' | 'fingerprint' | 'observation'>>;

/** A run as the monitor's trend and alerts compare it. */
export const toMonitorRun = (run: MonitorRunDocument): MonitorRun => ({
  snapshotId: run.snapshotId,
  at: run.createdAt.toISOString(),
  fingerprint: run.fingerprint,
  observation: run.observation,
});

/** The rankings record of a domain: its newest site check. */
export interface RankingRecord {
  domain: string;
  snapshotId: string;
  createdAt: Date;
  totalScore: number;
  crawlerScore: number;
  memoryScore: number;
}

type Scores = Omit<RankingRecord, 'domain' | 'snapshotId' | 'createdAt'>;
/** A piece of a report's JSON too large for one Temporal payload (domain/shared/report-parts.ts), until the snapshot is saved. */
interface ReportPart {
  snapshotId: string;
  index: number;
  text: string;
}
/** Which snapshot is the newest of one kind for one domain: `newestOf` reads it by `_id`, then the snapshot by `_id`. */
interface NewestPointer {
  kind: CheckKind;
  domain: string;
  snapshotId: string;
  createdAt: Date;
}

/** Most runs a trend or an alert evaluation reads: a year of daily runs. */
export const MAX_MONITOR_RUNS = 400;

/** Scores run from 0 to 100. */
const TOP_SCORE = 100;

const newestKey = (kind: CheckKind, domain: string) => `${kind}:${domain}`;
const partKey = (snapshotId: string, index: number) => `${snapshotId}:${index}`;

export class SnapshotStore {
  private readonly snapshots: Collection<Keyed<SnapshotDocument>>;
  private readonly newest: Collection<Keyed<NewestPointer>>;
  private readonly rankingsByDomain: Collection<Keyed<RankingRecord>>;
  private readonly reportParts: Collection<Keyed<ReportPart>>;

  constructor(readonly db: Db) {
    this.snapshots = db.collection(COLLECTIONS.snapshots);
    this.reportParts = db.collection(COLLECTIONS.reportParts);
    this.newest = db.collection(COLLECTIONS.newest);
    this.rankingsByDomain = db.collection(COLLECTIONS.rankings);
  }

  /** The indexes of every collection of the store, snapshots' and monitors' (store-layout.ts). */
  ensureIndexes(): Promise<void> {
    return ensureIndexes(this.db);
  }

  /**
   * Stores a snapshot once: a retried call finds its `_id` taken and changes nothing. Then the domain's
   * pointers move forward; a crash in between is repaired by the retry, which redoes them.
   */
  async save(snapshot: SnapshotDocument, scores?: Scores): Promise<void> {
    try {
      await this.snapshots.insertOne({ ...snapshot, _id: snapshot.snapshotId });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const { snapshotId, kind, domain, createdAt } = snapshot;
    if (domain === undefined) return;
    await keepNewest(this.newest, { _id: newestKey(kind, domain), kind, domain, snapshotId, createdAt });
    if (kind === 'site' && scores) await keepNewest(this.rankingsByDomain, { _id: domain, domain, snapshotId, createdAt, ...scores });
  }

  get(snapshotId: string): Promise<SnapshotDocument | null> {
    return this.snapshots.findOne({ _id: snapshotId }, { projection: { _id: 0 } });
  }

  /** A stored snapshot's report and its kind alone; null when there is no such snapshot. */
  async report(snapshotId: string): Promise<KindedReport | null> {
    return this.snapshots.findOne<KindedReport>({ _id: snapshotId }, { projection: { _id: 0, kind: 1, report: 1 } });
  }

  /** Keeps one part of a report being saved; a retry writes the same part again. */
  async savePart({ snapshotId, index, text }: ReportPart): Promise<void> {
    await this.reportParts.replaceOne({ _id: partKey(snapshotId, index) }, { snapshotId, index, text }, { upsert: true });
  }

  /** The report's parts joined in order, read by `_id`; undefined when any is missing. */
  async joinedParts(snapshotId: string, count: number): Promise<string | undefined> {
    const keys = Array.from({ length: count }, (_, index) => partKey(snapshotId, index));
    const found = await this.reportParts.find({ _id: { $in: keys } }).toArray();
    if (found.length !== count) return undefined;
    return found
      .sort((a, b) => a.index - b.index)
      .map((part) => part.text)
      .join('');
  }

  async dropParts(snapshotId: string, count: number): Promise<void> {
    await this.reportParts.deleteMany({ _id: { $in: Array.from({ length: count }, (_, index) => partKey(snapshotId, index)) } });
  }

  /** A monitor's newest runs (at most `limit`), oldest first, read through `by_monitor` without their reports. */
  async runsOf(monitorId: string, limit = MAX_MONITOR_RUNS): Promise<MonitorRunDocument[]> {
    const newestFirst = await this.snapshots
      .find(
        { monitorId },
        {
          sort: { createdAt: -1 },
          limit,
          projection: { _id: 0, snapshotId: 1, createdAt: 1, monitorId: 1, fingerprint: 1, observation: 1 },
        },
      )
      .toArray();
    return (newestFirst as MonitorRunDocument[]).reverse();
  }

  async newestOf(domain: string, kind: CheckKind = 'site'): Promise<SnapshotDocument | null> {
    const pointer = await this.newest.findOne({ _id: newestKey(kind, domain) }, { projection: { snapshotId: 1 } });
    return pointer ? this.get(pointer.snapshotId) : null;
  }

  /**
   * Reads the rankings collection (one record per domain), never the snapshots, in score bands that
   * double in width from the top: SecantusDB reads a sorted index to its end before applying the
   * limit, so one unbounded find would grow with the number of domains; a band reads little more than
   * it returns. Bands are disjoint and descending, so their results concatenate in order.
   */
  async rankings(limit: number): Promise<RankingRecord[]> {
    const found: RankingRecord[] = [];
    let upper: number | undefined;
    for (let width = 1; found.length < limit; width *= 2) {
      const lower = (upper ?? TOP_SCORE) - width;
      const last = lower <= 0;
      const band = { ...(last ? {} : { $gte: lower }), ...(upper === undefined ? {} : { $lt: upper }) };
      const filter = Object.keys(band).length > 0 ? { totalScore: band } : {};
      found.push(
        ...(await this.rankingsByDomain
          .find(filter, { sort: { totalScore: -1, createdAt: -1 }, limit: limit - found.length, projection: { _id: 0 } })
          .toArray()),
      );
      if (last) break;
      upper = lower;
    }
    return found;
  }
}

/** Writes the record under its `_id` unless a newer one is there: a check saved late never replaces a newer one. */
async function keepNewest<T extends { _id: string; createdAt: Date }>(collection: Collection<T>, record: T): Promise<void> {
  const { _id, ...fields } = record;
  const filter = { _id, createdAt: { $lt: record.createdAt } } as Parameters<Collection<T>['updateOne']>[0];
  const replaceIfNewer = () => collection.updateOne(filter, { $set: fields as Partial<T> });
  if ((await replaceIfNewer()).matchedCount > 0) return;
  try {
    await collection.insertOne(record as Parameters<Collection<T>['insertOne']>[0]);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    // Another save of this key got in first: it stays only if it is newer.
    await replaceIfNewer();
  }
}

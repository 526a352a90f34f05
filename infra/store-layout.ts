import { MongoServerError, type Db, type IndexDescription } from 'mongodb';

/**
 * The store's collections: snapshot-store.ts writes and reads the first four, monitor-store.ts the
 * monitors', crawler-log-store.ts the uploaded logs' parts, vendor-range-store.ts the vendors' range files,
 * key-directory-store.ts the signing agents' key directories (docs/store.md).
 */
export const COLLECTIONS = {
  snapshots: 'snapshots',
  reportParts: 'report_parts',
  newest: 'newest',
  rankings: 'rankings',
  monitors: 'monitors',
  alerts: 'alerts',
  crawlerLogParts: 'crawler_log_parts',
  vendorRanges: 'vendor_ranges',
  keyDirectories: 'key_directories',
  /** Search volumes by endpoint, market, month and phrase (demand-cache.ts). */
  demandVolumes: 'demand_volumes',
} as const;

/**
 * An upload's parts are deleted once its report is saved; these are the parts of a run that failed
 * after the upload was stored, or never started. A week outlives any run the workers could still finish.
 */
const ABANDONED_UPLOAD_SECONDS = 7 * 24 * 3600;

/** Search volumes are bought again each month (demand-cache.ts): two months on, a month's are never read. */
const PAST_DEMAND_SECONDS = 62 * 24 * 3600;

/** Beyond each collection's `_id` index: the one index a read needs. Tests check these exist. */
export const INDEXES: Record<string, IndexDescription[]> = {
  [COLLECTIONS.rankings]: [{ key: { totalScore: -1, createdAt: -1 }, name: 'by_score' }],
  [COLLECTIONS.snapshots]: [{ key: { monitorId: 1, createdAt: -1 }, name: 'by_monitor' }],
  [COLLECTIONS.alerts]: [{ key: { monitorId: 1, at: 1 }, name: 'by_monitor' }],
  [COLLECTIONS.monitors]: [{ key: { expiresAt: 1 }, name: 'by_expiry' }],
  [COLLECTIONS.crawlerLogParts]: [{ key: { storedAt: 1 }, name: 'abandoned', expireAfterSeconds: ABANDONED_UPLOAD_SECONDS }],
  [COLLECTIONS.demandVolumes]: [{ key: { storedAt: 1 }, name: 'past', expireAfterSeconds: PAST_DEMAND_SECONDS }],
};

/** IndexOptionsConflict, IndexKeySpecsConflict: an index of that name exists, defined otherwise. */
const INDEX_CONFLICT = new Set([85, 86]);

/**
 * Idempotent; `services:up` runs it, and so do the worker and the API at start. An index left by an
 * earlier version under the same name with other keys or options is rebuilt as this version wants
 * it: indexes are derived data, and a read planned for the new one must not meet the old.
 */
export async function ensureIndexes(db: Db): Promise<void> {
  await Promise.all(
    Object.entries(INDEXES).flatMap(([name, indexes]) =>
      indexes.map(async (index) => {
        const collection = db.collection(name);
        try {
          await collection.createIndexes([index]);
        } catch (error) {
          if (!(error instanceof MongoServerError && INDEX_CONFLICT.has(error.code as number)) || !index.name) throw error;
          await collection.dropIndex(index.name);
          await collection.createIndexes([index]);
        }
      }),
    ),
  );
}

import { createMongo } from '../../infra/mongo';
import { SnapshotStore } from '../../infra/snapshot-store';

/** The snapshot store's indexes, created by services:up so that no read ever finds them missing. */
export async function ensureStoreIndexes(uri: string): Promise<void> {
  const mongo = createMongo(uri);
  try {
    await new SnapshotStore(mongo.db).ensureIndexes();
  } finally {
    await mongo.client.close();
  }
}

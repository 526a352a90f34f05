import type { Collection, Db } from 'mongodb';
import type { DirectoryKey } from '../domain/traffic/key-directory';
import { COLLECTIONS } from './store-layout';

/** A signing agent's key directory as last fetched, and the last failure to fetch it. */
export interface StoredDirectory {
  _id: string;
  /** Absent until a fetch has succeeded once. */
  keys?: DirectoryKey[];
  fetchedAt?: Date;
  /** How long the copy is fresh, from its Cache-Control, within the verifier's bounds. */
  maxAgeSeconds?: number;
  failure?: { reason: string; at: Date };
}

/**
 * Web Bot Auth key directories, one document per directory URL. A failed fetch records its reason
 * beside the keys and never removes them: a directory that is down verifies with its last copy
 * (docs/checks/traffic.md, "Signed agents").
 */
export class KeyDirectoryStore {
  private readonly directories: Collection<StoredDirectory>;

  constructor(db: Db) {
    this.directories = db.collection(COLLECTIONS.keyDirectories);
  }

  async get(url: string): Promise<StoredDirectory | undefined> {
    return (await this.directories.findOne({ _id: url })) ?? undefined;
  }

  async saveKeys(url: string, keys: DirectoryKey[], fetchedAt: Date, maxAgeSeconds: number): Promise<void> {
    await this.directories.updateOne({ _id: url }, { $set: { keys, fetchedAt, maxAgeSeconds }, $unset: { failure: '' } }, { upsert: true });
  }

  async saveFailure(url: string, reason: string, at: Date): Promise<void> {
    await this.directories.updateOne({ _id: url }, { $set: { failure: { reason, at } } }, { upsert: true });
  }

  async many(urls: readonly string[]): Promise<Map<string, StoredDirectory>> {
    const found = await this.directories.find({ _id: { $in: [...urls] } }).toArray();
    return new Map(found.map((directory) => [directory._id, directory]));
  }
}

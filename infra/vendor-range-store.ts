import type { Collection, Db } from 'mongodb';
import type { RangeFile } from '../domain/traffic/ip-ranges';
import { COLLECTIONS } from './store-layout';

/** One vendor's range file as last fetched: its prefixes, the vendor's own `creationTime`, and when it was fetched. */
export interface StoredRangeFile extends RangeFile {
  _id: string;
  url: string;
  fetchedAt: Date;
}

/**
 * The vendors' published IP ranges, one document per range file (`_id` its id in crawler-identity.json),
 * replaced by each refresh that fetched it; a vendor that could not be fetched keeps its last copy.
 */
export class VendorRangeStore {
  private readonly files: Collection<StoredRangeFile>;

  constructor(db: Db) {
    this.files = db.collection(COLLECTIONS.vendorRanges);
  }

  async save(id: string, url: string, file: RangeFile, fetchedAt: Date): Promise<void> {
    const document: StoredRangeFile = {
      _id: id,
      url,
      prefixes: file.prefixes,
      fetchedAt,
      ...(file.creationTime ? { creationTime: file.creationTime } : {}),
    };
    await this.files.replaceOne({ _id: id }, document, { upsert: true });
  }

  /** Every stored file, by id (a few dozen documents). */
  async all(): Promise<Map<string, StoredRangeFile>> {
    const files = await this.files.find({}).toArray();
    return new Map(files.map((file) => [file._id, file]));
  }

  async count(): Promise<number> {
    return this.files.countDocuments({});
  }
}

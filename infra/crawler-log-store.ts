import { gunzipSync, gzipSync } from 'node:zlib';
import { Binary, type Collection, type Db } from 'mongodb';
import type { TrafficAggregate } from '../domain/traffic/traffic-aggregate';
import { COLLECTIONS } from './store-layout';

/** One part of an uploaded access log, gzipped, until the traffic check has read it. */
interface LogPartDocument {
  _id: string;
  uploadId: string;
  index: number;
  /** The part's first line number in the whole log (1-based), so unreadable lines are numbered as uploaded. */
  firstLine: number;
  data: Binary;
  storedAt: Date;
  /** The part's counts once read, gzipped JSON (its keys are paths, which MongoDB field names could not hold). */
  tally?: Binary;
}

export interface LogPart {
  firstLine: number;
  text: string;
}

const partKey = (uploadId: string, index: number) => `${uploadId}:${index}`;

/**
 * Uploaded access logs, in parts of at most TRAFFIC_PART_LINES lines each read by `_id`: the log never
 * enters workflow history, and each part is one activity's work. Gzipped: a part of 20,000 lines is
 * ~4 MB of text and ~0.3 MB stored, well under the 16 MB document limit.
 */
export class CrawlerLogStore {
  private readonly parts: Collection<LogPartDocument>;

  constructor(db: Db) {
    this.parts = db.collection(COLLECTIONS.crawlerLogParts);
  }

  async savePart(uploadId: string, index: number, firstLine: number, text: string): Promise<void> {
    const document = { uploadId, index, firstLine, data: new Binary(gzipSync(text, { level: 1 })), storedAt: new Date() };
    await this.parts.replaceOne({ _id: partKey(uploadId, index) }, document, { upsert: true });
  }

  /** A part, or undefined when it is gone (read and dropped already, or never stored). */
  async part(uploadId: string, index: number): Promise<LogPart | undefined> {
    const found = await this.parts.findOne({ _id: partKey(uploadId, index) });
    return found ? { firstLine: found.firstLine, text: gunzipSync(found.data.buffer).toString('utf8') } : undefined;
  }

  /** Keeps a read part's counts beside it, so that only the merged report, not each part's counts, passes through workflow history. */
  async saveTally(uploadId: string, index: number, tally: TrafficAggregate): Promise<void> {
    const { matchedCount } = await this.parts.updateOne(
      { _id: partKey(uploadId, index) },
      { $set: { tally: new Binary(gzipSync(JSON.stringify(tally), { level: 1 })) } },
    );
    if (matchedCount === 0) throw new Error(`part ${index + 1} of upload ${uploadId} is not stored`);
  }

  /** Every part's counts in order; undefined for a part not read yet (or gone). */
  async tallies(uploadId: string, parts: number): Promise<(TrafficAggregate | undefined)[]> {
    const keys = Array.from({ length: parts }, (_, index) => partKey(uploadId, index));
    const found = new Map<string, TrafficAggregate>();
    for await (const document of this.parts.find({ _id: { $in: keys }, tally: { $exists: true } }, { projection: { tally: 1 } })) {
      found.set(document._id, JSON.parse(gunzipSync(document.tally!.buffer).toString('utf8')) as TrafficAggregate);
    }
    return keys.map((key) => found.get(key));
  }

  async drop(uploadId: string, parts: number): Promise<void> {
    await this.parts.deleteMany({ _id: { $in: Array.from({ length: parts }, (_, index) => partKey(uploadId, index)) } });
  }
}

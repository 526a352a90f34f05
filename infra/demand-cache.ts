import type { Collection, Db } from 'mongodb';
import type { DemandEndpoint, DemandVolume } from '../domain/brand/report/demand';
import { COLLECTIONS } from './store-layout';

interface StoredVolume {
  /** `<endpoint>|<market>|<month>|<phrase>`. */
  _id: string;
  volume: number | null;
  month: string | null;
  storedAt: Date;
}

/**
 * Search volumes as DataForSEO gave them, by endpoint, market, calendar month and phrase
 * (docs/checks/brand.md, "Demand"): the providers refresh their figures once a month, so a phrase
 * measured this month is not bought again until the next. No data is kept too: it is an answer.
 */
export class DemandCache {
  private readonly volumes: Collection<StoredVolume>;

  constructor(db: Db) {
    this.volumes = db.collection(COLLECTIONS.demandVolumes);
  }

  private static id(endpoint: DemandEndpoint, market: string, month: string, phrase: string): string {
    return `${endpoint}|${market}|${month}|${phrase}`;
  }

  async find(endpoint: DemandEndpoint, market: string, month: string, phrases: readonly string[]): Promise<Map<string, DemandVolume>> {
    const ids = phrases.map((phrase) => DemandCache.id(endpoint, market, month, phrase));
    const found = await this.volumes.find({ _id: { $in: ids } }).toArray();
    const byId = new Map(found.map((entry) => [entry._id, entry]));
    return new Map(
      phrases.flatMap((phrase) => {
        const entry = byId.get(DemandCache.id(endpoint, market, month, phrase));
        return entry ? [[phrase, { phrase, volume: entry.volume, month: entry.month }] as const] : [];
      }),
    );
  }

  async save(endpoint: DemandEndpoint, market: string, month: string, volumes: readonly DemandVolume[], storedAt: Date): Promise<void> {
    if (volumes.length === 0) return;
    await this.volumes.bulkWrite(
      volumes.map((entry) => {
        const _id = DemandCache.id(endpoint, market, month, entry.phrase);
        return { replaceOne: { filter: { _id }, replacement: { _id, volume: entry.volume, month: entry.month, storedAt }, upsert: true } };
      }),
      { ordered: false },
    );
  }
}

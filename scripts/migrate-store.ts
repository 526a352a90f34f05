/**
 * `npm run store:migrate -- --from <uri> [--to <uri>]`: copies every snapshot of an older store (e.g.
 * the FerretDB of `.data/ferretdb`, run on a spare port: docs/store.md) into the
 * configured one, in the current layout. Saves go through SnapshotStore, so the newest pointers and the
 * rankings are rebuilt as they go, and running it again changes nothing.
 */
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';
import { loadConfig } from '../infra/load-config';
import { createMongo, databaseOf } from '../infra/mongo';
import type { KindedReport } from '../domain/check-outcome';
import { SnapshotStore, type SnapshotDocument } from '../infra/snapshot-store';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });

interface Scores {
  totalScore?: unknown;
  crawlerScore?: unknown;
  memoryScore?: unknown;
}

/** The rankings record of a site check comes from its report's scores, as the worker's save does. */
function scoresOf(snapshot: SnapshotDocument) {
  const report = snapshot.report as Scores | null;
  const { totalScore, crawlerScore, memoryScore } = report ?? {};
  if (snapshot.kind !== 'site' || typeof totalScore !== 'number' || typeof crawlerScore !== 'number' || typeof memoryScore !== 'number')
    return undefined;
  return { totalScore, crawlerScore, memoryScore };
}

async function main(): Promise<void> {
  if (!values.from) throw new Error('usage: npm run store:migrate -- --from mongodb://127.0.0.1:27018/aivis [--to <MONGODB_URI>]');
  const targetUri = values.to ?? loadConfig().mongodbUri;
  if (values.from === targetUri) throw new Error('--from and --to name the same store');
  const source = new MongoClient(values.from, { serverSelectionTimeoutMS: 5_000 });
  const target = createMongo(targetUri);
  const store = new SnapshotStore(target.db);
  try {
    await store.ensureIndexes();
    let copied = 0;
    // One pass in the source's natural order: a FerretDB v1 store cannot sort or count without decoding everything.
    for await (const old of source.db(databaseOf(values.from)).collection<SnapshotDocument>('snapshots').find({}, { batchSize: 100 })) {
      // A store older than the kind field held site checks only.
      const snapshot: SnapshotDocument = {
        snapshotId: old.snapshotId,
        ...({ kind: old.kind ?? 'site', report: old.report } as KindedReport),
        createdAt: new Date(old.createdAt),
      };
      if (old.domain) snapshot.domain = old.domain;
      await store.save(snapshot, scoresOf(snapshot));
      copied += 1;
      if (copied % 500 === 0) console.log(`[store:migrate] ${copied} snapshots …`);
    }
    console.log(`[store:migrate] ${copied} snapshots copied from ${values.from} to ${targetUri}`);
  } finally {
    await Promise.allSettled([source.close(), target.client.close()]);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[store:migrate] ${(error as Error).message}`);
    process.exit(1);
  },
);

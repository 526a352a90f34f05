import { MongoClient, MongoServerError, type Db } from 'mongodb';

export interface Mongo {
  client: MongoClient;
  db: Db;
}

/**
 * A client for the snapshot store named by MONGODB_URI; the database is the URI's path (`aivis` if none).
 * The driver connects on first use and reconnects by itself, so a process can start before MongoDB does.
 */
export function createMongo(uri: string, databaseName?: string): Mongo {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000, appName: 'ai-visibility-check' });
  return { client, db: client.db(databaseName ?? databaseOf(uri)) };
}

/** The database a connection string names (`mongodb://h1,h2/aivis?…` → aivis), `aivis` if none. */
export function databaseOf(uri: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(uri)?.[1];
  return path ? decodeURIComponent(path) : 'aivis';
}

/** A document as stored: its own id also as `_id`. */
export type Keyed<T> = T & { _id: string };

const DUPLICATE_KEY = 11000;
/** An insert met a document of that `_id` (or unique key): a retried write, or another writer first. */
export const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === DUPLICATE_KEY;

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { findPython, pipInstall } from './commands';
import { DATA_DIR, TOOLS_DIR } from './paths';
import type { LocalService } from './service';
import { ensureStoreIndexes } from './store-indexes';

/**
 * SecantusDB (PyPI): a MongoDB-wire server on WiredTiger whose finds use their indexes, so reads stay
 * flat as snapshots pile up. FerretDB v1, the former default, filters every document after reading it
 * (docs/store.md). MongoDB itself is not packaged for these machines.
 */
export const SECANTUSDB_VERSION = '0.7.0b3';
const installDir = join(TOOLS_DIR, `secantusdb-${SECANTUSDB_VERSION}`);
const DATA_SUBDIR = 'secantusdb';

/** WiredTiger's cache: the server's memory is bounded by it, not by the store's size. */
const CACHE_SIZE = '256M';
/** No change streams here: a short oplog keeps it from holding a second copy of every report. */
const OPLOG_MAX_ENTRIES = '1000';

/** One data directory per port: a second local store (tests, benchmarks) never opens the first one's files. */
export function storeDataDir(port: number): string {
  return join(DATA_DIR, port === 27017 ? DATA_SUBDIR : `${DATA_SUBDIR}-${port}`);
}

/**
 * The interpreter itself, not a shim (pyenv, asdf): services:down recognises the process by the path
 * its command line starts with.
 */
function python(): string {
  const found = findPython('the MongoDB-wire server (PyPI SecantusDB), or set MONGODB_URI to a running MongoDB');
  return execFileSync(found, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
}

export function mongodbService(uri: string): LocalService {
  const { hostname, port } = new URL(uri.replace(/^mongodb\+srv:/, 'mongodb:'));
  const host = hostname.replace(/^\[|\]$/g, '');
  const listenPort = Number(port || 27017);
  const dataDir = storeDataDir(listenPort);
  return {
    name: listenPort === 27017 ? 'mongodb' : `mongodb-${listenPort}`,
    label: `MongoDB-wire server (SecantusDB ${SECANTUSDB_VERSION}) on ${host}:${listenPort}`,
    variable: 'MONGODB_URI',
    host,
    port: listenPort,
    optional: false,
    async probe() {
      const client = new MongoClient(uri, { serverSelectionTimeoutMS: 1_000, connectTimeoutMS: 1_000 });
      try {
        await client.db('admin').command({ ping: 1 });
      } finally {
        await client.close();
      }
    },
    async install() {
      if (existsSync(join(DATA_DIR, 'ferretdb'))) {
        console.warn(
          '[services] .data/ferretdb holds snapshots of the former FerretDB store: docs/store.md, says how to copy them over (npm run store:migrate)',
        );
      }
      const interpreter = python();
      if (!existsSync(join(installDir, 'secantus', 'cli.py'))) {
        console.log(`[services] installing SecantusDB ${SECANTUSDB_VERSION} from PyPI …`);
        pipInstall(interpreter, `SecantusDB==${SECANTUSDB_VERSION}`, installDir);
      }
      return interpreter;
    },
    args() {
      mkdirSync(dataDir, { recursive: true });
      return [
        '-c',
        'import sys; from secantus.cli import main; sys.exit(main())',
        '--host',
        host,
        '--port',
        String(listenPort),
        '--storage-path',
        dataDir,
        // Drivers see a plain standalone server, as with mongod: no replica-set discovery in the URI.
        '--standalone',
        '--cache-size',
        CACHE_SIZE,
        '--oplog-max-entries',
        OPLOG_MAX_ENTRIES,
        '--log-level',
        'WARNING',
      ];
    },
    env: { PYTHONPATH: installDir, PYTHONUNBUFFERED: '1' },
    // Indexes are a property of the local stack: present before the worker or the API first reads.
    afterReady: () => ensureStoreIndexes(uri),
  };
}

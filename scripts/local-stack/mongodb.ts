import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { run, which } from './commands';
import { DATA_DIR, TOOLS_DIR } from './paths';
import type { LocalService } from './service';

/**
 * FerretDB v1 with its SQLite backend: a real MongoDB-wire server that `go` builds here
 * (MongoDB itself is not packaged for these machines).
 */
const FERRETDB_VERSION = 'v1.24.2';
const binary = join(TOOLS_DIR, 'bin', `ferretdb-${FERRETDB_VERSION}`);

/**
 * `go install …@version` fails on this module (the proxy refuses its version list, which go asks for
 * deprecation notices), and its release source lacks the generated build/version/version.txt that
 * FerretDB panics without. So: a throwaway module that requires it, vendored, with that file written.
 */
function buildFerretDb(): void {
  const go = which('go');
  if (!go) throw new Error('Go is needed to build FerretDB (the MongoDB-wire server); install Go or set MONGODB_URI to a running MongoDB');
  const buildDir = join(TOOLS_DIR, 'build', `ferretdb-${FERRETDB_VERSION}`);
  mkdirSync(buildDir, { recursive: true });
  writeFileSync(join(buildDir, 'go.mod'), `module ferretdb-build\n\ngo 1.22\n\nrequire github.com/FerretDB/FerretDB ${FERRETDB_VERSION}\n`);
  writeFileSync(join(buildDir, 'tools.go'), '//go:build tools\n\npackage tools\n\nimport _ "github.com/FerretDB/FerretDB/cmd/ferretdb"\n');
  const env = { GOFLAGS: '-mod=mod', CGO_ENABLED: '0', GOTOOLCHAIN: 'local' };
  run(go, ['mod', 'tidy'], { cwd: buildDir, env });
  run(go, ['mod', 'vendor'], { cwd: buildDir, env });
  writeFileSync(join(buildDir, 'vendor/github.com/FerretDB/FerretDB/build/version/version.txt'), `${FERRETDB_VERSION}\n`);
  run(go, ['build', '-mod=vendor', '-trimpath', '-o', binary, 'github.com/FerretDB/FerretDB/cmd/ferretdb'], {
    cwd: buildDir,
    env: { CGO_ENABLED: '0', GOTOOLCHAIN: 'local', GOFLAGS: '' },
  });
}

export function mongodbService(uri: string): LocalService {
  const { hostname, port } = new URL(uri.replace(/^mongodb\+srv:/, 'mongodb:'));
  const host = hostname.replace(/^\[|\]$/g, '');
  const listenPort = Number(port || 27017);
  return {
    name: 'mongodb',
    label: `MongoDB-wire server (FerretDB ${FERRETDB_VERSION}, SQLite) on ${host}:${listenPort}`,
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
      if (existsSync(binary)) return binary;
      console.log(`[services] building FerretDB ${FERRETDB_VERSION} with go (about a minute, once) …`);
      buildFerretDb();
      return binary;
    },
    args: () => mongodbServerArgs({ host, port: listenPort, dataDir: join(DATA_DIR, 'ferretdb') }),
    env: MONGODB_SERVER_ENV,
  };
}

export const MONGODB_SERVER_ENV = { FERRETDB_TELEMETRY: 'disable', DO_NOT_TRACK: '1' };

/** The local MongoDB-wire server's binary, built on first use. */
export async function mongodbServerBinary(): Promise<string> {
  return mongodbService('mongodb://127.0.0.1:27017').install();
}

/** How the server is started on one address with its data in one folder (also used by the fault tests). */
export function mongodbServerArgs({ host, port, dataDir }: { host: string; port: number; dataDir: string }): string[] {
  mkdirSync(dataDir, { recursive: true });
  return [
    '--handler=sqlite',
    `--sqlite-url=file:${dataDir}/`,
    `--state-dir=${dataDir}`,
    `--listen-addr=${host}:${port}`,
    '--telemetry=disable',
    '--debug-addr=-',
    '--log-level=warn',
  ];
}

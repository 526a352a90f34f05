/**
 * `npm run demo` is what a new user first sees: run it whole, as a process on free ports, over the real
 * services, and read what it printed and the reports it linked as that user would. It fails on any
 * warning or error the worker or the API log as they start, and on any answer a report shows as an error.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../dev/local-stack/free-port';
import { RATE_LIMITS } from '../../domain/shared/rate-limits';
import { createMongo } from '../../infra/mongo';
import { SnapshotStore } from '../../infra/snapshot-store';
import { uniqueName } from '../support/names';
import { DEMO_CHECKS } from '../../scripts/demo/checks';

const ROOT = join(__dirname, '..', '..');
const database = uniqueName('demo').replace(/-/g, '_');
const mongo = createMongo(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017', database);

afterAll(async () => {
  await mongo.db.dropDatabase().catch(() => undefined);
  await mongo.client.close();
});

/** The store's address with this file's own database in its path (the environment's, or the local default's, which has none). */
function storeUri(): string {
  const uri = new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
  uri.pathname = `/${database}`;
  return uri.toString();
}

/** The demo with `--exit`: it runs its checks, prints the reports' links and stops once its worker and API have. */
async function runDemo(): Promise<{ code: number | null; output: string }> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--exit'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      // Its own queue (and so worker deployment) and database: other test files run beside it.
      TEMPORAL_TASK_QUEUE: uniqueName('demo'),
      MONGODB_URI: storeUri(),
      // Not what the demo is about: earlier runs on the same Redis must not use up an hour's checks.
      ...Object.fromEntries(Object.values(RATE_LIMITS).map((limit) => [limit.env, '0'])),
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output };
}

/** Every answer a report holds that is an error, wherever the kind keeps its answers: `{status: 'error', platform, error}`. */
function errorAnswers(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) errorAnswers(item, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.status === 'error') found.push(`${String(record.platform)}: ${String(record.error)}`);
    for (const field of Object.values(record)) errorAnswers(field, found);
  }
  return found;
}

test('npm run demo: every check answers without an error, and the worker and the API start without a warning', async () => {
  const { code, output } = await runDemo();
  if (code !== 0) throw new Error(`the demo exited ${code}:\n${output}`);

  // The start: until the first report is printed, the worker and the API have started and served one
  // check. Pino's pretty lines ("WARN (worker): …") and Temporal Core's own ("WARN temporalio_sdk_core…").
  const start = output.slice(0, output.indexOf('[demo] open the'));
  expect(start.split('\n').filter((line) => /\b(WARN|ERROR|FATAL)\b/.test(line))).toEqual([]);

  const links = [...output.matchAll(/\[demo\] open the ([\w ]*report): \S*\/report\/([\w-]+)/g)];
  expect(links.map(([, report]) => report)).toEqual(DEMO_CHECKS.map((check) => check.report));
  const store = new SnapshotStore(mongo.db);
  for (const [, report, snapshotId] of links) {
    const snapshot = await store.report(snapshotId!);
    expect({ report, answers: snapshot ? 'stored' : 'missing' }).toEqual({ report, answers: 'stored' });
    expect({ report, errors: errorAnswers(snapshot) }).toEqual({ report, errors: [] });
  }
}, 420_000);

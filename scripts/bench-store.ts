/**
 * `npm run bench:store -- --snapshots N [--fresh] [--drop]`: fills a scratch database with N synthetic
 * snapshots of realistic size through the project's own store, starts the real gateway on it, and
 * measures what readers see: the snapshot page and JSON over HTTP, cold (ids not read yet) and warm
 * (from the gateway's cache), the newest report of a domain and the rankings. Prints figures; asserts
 * nothing (these machines are shared and noisy). The scratch database is kept for the next run with
 * the same N (one scratch database per N) unless --drop; --fresh seeds it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../dev/local-stack/free-port';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Db } from 'mongodb';
import { createMongo, databaseOf } from '../infra/mongo';
import { loadConfig } from '../infra/load-config';
import { SnapshotStore } from '../infra/snapshot-store';
import { benchSnapshotId, domainOf, seed, SNAPSHOTS_PER_DOMAIN } from './bench-store/seed';
import { httpClient, throughput, timeEach } from './bench-store/measure';
import { servicesUp } from '../dev/local-stack';
import { logBenchRun } from './bench-log';

logBenchRun('bench:store');

const COLD_SAMPLES = 200;
const WARM_IDS = 50;
const WARM_CONCURRENCY = 16;
const WARM_DURATION_MS = 5_000;

const { values } = parseArgs({
  options: {
    snapshots: { type: 'string', default: '1000' },
    fresh: { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
  },
});
const total = Number(values.snapshots);
if (!Number.isInteger(total) || total < WARM_IDS) throw new Error(`--snapshots must be a whole number of at least ${WARM_IDS}`);

const withDatabase = (uri: string, name: string) => uri.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]*)(\/[^?]*)?/, `$1/${name}`);

/** A small seeded generator of sample indexes. */
function sampler(seedValue: number) {
  let state = seedValue;
  return (below: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % below;
  };
}

/** The gateway as `npm run api` runs it, in its own process, on the scratch database. */
async function startGateway(mongodbUri: string): Promise<{ origin: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: join(__dirname, '..'),
    env: { ...process.env, PORT: String(port), MONGODB_URI: mongodbUri, LOG_LEVEL: 'warn', REDIS_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the gateway exited while starting');
    try {
      await fetch(`${origin}/healthz`);
      return { origin, process: child };
    } catch {
      await sleep(200);
    }
  }
}

/** Seeds unless the scratch database already holds exactly this benchmark's N snapshots. */
async function prepare(db: Db): Promise<void> {
  const meta = db.collection<{ _id: string; snapshots: number }>('bench_meta');
  const seeded = values.fresh ? null : await meta.findOne({ _id: 'seeded' });
  if (seeded?.snapshots === total) {
    console.log(`[bench:store] reusing ${total} snapshots in ${db.databaseName} (--fresh seeds again)`);
    return;
  }
  await db.dropDatabase();
  console.log(`[bench:store] seeding ${total} snapshots (${Math.ceil(total / SNAPSHOTS_PER_DOMAIN)} domains) into ${db.databaseName} …`);
  await seed(db, 0, total, (done, perSecond) => console.log(`[bench:store]   ${done}/${total} (${Math.round(perSecond)} saves/s)`));
  await meta.insertOne({ _id: 'seeded', snapshots: total });
}

async function storeRssMb(db: Db): Promise<number> {
  const status = await db.admin().command({ serverStatus: 1 });
  return Number((status.mem as { resident?: number } | undefined)?.resident ?? NaN);
}

async function main(): Promise<void> {
  const config = loadConfig();
  await servicesUp(config);
  const scratchName = `${databaseOf(config.mongodbUri)}_bench_store_${total}`;
  const scratchUri = withDatabase(config.mongodbUri, scratchName);
  const mongo = createMongo(scratchUri);
  const store = new SnapshotStore(mongo.db);
  await prepare(mongo.db);

  // A new sample each run: ids that neither this gateway nor, mostly, the store has read lately.
  const pick = sampler(Date.now());
  const distinct = new Set<number>();
  while (distinct.size < Math.min(total, 2 * COLD_SAMPLES)) distinct.add(pick(total));
  const [pageIds, jsonIds] = [[...distinct].slice(0, COLD_SAMPLES), [...distinct].slice(COLD_SAMPLES)].map((indexes) =>
    indexes.map(benchSnapshotId),
  );
  const gateway = await startGateway(scratchUri);
  const http = httpClient(gateway.origin, WARM_CONCURRENCY);
  try {
    const pageCold = await timeEach(pageIds!, (id) => http.get(`/report/${id}`));
    const jsonCold = await timeEach(jsonIds!, (id) => http.get(`/api/v1/report/${id}`));
    const pageBytes = await http.get(`/report/${pageIds![0]}`);
    const warmPages = pageIds!.slice(0, WARM_IDS).map((id) => `/report/${id}`);
    const warmJson = jsonIds!.slice(0, WARM_IDS).map((id) => `/api/v1/report/${id}`);
    const pageWarm = await timeEach(warmPages, (path) => http.get(path));
    const pageWarmRps = await throughput(http.get, warmPages, WARM_CONCURRENCY, WARM_DURATION_MS);
    const jsonWarmRps = await throughput(http.get, warmJson, WARM_CONCURRENCY, WARM_DURATION_MS);
    const domains = Array.from({ length: COLD_SAMPLES }, () => domainOf(pick(total), total));
    const latest = await timeEach(domains, async (domain) => {
      if (!(await store.newestOf(domain))) throw new Error(`no snapshot of ${domain}`);
    });
    const rankings = await timeEach(Array.from({ length: 50 }), () => store.rankings(50));
    const missing = await timeEach(
      Array.from({ length: 50 }, (_, index) => benchSnapshotId(total + index)),
      (id) => http.get(`/report/${id}`, 404),
    );
    const rss = await storeRssMb(mongo.db);

    console.log(`[bench:store] page: ${pageBytes} bytes of HTML from a ~37 KB report`);
    console.log(
      `[bench:store] page cold (HTTP, sequential): p50 ${pageCold.p50} ms, p99 ${pageCold.p99} ms; warm p50 ${pageWarm.p50} ms; warm ${pageWarmRps} requests/s at ${WARM_CONCURRENCY} in flight`,
    );
    console.log(`[bench:store] JSON cold: p50 ${jsonCold.p50} ms, p99 ${jsonCold.p99} ms; warm ${jsonWarmRps} requests/s`);
    console.log(`[bench:store] unknown id (404): p50 ${missing.p50} ms`);
    console.log(
      `[bench:store] newest report of a domain (store.newestOf, what get_latest_report reads): p50 ${latest.p50} ms, p99 ${latest.p99} ms`,
    );
    console.log(`[bench:store] rankings (top 50): p50 ${rankings.p50} ms, p99 ${rankings.p99} ms`);
    console.log(`[bench:store] store server resident memory: ${rss} MB`);
    if (values.drop) await mongo.db.dropDatabase();
    else console.log(`[bench:store] ${scratchName} kept for the next run with --snapshots ${total} (--drop removes it)`);
    console.log(
      `snapshots=${total} page_cold_p50_ms=${pageCold.p50} page_cold_p99_ms=${pageCold.p99} page_warm_rps=${pageWarmRps} latest_p50_ms=${latest.p50} store_rss_mb=${rss}`,
    );
  } finally {
    await http.close();
    gateway.process.kill('SIGTERM');
    await mongo.client.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench:store] ${(error as Error).message}`);
    process.exit(1);
  },
);

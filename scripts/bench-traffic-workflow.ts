/**
 * The `--workflow` half of `npm run bench:traffic`: the generated log stored as an upload
 * (infra/crawler-log-upload.ts) into a scratch database, then read by crawlerTrafficWorkflow on a real
 * `worker/main.ts` process, whose peak resident memory (VmHWM) is read from /proc when it is done.
 * Reverse DNS is answered by a loopback stand-in: this machine reaches no resolver.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { startDnsStandIn } from '../dev/dns-stand-in';
import { servicesUp } from '../dev/local-stack';
import { parseConfig } from '../domain/shared/config';
import type { RangeFile } from '../domain/traffic/ip-ranges';
import { CrawlerLogStore } from '../infra/crawler-log-store';
import { storeCrawlerLog } from '../infra/crawler-log-upload';
import { createMongo } from '../infra/mongo';
import { rangeScheduleId } from '../infra/range-schedule';
import { SnapshotStore } from '../infra/snapshot-store';
import { VendorRangeStore } from '../infra/vendor-range-store';

const ROOT = join(__dirname, '..');

const peakRssMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function benchThroughWorkflow(parts: readonly string[], ranges: ReadonlyMap<string, RangeFile>): Promise<void> {
  const database = `aivis_bench_traffic_${Date.now()}`;
  const uri = Object.assign(new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/aivis'), { pathname: `/${database}` }).toString();
  // Reverse DNS answered on loopback (no name for any address), as a reachable resolver answers.
  const dns = await startDnsStandIn();
  const env = {
    ...process.env,
    DNS_SERVERS: dns.server,
    MONGODB_URI: uri,
    TEMPORAL_TASK_QUEUE: `bench-traffic-${Date.now()}`,
    METRICS_PORT: '0',
    LOG_LEVEL: 'warn',
  };
  const config = parseConfig(env);
  await servicesUp(config);
  const mongo = createMongo(config.mongodbUri);
  const worker = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    cwd: ROOT,
    env: { ...env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const connection = await Connection.connect({ address: config.temporal.address });
  const client = new Client({ connection, namespace: config.temporal.namespace });
  try {
    // The bench's ranges, stored as the schedule would store the vendors' (which this machine cannot reach).
    const stored = new VendorRangeStore(mongo.db);
    for (const [id, file] of ranges) await stored.save(id, `https://bench.invalid/${id}`, file, new Date());

    const storing = performance.now();
    const upload = await storeCrawlerLog(
      Readable.from(parts.map((part, index) => Buffer.from(index === parts.length - 1 ? part : `${part}\n`))),
      new CrawlerLogStore(mongo.db),
      'bench',
      { maxBytes: 1e10, maxLines: 1e8 },
    );
    if (!upload.stored) throw new Error(`the generated log was refused: ${upload.problem}`);
    const storeSeconds = (performance.now() - storing) / 1000;

    while (!output.includes('worker polling')) {
      if (worker.exitCode !== null) throw new Error(`the worker exited:\n${output}`);
      await sleep(100);
    }
    const reading = performance.now();
    const workflowId = `bench-traffic-${Date.now()}`;
    const outcome = await client.workflow.execute('crawlerTrafficWorkflow', {
      taskQueue: config.temporal.taskQueue,
      workflowId,
      args: [{ domain: 'bench.invalid', uploadId: 'bench', parts: upload.parts, format: upload.format }],
    });
    const seconds = (performance.now() - reading) / 1000;
    const snapshot = await new SnapshotStore(mongo.db).get((outcome as { snapshotId: string }).snapshotId);
    if (snapshot?.kind !== 'traffic') throw new Error('the traffic report was not stored');
    const report = snapshot.report;
    const historyBytes = (await client.workflow.getHandle(workflowId).describe()).raw.workflowExecutionInfo?.historySizeBytes;
    console.log(
      `workflow: history_kb=${Math.round(Number(historyBytes ?? 0) / 1024)} lines=${report.lines} stored_parts=${upload.parts} store_seconds=${storeSeconds.toFixed(2)} seconds=${seconds.toFixed(2)} lines_per_second=${Math.round(report.lines / seconds)} worker_peak_rss_mb=${peakRssMb(worker.pid!).toFixed(0)}`,
    );
  } finally {
    worker.kill('SIGTERM');
    await client.schedule
      .getHandle(rangeScheduleId(config.temporal.taskQueue))
      .delete()
      .catch(() => undefined);
    await connection.close();
    await mongo.db.dropDatabase().catch(() => undefined);
    await mongo.client.close();
    await dns.close();
  }
}

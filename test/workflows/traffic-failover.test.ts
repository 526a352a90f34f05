import type { ChildProcess } from 'node:child_process';
import { spawnWorkerProcess } from '../support/worker-process';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createReadLogPart } from '../../activities/crawler-log';
import { createKeyDirectories } from '../../activities/key-directories';
import { createSiteAccess } from '../../activities/support/site-access';
import { progressQuery } from '../../contract/workflow-contract';
import { SAMPLE_DNS_ZONE, SAMPLE_ROUND, sampleLog } from '../../dev/crawler-logs';
import { startDnsStandIn, type DnsStandIn } from '../../dev/dns-stand-in';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { startRangeFileStandIns, type RangeFileStandIns } from '../../dev/vendor-stand-ins/range-files';
import type { TrafficReport } from '../../domain/traffic/report-schema';
import type { TrafficAggregate } from '../../domain/traffic/traffic-aggregate';
import { CrawlerLogStore } from '../../infra/crawler-log-store';
import { storeCrawlerLog, TRAFFIC_PART_LINES } from '../../infra/crawler-log-upload';
import { createHostNameLookup } from '../../infra/host-name-lookup';
import { KeyDirectoryStore } from '../../infra/key-directory-store';
import { createMongo, type Mongo } from '../../infra/mongo';
import { rangeScheduleId } from '../../infra/range-schedule';
import { VendorRangeStore } from '../../infra/vendor-range-store';
import { testConfig } from '../support/config';
import { uniqueName } from '../support/names';
import { startTestTemporal, type TestTemporal } from '../support/temporal';

let sites: FixtureSites;
let vendors: RangeFileStandIns;
let dns: DnsStandIn;
let doomed: ChildProcess | undefined;
let rescuer: TestTemporal | undefined;
let mongo: Mongo;

beforeAll(async () => {
  [sites, vendors, dns] = await Promise.all([startFixtureSites(), startRangeFileStandIns(), startDnsStandIn(SAMPLE_DNS_ZONE)]);
});
afterAll(async () => {
  doomed?.kill('SIGKILL');
  await rescuer?.close();
  await mongo?.client.close();
  await Promise.all([sites?.close(), vendors?.close(), dns?.close()]);
});

test('killing the worker mid-log loses nothing: another worker reads the rest, and every line is counted once', async () => {
  const databaseName = uniqueName('traffic_failover').replace(/-/g, '_');
  const env = {
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...vendors.fetchOverrides() }),
    DNS_SERVERS: dns.server,
    TEMPORAL_TASK_QUEUE: uniqueName('traffic-failover'),
    MONGODB_URI: Object.assign(new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/aivis'), {
      pathname: `/${databaseName}`,
    }).toString(),
  };
  const config = testConfig(env);
  mongo = createMongo(config.mongodbUri);
  const logs = new CrawlerLogStore(mongo.db);
  // 24 parts: more than one worker reads in the time it takes to notice a part is done.
  const rounds = (TRAFFIC_PART_LINES * 24) / SAMPLE_ROUND.lines;
  const uploadId = uniqueName('upload');
  const upload = await storeCrawlerLog(Readable.from([Buffer.from(sampleLog(rounds))]), logs, uploadId, { maxBytes: 1e9, maxLines: 1e7 });
  if (!upload.stored) throw new Error(upload.problem);

  doomed = spawnWorkerProcess(env, config.temporal.taskQueue);
  let output = '';
  doomed.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('worker polling')) {
    if (doomed.exitCode !== null) throw new Error(`the worker exited early:\n${output}`);
    await sleep(100);
  }

  // The client of the rescuer-to-be, started without polling yet: a Temporal client only.
  const { Client, Connection } = await import('@temporalio/client');
  const connection = await Connection.connect({ address: config.temporal.address });
  try {
    const client = new Client({ connection });
    // The worker created its queue's range-refresh schedule at start: it goes with the test.
    await client.schedule
      .getHandle(rangeScheduleId(config.temporal.taskQueue))
      .delete()
      .catch(() => undefined);
    const handle = await client.workflow.start('crawlerTrafficWorkflow', {
      taskQueue: config.temporal.taskQueue,
      workflowId: uniqueName('traffic'),
      args: [{ domain: FIXTURE_HOSTS.blocking, uploadId, parts: upload.parts, format: upload.format }],
    });
    let doneBeforeKill = 0;
    while (doneBeforeKill === 0) {
      const { steps } = await handle.query(progressQuery);
      doneBeforeKill = steps.filter((step) => step.stage.startsWith('part:') && step.status === 'done').length;
      await sleep(50);
    }
    doomed.kill('SIGKILL');
    await once(doomed, 'exit');
    // Killed mid-log: most parts were still to read.
    expect(doneBeforeKill).toBeLessThan(upload.parts / 2);

    rescuer = await startTestTemporal(config, { databaseName });
    const outcome = (await handle.result()) as { snapshotId: string };
    const report = (await rescuer.store.get(outcome.snapshotId))?.report as TrafficReport;
    expect(report.lines).toBe(rounds * SAMPLE_ROUND.lines);
    expect(report.requests).toBe(rounds * SAMPLE_ROUND.requests);
    expect(report.unreadable).toBe(rounds * SAMPLE_ROUND.unreadable);
    const gptbot = report.crawlers.find((crawler) => crawler.token === 'GPTBot')!;
    expect(gptbot.verdicts).toEqual({ verified: rounds * 4, forged: rounds, unverifiable: 0 });
    expect(report.referrals.reduce((sum, referral) => sum + referral.visits, 0)).toBe(rounds * 3);
  } finally {
    await connection.close();
  }
}, 240_000);

test('a part retried after its worker died resumes from the heartbeat: the lines counted before are not read again', async () => {
  const db = createMongo(testConfig().mongodbUri, uniqueName('traffic_resume').replace(/-/g, '_'));
  const site = createSiteAccess(testConfig());
  try {
    const logs = new CrawlerLogStore(db.db);
    const ranges = new VendorRangeStore(db.db);
    await ranges.save(
      'openai-gptbot',
      'https://openai.com/gptbot.json',
      { creationTime: '2026-11-20', prefixes: ['20.171.206.0/24', '52.230.152.0/24'] },
      new Date(),
    );
    const upload = await storeCrawlerLog(Readable.from([Buffer.from(sampleLog(500))]), logs, 'resume', { maxBytes: 1e9, maxLines: 1e7 });
    if (!upload.stored) throw new Error(upload.problem);
    const keyDirectories = createKeyDirectories(site, new KeyDirectoryStore(db.db));
    const readLogPart = createReadLogPart(logs, ranges, createHostNameLookup([dns.server], 500), keyDirectories);
    const input = { uploadId: 'resume', index: 0, format: upload.format };

    // The first attempt's heartbeats, as Temporal keeps them: the last one is where a retry starts.
    const first = new MockActivityEnvironment();
    const beats: { nextLine: number; aggregate: TrafficAggregate }[] = [];
    first.on('heartbeat', (details: (typeof beats)[number]) => beats.push(structuredClone(details)));
    await first.run(readLogPart, input);
    const [whole] = await logs.tallies('resume', 1);
    expect(beats.map((beat) => beat.nextLine)).toEqual([2_000, 4_000, 6_000, 8_000, 10_000]);

    const retried = new MockActivityEnvironment({ attempt: 2, heartbeatDetails: beats[1] });
    await retried.run(readLogPart, input);
    const [resumed] = await logs.tallies('resume', 1);
    expect(resumed).toEqual(whole);
    expect(resumed!.requests).toBeGreaterThan(0);
    // What the retry itself read: only the lines after the heartbeat.
    const retryBeats: { nextLine: number }[] = [];
    const again = new MockActivityEnvironment({ attempt: 2, heartbeatDetails: beats[1] });
    again.on('heartbeat', (details: { nextLine: number }) => retryBeats.push(details));
    await again.run(readLogPart, input);
    expect(retryBeats.map((beat) => beat.nextLine)).toEqual([6_000, 8_000, 10_000]);
  } finally {
    await site.close();
    await db.db.dropDatabase();
    await db.client.close();
  }
});

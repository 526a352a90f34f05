import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { SAMPLE_ADDRESSES, SAMPLE_DNS_ZONE, SAMPLE_ROUND, sampleLog } from '../../dev/crawler-logs';
import { startDnsStandIn, type DnsStandIn } from '../../dev/dns-stand-in';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { startRangeFileStandIns, STAND_IN_RANGES, type RangeFileStandIns } from '../../dev/vendor-stand-ins/range-files';
import { RANGE_FILES } from '../../domain/traffic/range-files';
import type { Config } from '../../domain/shared/config';
import type { TrafficReport } from '../../domain/traffic/report-schema';
import { CrawlerLogStore } from '../../infra/crawler-log-store';
import { storeCrawlerLog, TRAFFIC_PART_LINES } from '../../infra/crawler-log-upload';
import { VendorRangeStore } from '../../infra/vendor-range-store';
import { testConfig } from '../support/config';
import { uniqueName } from '../support/names';
import { startTestTemporal, type TestTemporal } from '../support/temporal';

let sites: FixtureSites;
let vendors: RangeFileStandIns;
let dns: DnsStandIn;
let temporal: TestTemporal;
let config: Config;
let logs: CrawlerLogStore;
const LIMITS = { maxBytes: 10 * 1024 * 1024, maxLines: 100_000 };

beforeAll(async () => {
  [sites, vendors, dns] = await Promise.all([startFixtureSites(), startRangeFileStandIns(), startDnsStandIn(SAMPLE_DNS_ZONE)]);
  config = testConfig({
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...vendors.fetchOverrides() }),
    DNS_SERVERS: dns.server,
  });
  temporal = await startTestTemporal(config);
  logs = new CrawlerLogStore(temporal.mongo.db);
}, 60_000);
afterAll(async () => {
  await temporal?.close();
  await Promise.all([sites?.close(), vendors?.close(), dns?.close()]);
});

const body = (bytes: Buffer | string) => Readable.from([Buffer.from(bytes)]);

async function runTraffic(domain: string, log: Buffer | string) {
  const uploadId = uniqueName('upload');
  const upload = await storeCrawlerLog(body(log), logs, uploadId, LIMITS);
  if (!upload.stored) throw new Error(`refused: ${upload.problem}`);
  const workflowId = uniqueName('traffic');
  const outcome = await temporal.client.workflow.execute('crawlerTrafficWorkflow', {
    taskQueue: config.temporal.taskQueue,
    workflowId,
    args: [{ domain, uploadId, parts: upload.parts, format: upload.format }],
  });
  const stored = await temporal.store.get((outcome as { snapshotId: string }).snapshotId);
  // Every payload of the run's history, decoded: what Temporal keeps of the log.
  const raw = JSON.stringify(await temporal.client.workflow.getHandle(workflowId).fetchHistory());
  const history = [...raw.matchAll(/"data":"([A-Za-z0-9+/=]+)"/g)]
    .map((match) => Buffer.from(match[1]!, 'base64').toString('utf8'))
    .join('\n');
  return { upload, uploadId, outcome, stored, report: stored?.report as TrafficReport, history };
}

test('a check whose vendors are all down finishes without their ranges: those requests unverifiable, the reason on the report', async () => {
  for (const source of RANGE_FILES) vendors.fail(source.id, 503);
  try {
    const started = Date.now();
    const { report } = await runTraffic(FIXTURE_HOSTS.blocking, sampleLog(1));
    // Bounded: one retry of the refresh, then on (the daily refresh keeps trying); not the refresh's minutes of backoff.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(report.ranges).toEqual([]);
    expect(report.rangesUnavailable?.operators).toEqual(expect.arrayContaining(['OpenAI', 'Anthropic']));
    expect(report.rangesUnavailable?.reason).toMatch(/HTTP 503/);
    // GPTBot is verified by OpenAI's ranges alone: none of its requests is verified, none called forged.
    const gptbot = report.crawlers.find((crawler) => crawler.token === 'GPTBot')!;
    expect(gptbot.verdicts).toEqual({ verified: 0, forged: 0, unverifiable: gptbot.requests });
    expect(vendors.requests.get('openai-gptbot')).toBe(2);
  } finally {
    for (const source of RANGE_FILES)
      vendors.publish(source.id, { creationTime: '2026-11-20T15:46:03.000000', prefixes: STAND_IN_RANGES[source.id] ?? [] });
    vendors.requests.clear();
  }
}, 120_000);

test('a gzipped combined log on a fresh deployment: ranges fetched first, every verdict counted exactly, referrals by assistant, the contradictions named', async () => {
  const rounds = Math.ceil((TRAFFIC_PART_LINES * 2.5) / SAMPLE_ROUND.lines);
  expect(await new VendorRangeStore(temporal.mongo.db).count()).toBe(0);
  const { upload, uploadId, stored, report, history } = await runTraffic(FIXTURE_HOSTS.blocking, gzipSync(sampleLog(rounds)));
  expect(upload).toMatchObject({ stored: true, format: { name: 'combined' }, parts: 3 });
  expect(vendors.requests.get('openai-gptbot')).toBe(1);
  expect(stored).toMatchObject({ kind: 'traffic', domain: FIXTURE_HOSTS.blocking });

  expect(report.lines).toBe(rounds * SAMPLE_ROUND.lines);
  expect(report.requests).toBe(rounds * SAMPLE_ROUND.requests);
  expect(report.unreadable).toBe(rounds * SAMPLE_ROUND.unreadable);
  expect(report.unreadableAt.slice(0, 2)).toEqual([18, 38]);
  const verdicts = Object.fromEntries(report.crawlers.map((crawler) => [crawler.token, crawler.verdicts]));
  expect(verdicts).toEqual(
    Object.fromEntries(
      Object.entries(SAMPLE_ROUND.crawlers).map(([token, counts]) => [
        token,
        { verified: counts.verified * rounds, forged: counts.forged * rounds, unverifiable: counts.unverifiable * rounds },
      ]),
    ),
  );
  expect(Object.fromEntries(report.referrals.map((referral) => [referral.assistant, referral.visits]))).toEqual(
    Object.fromEntries(Object.entries(SAMPLE_ROUND.referrals).map(([assistant, visits]) => [assistant, visits * rounds])),
  );

  // no-ai.test's robots.txt blocks GPTBot and lets Googlebot in.
  expect(report.robots).toMatchObject({ source: 'robots.txt', outcome: 'ok' });
  const texts = report.contradictions.map((item) => item.text);
  expect(texts).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^robots\.txt blocks GPTBot, yet it fetched/),
      expect.stringMatching(/^robots\.txt allows Googlebot, but 75% of its verified requests got 403/),
    ]),
  );
  expect(report.crawlers.find((crawler) => crawler.token === 'ClaudeBot')?.forgedNetworks).toEqual([
    { network: '2a02:c207:3011::/48', requests: rounds },
  ]);

  // Privacy: no address of the log in the stored snapshot, nor in the run's history; the upload is gone once read.
  const json = JSON.stringify(stored);
  for (const address of SAMPLE_ADDRESSES) expect(json).not.toContain(address);
  // A part's counts stay in the store beside it: all a part hands the workflow is its request total, so history does not grow with the log's pages.
  expect(history.split('\n').filter((payload) => /^\{"requests":\d+\}$/.test(payload))).toHaveLength(upload.parts);
  for (const address of SAMPLE_ADDRESSES) expect(history).not.toContain(address);
  for (let index = 0; index < upload.parts; index++) expect(await logs.part(uploadId, index)).toBeUndefined();
}, 120_000);

test('bad uploads are refused before anything is kept: no known format, empty, broken gzip, too many lines, too many bytes', async () => {
  const unknown = await storeCrawlerLog(body('hello world\nthis is not a log\n'), logs, uniqueName('upload'), LIMITS);
  expect(unknown).toEqual({ stored: false, problem: 'unknown-format', unreadLines: ['hello world', 'this is not a log'] });
  expect(await storeCrawlerLog(body('\n\n'), logs, uniqueName('upload'), LIMITS)).toEqual({ stored: false, problem: 'empty' });
  expect(await storeCrawlerLog(body(gzipSync(sampleLog(2)).subarray(0, 40)), logs, uniqueName('upload'), LIMITS)).toEqual({
    stored: false,
    problem: 'bad-gzip',
  });

  const uploadId = uniqueName('upload');
  const tooLong = await storeCrawlerLog(body(sampleLog(1_500)), logs, uploadId, { maxBytes: LIMITS.maxBytes, maxLines: 25_000 });
  expect(tooLong).toEqual({ stored: false, problem: 'too-large', limit: '25000 lines' });
  expect(await logs.part(uploadId, 0)).toBeUndefined();
  expect(
    await storeCrawlerLog(body(sampleLog(200)), logs, uniqueName('upload'), { maxBytes: 10_000, maxLines: LIMITS.maxLines }),
  ).toMatchObject({ stored: false, problem: 'too-large' });
});

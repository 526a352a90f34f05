import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { SAMPLE_ADDRESSES, SAMPLE_DNS_ZONE, SAMPLE_ROUND, sampleLog } from '../../dev/crawler-logs';
import { startDnsStandIn, type DnsStandIn } from '../../dev/dns-stand-in';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { startRangeFileStandIns, type RangeFileStandIns } from '../../dev/vendor-stand-ins/range-files';
import type { TrafficReport } from '../../domain/traffic/report-schema';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { getForEvents } from '../support/sse-client';

let gateway: TestGateway;
let vendors: RangeFileStandIns;
let dns: DnsStandIn;

beforeAll(async () => {
  [vendors, dns] = await Promise.all([startRangeFileStandIns(), startDnsStandIn(SAMPLE_DNS_ZONE)]);
  gateway = await startTestGateway({ DNS_SERVERS: dns.server }, vendors.fetchOverrides());
}, 60_000);
afterAll(async () => {
  await gateway?.close();
  await Promise.all([vendors?.close(), dns?.close()]);
});

const ROUNDS = 50;
const upload = (app = gateway.app(), domain: string | null = FIXTURE_HOSTS.blocking) =>
  request(app).post(`/api/v1/crawler-logs${domain === null ? '' : `?domain=${encodeURIComponent(domain)}`}`);

test('a gzipped log: 202 with the check and report addresses, progress on the events URL, then the report as JSON, page and MCP tool, with no address from the log', async () => {
  const app = gateway.app();
  const accepted = await upload(app)
    .set('content-type', 'application/gzip')
    .send(gzipSync(sampleLog(ROUNDS)));
  expect(accepted.status).toBe(202);
  const { checkId, reportId, eventsUrl, reportUrl } = accepted.body as Record<string, string>;
  expect(accepted.body).toMatchObject({
    checkId: expect.stringMatching(/^traffic:no-ai\.test:/),
    lines: ROUNDS * SAMPLE_ROUND.lines,
    format: 'combined',
  });
  expect(eventsUrl).toBe(`/api/check/${encodeURIComponent(checkId!)}/events`);
  expect(reportUrl).toBe(`/report/${reportId}`);

  const { events } = await getForEvents(app, eventsUrl!);
  expect(events.some((event) => event.type === 'progress' && String(event.stage).startsWith('part:'))).toBe(true);
  expect(events.at(-1)).toMatchObject({ type: 'summary', reportId, reportUrl });

  const json = await request(app).get(`/api/v1/report/${reportId}`);
  expect(json.status).toBe(200);
  const report = (json.body as { report: TrafficReport }).report;
  expect(json.body).toMatchObject({ kind: 'traffic', report: { domain: FIXTURE_HOSTS.blocking } });
  expect(report.crawlers.find((crawler) => crawler.token === 'bingbot')?.verdicts).toEqual({
    verified: ROUNDS,
    forged: ROUNDS,
    unverifiable: 0,
  });
  for (const address of SAMPLE_ADDRESSES) expect(JSON.stringify(json.body)).not.toContain(address);

  const page = await request(app).get(reportUrl!);
  expect(page.status).toBe(200);
  expect(page.text).toContain('AI crawler traffic of no-ai.test');
  expect(page.text).toContain('robots.txt blocks GPTBot, yet it fetched');
  for (const address of SAMPLE_ADDRESSES) expect(page.text).not.toContain(address);

  const mcp = await request(app)
    .post('/api/mcp')
    .set({ accept: 'application/json, text/event-stream', 'content-type': 'application/json' })
    .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_crawler_report', arguments: { id: reportId } } });
  expect(mcp.status).toBe(200);
  expect(mcp.text).toContain('AI crawler traffic of no-ai.test');
  expect(mcp.text).toContain(`"forged":${ROUNDS * 3}`);
}, 120_000);

test('bad uploads get clear errors: no domain 400, a private domain 422, no known format 422 naming the lines, too large 413, broken gzip 400', async () => {
  const app = gateway.app();
  const missing = await upload(app, null).set('content-type', 'text/plain').send(sampleLog(1));
  expect(missing.status).toBe(400);
  expect(missing.body.error).toMatch(/domain is missing/);
  const loopback = await upload(app, 'localhost').set('content-type', 'text/plain').send(sampleLog(1));
  expect(loopback.status).toBe(422);

  const unknown = await upload(app)
    .set('content-type', 'text/plain')
    .send('Nov 25 04:30:16 web1 sshd[812]: Accepted publickey for deploy\nNov 25 04:30:17 web1 CRON[813]: session opened\n');
  expect(unknown.status).toBe(422);
  expect(unknown.body).toMatchObject({
    error: expect.stringMatching(/not an access log in a known format/),
    unreadLines: ['Nov 25 04:30:16 web1 sshd[812]: Accepted publickey for deploy', 'Nov 25 04:30:17 web1 CRON[813]: session opened'],
  });

  const tooLarge = await upload(gateway.app({ crawlerLogs: { maxBytes: 2_000, maxLines: 1_000 } }))
    .set('content-type', 'text/plain')
    .send(sampleLog(20));
  expect(tooLarge.status).toBe(413);
  const tooLong = await upload(gateway.app({ crawlerLogs: { maxBytes: 10_000_000, maxLines: 100 } }))
    .set('content-type', 'text/plain')
    .send(sampleLog(20));
  expect(tooLong.status).toBe(413);
  expect(tooLong.body.error).toMatch(/100 lines/);

  const broken = await upload(app)
    .set('content-type', 'application/gzip')
    .send(gzipSync(sampleLog(5)).subarray(0, 60));
  expect(broken.status).toBe(400);
});

test('RATE_LIMIT_CRAWLER_LOGS counts uploads per client IP and hour', async () => {
  const app = gateway.app({ rateLimits: { crawlerLogs: 1 } });
  expect((await upload(app).set('content-type', 'text/plain').send('not a log\n')).status).toBe(422);
  const refused = await upload(app).set('content-type', 'text/plain').send(sampleLog(1));
  expect(refused.status).toBe(429);
});

import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { startDnsStandIn, type DnsStandIn } from '../../dev/dns-stand-in';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { startRangeFileStandIns, type RangeFileStandIns } from '../../dev/vendor-stand-ins/range-files';
import type { TrafficReport } from '../../domain/traffic/report-schema';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { getForEvents } from '../support/sse-client';

/**
 * Issue 26 checked as it says it will be: a combined-format log of verified, forged and unverifiable
 * crawler requests (addresses from the vendors' published ranges, as the range-file stand-ins serve
 * them), refusals served to a verified crawler and visits referred by assistants, uploaded plain and
 * gzipped, through the public API to the stored report. The log and its counts are written here by
 * hand, line by line, apart from the parser's code and from dev/crawler-logs.ts.
 */

let gateway: TestGateway;
let vendors: RangeFileStandIns;
let dns: DnsStandIn;

beforeAll(async () => {
  // No PTR records: every host-verified crawler here is inside its vendor's ranges, or forged.
  [vendors, dns] = await Promise.all([startRangeFileStandIns(), startDnsStandIn({ ptr: {}, addresses: {} })]);
  gateway = await startTestGateway({ DNS_SERVERS: dns.server }, vendors.fetchOverrides());
}, 60_000);
afterAll(async () => {
  await gateway?.close();
  await Promise.all([vendors?.close(), dns?.close()]);
});

/** The user agents the vendors publish. */
const UA = {
  GPTBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)',
  'OAI-SearchBot':
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.3; robots.txt; +https://openai.com/searchbot',
  'ChatGPT-User': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  ClaudeBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  'Claude-User': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
  'Claude-SearchBot':
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)',
  PerplexityBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  'Perplexity-User':
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
  Googlebot:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.122 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/131.0.0.0 Safari/537.36',
  Applebot:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  Amazonbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36',
  CCBot: 'CCBot/2.0 (https://commoncrawl.org/faq/)',
  DuckAssistBot: 'DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)',
  'MistralAI-User': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)',
  Bytespider:
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  'meta-externalagent': 'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
  browser: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
};

const at = (second: number) => `[24/Nov/2026:10:00:${String(second).padStart(2, '0')} +0100]`;
const entry = (ip: string, second: number, request: string, status: number, agent: string, referer = '-') =>
  `${ip} - - ${at(second)} "${request}" ${status} 2048 "${referer}" "${agent}"`;

/**
 * 44 lines that are not blank: 41 requests, 3 unreadable; a blank line inside and two at the end.
 * Each address's range is named beside it (dev/vendor-stand-ins/range-files.ts serves it).
 */
const LOG_LINES = [
  // GPTBot: 4 verified (one HEAD 304, one robots.txt, one IPv4-mapped IPv6), 1 forged. Fetched pages: 2.
  entry('132.196.86.10', 1, 'GET /docs/a HTTP/1.1', 200, UA.GPTBot), // 132.196.86.0/24
  entry('172.182.204.77', 2, 'GET /docs/b HTTP/2.0', 200, UA.GPTBot), // 172.182.204.0/24
  entry('::ffff:20.171.206.9', 3, 'HEAD /docs/a HTTP/1.1', 304, UA.GPTBot), // 20.171.206.0/24
  entry('132.196.86.10', 4, 'GET /robots.txt HTTP/1.1', 200, UA.GPTBot),
  entry('203.0.113.50', 5, 'GET /docs/a HTTP/1.1', 200, UA.GPTBot), // forged
  entry('135.234.64.5', 6, 'GET https://no-ai.test/pricing HTTP/1.1', 200, UA['OAI-SearchBot']), // 135.234.64.0/24, an absolute target
  entry('104.210.139.200', 7, 'GET /docs/c?ref=x HTTP/1.1', 200, UA['ChatGPT-User']), // 104.210.139.192/28
  entry('216.73.216.40', 8, 'GET /docs/a HTTP/1.1', 200, UA.ClaudeBot), // 216.73.216.0/22
  entry('2a02:c207:3011::9', 9, 'GET /docs/a HTTP/1.1', 200, UA.ClaudeBot), // forged, IPv6
  entry('216.73.217.3', 10, 'GET /docs/d HTTP/1.1', 200, UA['Claude-User']),
  entry('216.73.218.9', 11, 'GET /docs/e HTTP/1.1', 200, UA['Claude-SearchBot']),
  '',
  entry('107.20.236.150', 12, 'GET /docs/a HTTP/1.1', 403, UA.PerplexityBot), // 107.20.236.150/32, refused
  entry('45.83.10.20', 13, 'GET /docs/b HTTP/1.1', 200, UA.PerplexityBot), // forged
  entry('44.208.221.197', 14, 'GET /pricing HTTP/1.1', 200, UA['Perplexity-User']), // 44.208.221.197/32
  entry('2001:4860:4801:10::1a', 15, 'GET / HTTP/1.1', 200, UA.Googlebot), // 2001:4860:4801:10::/64
  entry('192.178.4.5', 16, 'GET /docs/a HTTP/1.1', 301, UA.Googlebot), // 192.178.4.0/27
  entry('198.51.100.7', 17, 'GET /docs/a HTTP/1.1', 200, UA.Googlebot), // forged (no PTR record either)
  // bingbot, verified, refused 3 times in 4: 403, 403, 429, then 200.
  entry('157.55.39.20', 18, 'GET /docs/a HTTP/1.1', 403, UA.bingbot), // 157.55.39.0/24
  entry('157.55.39.20', 19, 'GET /docs/b HTTP/1.1', 403, UA.bingbot),
  entry('207.46.13.9', 20, 'GET /docs/c HTTP/1.1', 429, UA.bingbot), // 207.46.13.0/24
  entry('40.77.167.5', 21, 'GET / HTTP/1.1', 200, UA.bingbot), // 40.77.167.0/24
  entry('17.166.150.9', 22, 'GET / HTTP/1.1', 200, UA.Applebot), // 17.166.150.0/24
  entry('100.24.149.244', 23, 'GET /docs/a HTTP/1.1', 200, UA.Amazonbot), // Amazon's host address 100.24.149.244
  entry('18.97.9.170', 24, 'GET /docs/a HTTP/1.1', 200, UA.CCBot), // 18.97.9.168/29
  entry('2600:1f28:365:8000::10', 25, 'GET /docs/b HTTP/1.1', 200, UA.CCBot), // 2600:1f28:365:8000::/56
  entry('104.43.54.127', 26, 'GET /docs/a HTTP/1.1', 200, UA.DuckAssistBot), // 104.43.54.127/32
  entry('20.240.160.1', 27, 'GET /docs/a HTTP/1.1', 200, UA['MistralAI-User']), // 20.240.160.1/32
  entry('110.249.201.1', 28, 'GET /docs/a HTTP/1.1', 200, UA.Bytespider), // ByteDance publishes nothing
  entry('57.141.0.5', 29, 'GET /docs/b HTTP/1.1', 200, UA['meta-externalagent']), // Meta publishes nothing
  // Visits sent by assistants: ChatGPT 3 (one by utm_source only), Perplexity 2, Gemini, Copilot, Claude, DeepSeek 1 each.
  entry('81.2.69.142', 30, 'GET /pricing HTTP/1.1', 200, UA.browser, 'https://chatgpt.com/'),
  entry('81.2.69.143', 31, 'GET /docs/a HTTP/1.1', 200, UA.browser, 'https://chatgpt.com/'),
  entry('81.2.69.144', 32, 'GET /docs/a?utm_source=chatgpt.com HTTP/1.1', 200, UA.browser),
  entry('2001:67c:1220:80c::93e5:dd2', 33, 'GET /docs/b HTTP/1.1', 200, UA.browser, 'https://www.perplexity.ai/'),
  entry('81.2.69.145', 34, 'GET /pricing?utm_source=perplexity.ai&utm_medium=referral HTTP/1.1', 200, UA.browser),
  entry('81.2.69.146', 35, 'GET / HTTP/1.1', 200, UA.browser, 'https://gemini.google.com/'),
  entry('81.2.69.147', 36, 'GET /docs/c HTTP/1.1', 200, UA.browser, 'https://copilot.microsoft.com/'),
  entry('81.2.69.148', 37, 'GET /docs/d HTTP/1.1', 200, UA.browser, 'https://claude.ai/'),
  entry('81.2.69.149', 38, 'GET /docs/e HTTP/1.1', 304, UA.browser, 'https://chat.deepseek.com/'),
  // Requests that are neither: a search engine's visitor (quotes escaped in the request), a "-" request, a POST.
  entry('81.2.69.150', 39, 'GET /search?q=\\"widgets\\" HTTP/1.1', 200, UA.browser, 'https://www.google.com/'),
  entry('81.2.69.151', 40, '-', 408, '-'),
  entry('81.2.69.152', 41, 'POST /api/contact HTTP/1.1', 201, UA.browser),
  // Unreadable: not a log line, a line cut inside its user agent, a day that does not exist.
  'GET /docs/a HTTP/1.1 200',
  '132.196.86.10 - - [24/Nov/2026:10:00:42 +0100] "GET /docs/a HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; GPTB',
  entry('132.196.86.10', 43, 'GET /docs/a HTTP/1.1', 200, UA.GPTBot).replace('24/Nov', '31/Nov'),
  '',
  '',
];
/** Windows line endings, as a log copied off a Windows server has them. */
const LOG = LOG_LINES.join('\r\n');
const ADDRESSES = [
  ...new Set(LOG_LINES.map((line) => line.split(' ')[0]!).filter((field) => /^[\d.:a-f]+$/.test(field) && field.length > 6)),
];

/** Counted by hand from the lines above. */
const EXPECTED = {
  lines: 44,
  requests: 41,
  unreadable: 3,
  unreadableAt: [43, 44, 45],
  /** Per crawler: [verified, forged, unverifiable]. */
  crawlers: {
    GPTBot: [4, 1, 0],
    'OAI-SearchBot': [1, 0, 0],
    'ChatGPT-User': [1, 0, 0],
    ClaudeBot: [1, 1, 0],
    'Claude-User': [1, 0, 0],
    'Claude-SearchBot': [1, 0, 0],
    PerplexityBot: [1, 1, 0],
    'Perplexity-User': [1, 0, 0],
    Googlebot: [2, 1, 0],
    bingbot: [4, 0, 0],
    Applebot: [1, 0, 0],
    Amazonbot: [1, 0, 0],
    CCBot: [2, 0, 0],
    DuckAssistBot: [1, 0, 0],
    'MistralAI-User': [1, 0, 0],
    Bytespider: [0, 0, 1],
    'meta-externalagent': [0, 0, 1],
  },
  referrals: { ChatGPT: 3, Perplexity: 2, Gemini: 1, Copilot: 1, Claude: 1, DeepSeek: 1 },
};

/** Uploads a body, follows the check to its end, and returns the report as the API and the store hold it. */
async function checked(domain: string, body: string | Buffer, headers: Record<string, string>) {
  const app = gateway.app({ rateLimits: { crawlerLogs: 100 } });
  const accepted = await request(app).post(`/api/v1/crawler-logs?domain=${domain}`).set(headers).send(body);
  expect(accepted.status).toBe(202);
  expect(accepted.body).toMatchObject({ format: 'combined', lines: EXPECTED.lines });
  const { reportId, eventsUrl } = accepted.body as Record<string, string>;
  const { events } = await getForEvents(app, eventsUrl!);
  expect(events.at(-1)).toMatchObject({ type: 'summary', reportId });
  const json = await request(app).get(`/api/v1/report/${reportId}`);
  expect(json.status).toBe(200);
  const stored = await gateway.temporal.store.get(reportId!);
  const parts = await gateway.temporal.store.db.collection('report_parts').find({ snapshotId: reportId }).toArray();
  const page = await request(app).get(`/report/${reportId}`);
  return {
    report: (json.body as { report: TrafficReport }).report,
    everything: [JSON.stringify(json.body), JSON.stringify(stored), JSON.stringify(parts), page.text].join('\n'),
  };
}

function expectExactCounts(report: TrafficReport) {
  expect(report).toMatchObject({
    lines: EXPECTED.lines,
    requests: EXPECTED.requests,
    unreadable: EXPECTED.unreadable,
    unreadableAt: EXPECTED.unreadableAt,
  });
  expect(
    Object.fromEntries(report.crawlers.map(({ token, verdicts }) => [token, [verdicts.verified, verdicts.forged, verdicts.unverifiable]])),
  ).toEqual(EXPECTED.crawlers);
  expect(Object.fromEntries(report.referrals.map((referral) => [referral.assistant, referral.visits]))).toEqual(EXPECTED.referrals);
  const chatgpt = report.referrals.find((referral) => referral.assistant === 'ChatGPT')!;
  expect(chatgpt.topPages).toEqual([
    { page: '/docs/a', visits: 2 },
    { page: '/pricing', visits: 1 },
  ]);
  expect(chatgpt.days).toEqual([{ day: '2026-11-24', visits: 3 }]);
  const gptbot = report.crawlers.find((crawler) => crawler.token === 'GPTBot')!;
  expect(gptbot.statusClasses).toEqual({
    verified: { '2xx': 3, '3xx': 1, '4xx': 0, '5xx': 0, none: 0 },
    forged: { '2xx': 1, '3xx': 0, '4xx': 0, '5xx': 0, none: 0 },
    unverifiable: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, none: 0 },
  });
  expect(gptbot).toMatchObject({
    distinctPages: 3,
    firstSeen: '2026-11-24T09:00:01.000Z',
    lastSeen: '2026-11-24T09:00:04.000Z',
    forgedNetworks: [{ network: '203.0.113.0/24', requests: 1 }],
  });
  expect(report.crawlers.find((crawler) => crawler.token === 'OAI-SearchBot')!.topPages).toEqual([{ path: '/pricing', requests: 1 }]);
  expect(report.crawlers.find((crawler) => crawler.token === 'ClaudeBot')!.forgedNetworks).toEqual([
    { network: '2a02:c207:3011::/48', requests: 1 },
  ]);
  expect(report.crawlers.find((crawler) => crawler.token === 'bingbot')!.statusClasses.verified).toEqual({
    '2xx': 1,
    '3xx': 0,
    '4xx': 3,
    '5xx': 0,
    none: 0,
  });
}

function expectNoAddress(everything: string) {
  expect(ADDRESSES).toHaveLength(39);
  for (const address of ADDRESSES) expect(everything).not.toContain(address);
}

test('the log uploaded plain: exact counts per crawler and verdict, referrals per assistant, unreadable lines; the contradictions and refusals named; no address stored', async () => {
  // As `curl --data-binary @access.log` sends it: typed as a form, which nothing may parse as one.
  const { report, everything } = await checked(FIXTURE_HOSTS.blocking, LOG, { 'content-type': 'application/x-www-form-urlencoded' });
  expectExactCounts(report);
  // no-ai.test's robots.txt blocks GPTBot, ClaudeBot, PerplexityBot, OAI-SearchBot and CCBot, and allows the rest.
  expect(report.robots).toMatchObject({ source: 'robots.txt', outcome: 'ok' });
  expect(report.contradictions).toEqual([
    { token: 'GPTBot', kind: 'ignored', text: 'robots.txt blocks GPTBot, yet it fetched 2 pages.' },
    { token: 'OAI-SearchBot', kind: 'ignored', text: 'robots.txt blocks OAI-SearchBot, yet it fetched 1 page.' },
    { token: 'ClaudeBot', kind: 'ignored', text: 'robots.txt blocks ClaudeBot, yet it fetched 1 page.' },
    {
      token: 'bingbot',
      kind: 'refused',
      text: 'robots.txt allows bingbot, but 75% of its verified requests got 403 or 429: a firewall blocks it.',
    },
    { token: 'CCBot', kind: 'ignored', text: 'robots.txt blocks CCBot, yet it fetched 2 pages.' },
  ]);
  expectNoAddress(everything);
}, 120_000);

test('the same log gzipped, as two gzip members one after the other, for a site whose robots.txt cannot be read: the same counts, the refusals still named, nothing said of robots.txt', async () => {
  const half = Math.floor(LOG.length / 2);
  const body = Buffer.concat([gzipSync(LOG.slice(0, half)), gzipSync(LOG.slice(half))]);
  const { report, everything } = await checked(FIXTURE_HOSTS.dead, body, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
  expectExactCounts(report);
  expect(report.robots).toMatchObject({ source: 'robots.txt', outcome: 'unavailable' });
  expect(report.crawlers.every((crawler) => crawler.robots === undefined)).toBe(true);
  expect(everything).toContain('No robots.txt verdicts: robots.txt could not be read during this check');
  expect(report.contradictions).toEqual([
    {
      token: 'PerplexityBot',
      kind: 'refused',
      text: 'The server refuses PerplexityBot: 100% of its verified requests got 403: a firewall blocks it.',
    },
    {
      token: 'bingbot',
      kind: 'refused',
      text: 'The server refuses bingbot: 75% of its verified requests got 403 or 429: a firewall blocks it.',
    },
  ]);
  expectNoAddress(everything);
}, 120_000);

test('bad uploads get clear errors', async () => {
  const app = gateway.app({ rateLimits: { crawlerLogs: 100 } });
  const post = (query: string) => request(app).post(`/api/v1/crawler-logs${query}`);
  const noDomain = await post('').set('content-type', 'text/plain').send(LOG);
  expect(noDomain.status).toBe(400);
  expect(noDomain.body.error).toMatch(/domain is missing/);
  const privateDomain = await post('?domain=127.0.0.1').set('content-type', 'text/plain').send(LOG);
  expect(privateDomain.status).toBe(422);
  expect(privateDomain.body.error).toEqual(expect.any(String));

  const empty = await post(`?domain=${FIXTURE_HOSTS.blocking}`).set('content-type', 'text/plain').send('\r\n\r\n');
  expect(empty.status).toBe(422);
  expect(empty.body.error).toMatch(/no log line/);
  const csv = await post(`?domain=${FIXTURE_HOSTS.blocking}`)
    .set('content-type', 'text/plain')
    .send('date,path,visits\n2026-11-24,/docs/a,12\n');
  expect(csv.status).toBe(422);
  expect(csv.body).toMatchObject({
    error: expect.stringMatching(/not an access log in a known format/),
    unreadLines: ['date,path,visits', '2026-11-24,/docs/a,12'],
  });

  const cut = gzipSync(LOG).subarray(0, 200);
  const broken = await post(`?domain=${FIXTURE_HOSTS.blocking}`).set('content-type', 'application/gzip').send(cut);
  expect(broken.status).toBe(400);
  expect(broken.body.error).toMatch(/not a complete gzip stream/);

  const small = gateway.app({ rateLimits: { crawlerLogs: 100 }, crawlerLogs: { maxBytes: 1_000, maxLines: 1_000 } });
  const tooLarge = await request(small)
    .post(`/api/v1/crawler-logs?domain=${FIXTURE_HOSTS.blocking}`)
    .set('content-type', 'text/plain')
    .send(LOG);
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.body.error).toMatch(/larger than this service reads/);
  const short = gateway.app({ rateLimits: { crawlerLogs: 100 }, crawlerLogs: { maxBytes: 10_000_000, maxLines: 10 } });
  const tooLong = await request(short)
    .post(`/api/v1/crawler-logs?domain=${FIXTURE_HOSTS.blocking}`)
    .set('content-type', 'application/gzip')
    .send(gzipSync(LOG));
  expect(tooLong.status).toBe(413);
  expect(tooLong.body.error).toMatch(/10 lines/);
}, 60_000);

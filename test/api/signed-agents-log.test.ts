import request from 'supertest';
import {
  newSigningKey,
  RFC9421_TEST_KEY,
  signingKeyOf,
  signRequest,
  startDirectoryStandIn,
  type DirectoryStandIn,
} from '../../dev/signed-agents';
import { startDnsStandIn, type DnsStandIn } from '../../dev/dns-stand-in';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { startRangeFileStandIns, type RangeFileStandIns } from '../../dev/vendor-stand-ins/range-files';
import type { TrafficReport } from '../../domain/traffic/report-schema';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { getForEvents } from '../support/sse-client';

/**
 * Issue 41 checked as it says it will be: an nginx `ai_agents` log (the combined format, then "$host"
 * "$http_signature_agent" "$http_signature_input" "$http_signature", quotes written as \x22) of ChatGPT
 * agent requests signed with a key its directory serves, forged and expired signatures, a key the
 * directory lacks, a second signer in the dictionary form, and signers whose directories cannot be
 * fetched (down, redirecting, huge, not JSON, slow), uploaded through the public API. The lines are
 * signed here by dev/signed-agents.ts, written from the draft apart from the verifier; counts by hand.
 */

const CHATGPT_KEY = signingKeyOf(RFC9421_TEST_KEY);
const ANCHOR_KEY = newSigningKey();
const STRAY_KEY = newSigningKey();
const DIRECTORY_HOSTS = {
  chatgpt: 'chatgpt.com',
  anchor: 'agents.anchor-browser.test',
  down: 'agents.down.test',
  redirecting: 'agents.redirecting.test',
  huge: 'agents.huge.test',
  html: 'agents.html.test',
  slow: 'agents.slow.test',
};

let gateway: TestGateway;
let vendors: RangeFileStandIns;
let dns: DnsStandIn;
let directories: DirectoryStandIn;

beforeAll(async () => {
  [vendors, dns, directories] = await Promise.all([
    startRangeFileStandIns(),
    startDnsStandIn({ ptr: {}, addresses: {} }),
    startDirectoryStandIn({
      [DIRECTORY_HOSTS.chatgpt]: { keys: [CHATGPT_KEY] },
      [DIRECTORY_HOSTS.anchor]: { keys: [ANCHOR_KEY] },
      [DIRECTORY_HOSTS.down]: { status: 503 },
      [DIRECTORY_HOSTS.redirecting]: { redirect: 'https://chatgpt.com/.well-known/http-message-signatures-directory' },
      [DIRECTORY_HOSTS.huge]: { huge: true },
      [DIRECTORY_HOSTS.html]: { notJson: true },
      [DIRECTORY_HOSTS.slow]: { slowMs: 30_000 },
    }),
  ]);
  gateway = await startTestGateway({ DNS_SERVERS: dns.server }, { ...vendors.fetchOverrides(), ...directories.fetchOverrides() });
}, 60_000);
afterAll(async () => {
  await gateway?.close();
  await Promise.all([vendors?.close(), dns?.close(), directories?.close()]);
});

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)';
const HOST = FIXTURE_HOSTS.blocking;
/** 24 Nov 2026 10:00:00 +0100, in epoch seconds. */
const T0 = Date.parse('2026-11-24T09:00:00Z') / 1000;

/** nginx writes a quote inside a value as \x22. */
const nginx = (value: string) => value.replace(/"/g, '\\x22');
const line = (
  ip: string,
  second: number,
  path: string,
  status: number,
  signed?: { agent: string; input: string; signature: string },
  referer = '-',
  ua = CHROME,
) =>
  `${ip} - - [24/Nov/2026:10:00:${String(second).padStart(2, '0')} +0100] "GET ${path} HTTP/1.1" ${status} 1024 "${referer}" "${ua}" "${HOST}" ` +
  (signed ? `"${nginx(signed.agent)}" "${nginx(signed.input)}" "${signed.signature}"` : '"-" "-" "-"');

const sign = (second: number, options: Partial<Parameters<typeof signRequest>[0]> = {}) =>
  signRequest({
    key: CHATGPT_KEY,
    agent: 'https://chatgpt.com',
    form: 'legacy',
    authority: HOST,
    created: T0 + second - 20,
    expires: T0 + second + 280,
    nonce: `nonce-${second}`,
    ...options,
  });
const agentAt = (host: string) => `https://${host}`;
const forge = (signed: ReturnType<typeof sign>) => ({
  ...signed,
  signature: signed.signature.replace(/:(.)/, (_, c: string) => `:${c === 'A' ? 'B' : 'A'}`),
});

const LINES = [
  // ChatGPT agent, legacy form, verified: 3 (one with chatgpt.com as Referer: still the agent, not a person sent by ChatGPT).
  line('198.51.100.11', 1, '/pricing', 200, sign(1)),
  line('198.51.100.11', 2, '/docs/a', 200, sign(2), 'https://chatgpt.com/'),
  line('198.51.100.12', 3, '/docs/b', 404, sign(3)),
  // ChatGPT agent, invalid: forged, expired (valid until 09:00:00, logged at 09:00:04), a key its directory lacks.
  line('203.0.113.9', 4, '/pricing', 200, forge(sign(4))),
  line('198.51.100.11', 4, '/docs/a', 200, sign(4, { created: T0 - 600, expires: T0 })),
  line('203.0.113.9', 5, '/docs/a', 200, sign(5, { key: STRAY_KEY })),
  // Malformed headers: unparseable, never fatal; a tag other than web-bot-auth; a signature not covering Signature-Agent.
  line('203.0.113.9', 6, '/', 200, { ...sign(6), input: 'sig1=("@authority" "signature-agent";created=1' }),
  line('203.0.113.9', 7, '/', 200, sign(7, { tag: 'not-web-bot-auth' })),
  line('203.0.113.9', 8, '/', 200, {
    ...sign(8),
    input: sign(8).input.replace(' "signature-agent"', ''),
  }),
  // A second signer in the dictionary form (label sig2, member agent2): 2 verified; ChatGPT's key under its name: unknown.
  line(
    '192.0.2.21',
    9,
    '/pricing',
    200,
    sign(9, { key: ANCHOR_KEY, agent: agentAt(DIRECTORY_HOSTS.anchor), form: 'dictionary', label: 'sig2', member: 'agent2' }),
  ),
  line(
    '192.0.2.21',
    10,
    '/docs/a',
    301,
    sign(10, { key: ANCHOR_KEY, agent: agentAt(DIRECTORY_HOSTS.anchor), form: 'dictionary', label: 'sig2', member: 'agent2' }),
  ),
  line('192.0.2.22', 11, '/docs/a', 200, sign(11, { agent: agentAt(DIRECTORY_HOSTS.anchor), form: 'dictionary' })),
  // Signers whose directory cannot be fetched: unverified, each.
  ...(['down', 'redirecting', 'huge', 'html', 'slow'] as const).map((name, index) =>
    line(
      '192.0.2.30',
      12 + index,
      '/',
      200,
      sign(12 + index, { key: STRAY_KEY, agent: agentAt(DIRECTORY_HOSTS[name]), form: 'dictionary' }),
    ),
  ),
  // A Signature-Agent naming a private address: its directory is never fetched.
  line('192.0.2.31', 18, '/', 200, sign(18, { key: STRAY_KEY, agent: 'https://10.1.2.3', form: 'dictionary' })),
  // Unsigned traffic reads as before: a person sent by ChatGPT, a verified GPTBot (20.171.206.0/24).
  line('198.51.100.99', 20, '/pricing', 200, undefined, 'https://chatgpt.com/'),
  line('20.171.206.9', 21, '/docs/a', 200, undefined, '-', GPTBOT),
];
const LOG = `${LINES.join('\n')}\n`;
const ADDRESSES = [...new Set(LINES.map((entry) => entry.split(' ')[0]!))];

const EMPTY_INVALID = { 'bad-signature': 0, expired: 0, 'unknown-key': 0, 'missing-component': 0, 'wrong-tag': 0, unparseable: 0 };

async function checked(log: string) {
  const app = gateway.app({ rateLimits: { crawlerLogs: 100 } });
  const accepted = await request(app).post(`/api/v1/crawler-logs?domain=${HOST}`).set('content-type', 'text/plain').send(log);
  expect(accepted.status).toBe(202);
  expect(accepted.body).toMatchObject({ format: 'ai-agents', lines: LINES.length });
  const { reportId, eventsUrl } = accepted.body as Record<string, string>;
  const { events } = await getForEvents(app, eventsUrl!);
  expect(events.at(-1)).toMatchObject({ type: 'summary', reportId });
  const json = await request(app).get(`/api/v1/report/${reportId}`);
  const page = await request(app).get(`/report/${reportId}`);
  const stored = await gateway.temporal.store.get(reportId!);
  const jsonl = await request(app).get(`/api/v1/report/${reportId}/answers.jsonl`).buffer(true);
  const mcp = await request(app)
    .post('/api/mcp')
    .set({ accept: 'application/json, text/event-stream', 'content-type': 'application/json' })
    .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_crawler_report', arguments: { id: reportId } } });
  return {
    report: (json.body as { report: TrafficReport }).report,
    page: page.text,
    exported: jsonl.text
      .split('\n')
      .filter(Boolean)
      .map((row) => JSON.parse(row) as Record<string, unknown>),
    mcp: mcp.text,
    everything: [JSON.stringify(json.body), JSON.stringify(stored), page.text, mcp.text].join('\n'),
  };
}

const agent = (report: TrafficReport, origin: string) => report.signedAgents?.find((entry) => entry.origin === origin);

test('an nginx ai_agents log: every signed request verified, invalid with its reason, or unverified; apart from crawlers and referrals; no address kept', async () => {
  const { report, page, everything, exported, mcp } = await checked(LOG);
  expect(report).toMatchObject({ format: 'ai-agents', lines: LINES.length, requests: LINES.length, unreadable: 0 });

  const chatgpt = agent(report, 'https://chatgpt.com')!;
  expect(chatgpt).toMatchObject({
    name: 'ChatGPT agent',
    requests: 9,
    verified: 3,
    invalid: { total: 6, 'bad-signature': 1, expired: 1, 'unknown-key': 1, 'missing-component': 1, 'wrong-tag': 1, unparseable: 1 },
    unverified: { total: 0 },
    distinctPages: 3,
    firstSeen: '2026-11-24T09:00:01.000Z',
    lastSeen: '2026-11-24T09:00:03.000Z',
  });
  expect(chatgpt.statusClasses.verified).toEqual({ '2xx': 2, '3xx': 0, '4xx': 1, '5xx': 0, none: 0 });
  expect(chatgpt.directory).toMatchObject({ url: 'https://chatgpt.com/.well-known/http-message-signatures-directory' });
  expect(chatgpt.directory?.fetchedAt).toBeDefined();

  expect(agent(report, 'https://agents.anchor-browser.test')).toMatchObject({
    name: 'https://agents.anchor-browser.test',
    requests: 3,
    verified: 2,
    invalid: { ...EMPTY_INVALID, total: 1, 'unknown-key': 1 },
    topPages: [
      { path: '/docs/a', requests: 1 },
      { path: '/pricing', requests: 1 },
    ],
  });
  for (const name of ['down', 'redirecting', 'huge', 'html', 'slow'] as const) {
    const entry = agent(report, `https://${DIRECTORY_HOSTS[name]}`);
    expect({ name, entry }).toMatchObject({
      name,
      entry: { requests: 1, verified: 0, invalid: { total: 0 }, unverified: { total: 1, 'directory-unreachable': 1 } },
    });
    expect(entry?.directory?.problem).toBeDefined();
  }
  expect(agent(report, `https://${DIRECTORY_HOSTS.down}`)?.directory?.problem).toBe('HTTP 503');
  expect(agent(report, 'https://10.1.2.3')).toMatchObject({ requests: 1, unverified: { 'directory-unreachable': 1 } });
  expect(agent(report, 'https://10.1.2.3')?.directory?.problem).toMatch(/private or reserved/);
  expect(agent(report, `https://${DIRECTORY_HOSTS.redirecting}`)?.directory?.problem).toMatch(/HTTP 302/);

  // Apart: the one person sent by ChatGPT is the only referral; GPTBot is the only crawler.
  expect(report.referrals.map(({ assistant, visits }) => [assistant, visits])).toEqual([['ChatGPT', 1]]);
  expect(report.crawlers.map(({ token, verdicts }) => [token, verdicts])).toEqual([
    ['GPTBot', { verified: 1, forged: 0, unverifiable: 0 }],
  ]);

  // The page shows the section, naming a forged signature as such.
  expect(page).toContain('Signed agents');
  expect(page).toContain('ChatGPT agent');
  expect(page).toMatch(/forged signature/i);
  for (const address of ADDRESSES) expect(everything).not.toContain(address);

  // MCP get_crawler_report says it in words and in its structured content.
  expect(mcp).toContain('ChatGPT agent: 9 requests, 3 verified, 6 invalid (1 forged signatures), 0 unverified');
  expect(mcp).toContain(
    '"signedAgents":[{"origin":"https://chatgpt.com","name":"ChatGPT agent","requests":9,"verified":3,"invalid":6,"unverified":0}',
  );

  // The export carries one row per signing agent after the crawlers and referrals.
  const agentRows = exported.filter((row) => row.section === 'signed-agent');
  expect(agentRows).toHaveLength(report.signedAgents!.length);
  expect(agentRows.find((row) => row.agentOrigin === 'https://chatgpt.com')).toMatchObject({
    exportVersion: 2,
    agentName: 'ChatGPT agent',
    agentRequests: 9,
    agentVerified: 3,
    agentInvalid: { total: 6, 'bad-signature': 1 },
  });
  for (const address of ADDRESSES) expect(JSON.stringify(exported)).not.toContain(address);
}, 120_000);

test('directories are cached with their fetch time: a second log fetches none, and a directory that fails once stale keeps verifying with its last copy', async () => {
  const before = directories.requests.get(DIRECTORY_HOSTS.chatgpt) ?? 0;
  await checked(LOG);
  expect(directories.requests.get(DIRECTORY_HOSTS.chatgpt) ?? 0).toBe(before);

  // Stale now, and down: fetched again, failing, yet the stored keys stay.
  await gateway.temporal.store.db
    .collection('key_directories')
    .updateOne({ _id: 'https://chatgpt.com/.well-known/http-message-signatures-directory' as never }, { $set: { fetchedAt: new Date(0) } });
  directories.set(DIRECTORY_HOSTS.chatgpt, { status: 503 });
  const { report } = await checked(LOG);
  expect(directories.requests.get(DIRECTORY_HOSTS.chatgpt)).toBe(before + 1);
  const chatgpt = agent(report, 'https://chatgpt.com')!;
  expect(chatgpt).toMatchObject({ verified: 3, unverified: { total: 0 } });
  expect(chatgpt.directory).toMatchObject({ fetchedAt: new Date(0).toISOString(), problem: 'HTTP 503' });
}, 120_000);

test('the upload form shows the recipes that log the signature headers', async () => {
  const home = await request(gateway.app()).get('/').expect(200);
  expect(home.text).toContain('log_format ai_agents');
  expect(home.text).toContain('&quot;$http_signature_agent&quot; &quot;$http_signature_input&quot; &quot;$http_signature&quot;');
  expect(home.text).toContain('%{Signature-Input}i');
});

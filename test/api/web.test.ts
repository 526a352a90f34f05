import request from 'supertest';
import { monitorScheduleId } from '../../infra/monitor-schedules';
import { startTestGateway, type TestGateway } from '../support/gateway';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

test('GET / is the web version: a labelled form and its script, no build step', async () => {
  const response = await request(gateway.app()).get('/');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/text\/html/);
  expect(response.text).toContain('<label for="url">');
  expect(response.text).toContain('<input id="url" name="url"');
  expect(response.text).toContain('<script type="module" src="/assets/check.js"></script>');
  expect(response.text).toContain('role="status"');
});

test('the brand and article forms offer the platforms configured here, all checked; the others disabled, saying what would set them up', async () => {
  const { text } = await request(gateway.app()).get('/');
  // Two pickers (brand, article); the site check asks SPEC's five assistants and has none.
  expect(text.match(/<fieldset class="wide platforms"/g)).toHaveLength(2);
  for (const id of ['chatgpt', 'claude', 'gemini', 'perplexity', 'deepseek'])
    expect(text.match(new RegExp(`<input type="checkbox" name="platforms" value="${id}" checked>`, 'g'))).toHaveLength(2);
  // No SERP-API key in this gateway: the surfaces cannot be named, so they are not sent.
  expect(text).toContain(
    '<label class="muted" title="set SERPAPI_API_KEY, or DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD"><input type="checkbox" value="google-ai-mode" disabled> Google AI Mode <small>(not set up on this service)</small></label>',
  );
  expect(text).not.toMatch(/name="platforms" value="(google-ai-mode|google-ai-overviews|chatgpt-app)"/);
});

/** The target of a monitor the form creates from `body` (the monitor and its schedule are deleted after). */
async function monitorFromForm(body: string): Promise<Record<string, unknown>> {
  const app = gateway.app();
  const created = await request(app).post('/monitor/new').type('form').send(body).expect(201);
  const token = /<code id="token">([^<]+)<\/code>/.exec(created.text)![1]!;
  const id = /\/monitor\/([0-9a-f-]{36})/.exec(created.text)![1]!;
  try {
    const monitor = await request(app)
      .get(`/api/v1/monitors/${id}`)
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
    return monitor.body.target;
  } finally {
    await request(app)
      .delete(`/api/v1/monitors/${id}`)
      .set({ Authorization: `Bearer ${token}` });
    await gateway.temporal.client.schedule
      .getHandle(monitorScheduleId(id))
      .delete()
      .catch(() => undefined);
  }
}

test('the monitor form carries the platforms: prefilled from a link, sent as `platforms`, none checked refused in words', async () => {
  const app = gateway.app();
  const form = await request(app).get('/monitor/new?kind=brand&keyword=garden+tools&brand=Acme&platforms=chatgpt%2C+gemini').expect(200);
  expect(form.text).toContain('<input type="checkbox" name="platforms" value="chatgpt" checked>');
  expect(form.text).toContain('<input type="checkbox" name="platforms" value="claude">');
  expect((await request(app).get('/monitor/new?kind=site').expect(200)).text).not.toContain('fieldset class="wide platforms"');

  const fields = 'kind=brand&keyword=garden+tools&brand=Acme&every=week&platform-picker=shown';
  expect((await monitorFromForm(`${fields}&platforms=chatgpt&platforms=gemini`)).platforms).toEqual(['chatgpt', 'gemini']);
  const none = await request(app).post('/monitor/new').type('form').send(fields).expect(400);
  expect(none.text).toContain('platforms is empty: choose at least one platform');
});

test('the monitor form carries markets: each row with a country is a market, one as `market`, several as `markets`', async () => {
  const app = gateway.app();
  const form = await request(app).get('/monitor/new?kind=brand&keyword=garden+tools&brand=Acme').expect(200);
  expect(form.text).toContain('name="market-country"');
  expect((await request(app).get('/monitor/new?kind=site').expect(200)).text).not.toContain('name="market-country"');
  // A report's "Monitor this" link names its markets: the form shows them chosen.
  const prefilled = await request(app)
    .get(
      '/monitor/new?kind=brand&keyword=garden+tools&brand=Acme&market-country=SE&market-language=sv&market-city=&market-country=US&market-language=en&market-city=Boston',
    )
    .expect(200);
  expect(prefilled.text).toContain('<option value="SE" selected>Sweden</option>');
  expect(prefilled.text).toContain('<option value="en" selected>English</option>');
  expect(prefilled.text).toContain('value="Boston"');

  const fields = 'kind=brand&keyword=garden+tools&brand=Acme&every=week&platform-picker=shown&platforms=chatgpt';
  const rows = (...markets: string[][]) =>
    markets.map(([country, language, city]) => `market-country=${country}&market-language=${language}&market-city=${city ?? ''}`).join('&');
  // The row left at "No location" is no market.
  const several = await monitorFromForm(`${fields}&${rows(['DE', 'de'], ['', 'en'], ['US', 'en', 'Boston'])}`);
  expect(several.markets).toEqual([
    { country: 'DE', language: 'de' },
    { country: 'US', language: 'en', city: 'Boston' },
  ]);
  expect(several.market).toBeUndefined();
  const one = await monitorFromForm(`${fields}&${rows(['JP', 'ja'])}`);
  expect(one.market).toEqual({ country: 'JP', language: 'ja' });
});

test("the monitor form carries the brand's products: prefilled from a report's link, sent as `products`, left out when none", async () => {
  const app = gateway.app();
  const form = await request(app).get('/monitor/new?kind=brand&keyword=garden+tools&brand=Acme&products=Acme+Rake%2C+Acme+Hoe').expect(200);
  expect(form.text).toContain('<input id="products" name="products" value="Acme Rake, Acme Hoe">');
  const fields = 'kind=brand&keyword=garden+tools&brand=Acme&every=week&platform-picker=shown&platforms=chatgpt';
  expect((await monitorFromForm(`${fields}&products=Acme+Rake%2C+Acme+Hoe`)).products).toEqual(['Acme Rake', 'Acme Hoe']);
  expect((await monitorFromForm(`${fields}&products=`)).products).toBeUndefined();
  // The home page's brand form sends them as the endpoint's list.
  expect((await request(app).get('/').expect(200)).text).toMatch(/<input id="products" name="products" type="text" data-list="20"/);
});

test('the page script and its SSE parser are served as JavaScript', async () => {
  const app = gateway.app();
  const script = await request(app).get('/assets/check.js');
  expect(script.status).toBe(200);
  expect(script.headers['content-type']).toMatch(/text\/javascript/);
  expect(script.text).toContain("from '/assets/eventsource-parser.js'");
  const parser = await request(app).get('/assets/eventsource-parser.js');
  expect(parser.status).toBe(200);
  expect(parser.text).toMatch(/export\s*{[^}]*createParser/);
});

test('GET /openapi.json is OpenAPI 3.1 generated from the request and response schemas', async () => {
  const { body, status } = await request(gateway.app()).get('/openapi.json');
  expect(status).toBe(200);
  expect(body.openapi).toBe('3.1.0');
  expect(body.info.version).toBe('1.0.0');
  expect(body.paths['/api/v1/check'].post.operationId).toBe('checkSite');
  expect(Object.keys(body.paths['/api/v1/check'].post.responses)).toEqual(['200', '400', '413', '422', '429']);
  const { CheckRequest, CheckResponse, Report, RateLimited } = body.components.schemas;
  expect(CheckRequest).toMatchObject({ type: 'object', required: ['url'], properties: { url: { type: 'string', maxLength: 2048 } } });
  expect(CheckResponse.properties.ok).toEqual({ type: 'boolean', const: true });
  expect(CheckResponse.properties.report).toEqual({ $ref: '#/components/schemas/Report' });
  expect(Report.properties.bots.items.properties.access.enum).toEqual(['allowed', 'partial', 'blocked', 'none']);
  expect(Report.required).toEqual(
    expect.arrayContaining(['domain', 'totalScore', 'crawlerScore', 'memoryScore', 'checks', 'bots', 'memory', 'issues']),
  );
  expect(RateLimited.required).toEqual(['error', 'resetAt']);
});

test('GET /docs describes the endpoints, limits and errors for people', async () => {
  const response = await request(gateway.app()).get('/docs');
  expect(response.status).toBe(200);
  expect(response.text).toContain('POST /api/v1/check');
  expect(response.text).toMatch(/<tr><td>POST \/api\/v1\/check<\/td><td>10<\/td><\/tr>/);
  expect(response.text).toMatch(/<tr><td>POST \/api\/keywords<\/td><td>10<\/td><\/tr>/);
  expect(response.text).toMatch(/<tr><td>POST \/api\/article-check<\/td><td>20<\/td><\/tr>/);
  expect(response.text).toMatch(/<tr><td>MCP tool check_site<\/td><td>5<\/td><\/tr>/);
  for (const endpoint of ['POST /api/keywords', 'POST /api/article-check', 'GET /api/v1/rankings', 'POST /api/mcp'])
    expect(response.text).toContain(endpoint.split(' ')[1]!);
  expect(response.text).toContain('href="/openapi.json"');
});

test('/openapi.json describes every endpoint the gateway serves', async () => {
  const { paths } = (await request(gateway.app()).get('/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  expect(Object.keys(paths).sort()).toEqual(
    [
      '/api/article-check',
      '/api/check',
      '/api/check/{checkId}/events',
      '/api/keywords',
      '/api/mcp',
      '/api/v1/check',
      '/api/v1/crawler-logs',
      '/api/v1/rankings',
      '/api/v1/report/{snapshotId}',
      '/api/v1/report/{snapshotId}/answers.csv',
      '/api/v1/report/{snapshotId}/answers.jsonl',
      '/api/v1/report/{snapshotId}/products.csv',
      '/api/v1/report/{snapshotId}/products.jsonl',
      '/healthz',
      '/metrics',
      '/rankings',
      '/report/{snapshotId}',
      '/api/v1/monitors',
      '/api/v1/monitors/{id}',
      '/api/v1/monitors/{id}/run',
      '/api/v1/monitors/{id}/trend',
      '/api/v1/monitors/{id}/trend.csv',
      '/monitor/{id}',
    ].sort(),
  );
  expect(Object.keys(paths['/api/keywords']!)).toEqual(['post']);
});

test('a known path asked with a method it does not serve: 405 and the methods it does, in Allow', async () => {
  const app = gateway.app();
  const trace = await request(app).trace('/api/v1/check');
  expect(trace.status).toBe(405);
  expect(trace.headers.allow).toBe('OPTIONS, POST');
  expect(trace.body).toEqual({ error: expect.stringContaining('TRACE is not allowed') });
  const remove = await request(app).delete('/healthz');
  expect(remove.status).toBe(405);
  expect(remove.headers.allow).toBe('GET, HEAD, OPTIONS');
  expect((await request(app).delete('/no/such/page')).status).toBe(404);
  // A path with a parameter, and one with a trailing slash, as Express matches them.
  const post = await request(app).post('/report/not-a-report');
  expect(post.status).toBe(405);
  expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
  expect((await request(app).put('/HealthZ/')).headers.allow).toBe('GET, HEAD, OPTIONS');
  expect((await request(app).options('/api/v1/check')).status).toBe(200);
});

test('a body over 64 KiB: 413, as documented', async () => {
  const response = await request(gateway.app())
    .post('/api/v1/check')
    .send({ url: 'a'.repeat(65 * 1024) });
  expect(response.status).toBe(413);
  expect(response.body).toEqual({ error: 'the body is too large' });
});

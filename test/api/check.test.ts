import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createRedis } from '../../infra/redis';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { uniqueName } from '../support/names';
import { startTestGateway, type TestGateway } from '../support/gateway';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectRateLimitHeaders(response: request.Response, remaining: number): void {
  expect(response.headers['x-ratelimit-limit']).toBe('10');
  expect(response.headers['x-ratelimit-remaining']).toBe(String(remaining));
  expect(response.headers['x-ratelimit-reset']).toMatch(ISO);
}

describe('POST /api/v1/check', () => {
  test('200: the full report with its snapshot id and link, and the rate-limit headers', async () => {
    const app = gateway.app();
    const response = await request(app)
      .post('/api/v1/check')
      .send({ url: `https://${FIXTURE_HOSTS.healthy}/` });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ok: true, snapshotId: expect.stringMatching(UUID), report: { domain: FIXTURE_HOSTS.healthy } });
    expect(response.body.snapshotUrl).toBe(`/report/${response.body.snapshotId}`);
    expect(response.body.report.bots).toHaveLength(39);
    expect(response.body.report.memory).toHaveLength(5);
    expectRateLimitHeaders(response, 9);

    const stored = await request(app).get(`/api/v1/report/${response.body.snapshotId}`);
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      snapshotId: response.body.snapshotId,
      snapshotUrl: response.body.snapshotUrl,
      kind: 'site',
      report: { domain: FIXTURE_HOSTS.healthy },
    });
    expect(stored.body.createdAt).toMatch(ISO);
    expect(stored.headers['cache-control']).toContain('immutable');
  });

  test.each([
    ['a body that is not JSON', (r: request.Test) => r.set('Content-Type', 'text/plain').send('example.com'), /JSON object body/],
    ['malformed JSON', (r: request.Test) => r.set('Content-Type', 'application/json').send('{"url":'), /not valid JSON/],
    ['a JSON array', (r: request.Test) => r.send([]), /JSON object body/],
    ['no url', (r: request.Test) => r.send({}), /url is required/],
    ['a url that is not a string', (r: request.Test) => r.send({ url: 42 }), /url must be a string/],
    ['an empty url', (r: request.Test) => r.send({ url: '   ' }), /url is empty/],
    ['a url that is too long', (r: request.Test) => r.send({ url: `https://${'a'.repeat(3000)}.com` }), /longer than 2048/],
    ['an unsupported scheme', (r: request.Test) => r.send({ url: 'ftp://example.com' }), /only http and https/],
  ])('400 for %s, with { error } and the rate-limit headers', async (_name, send, message) => {
    const response = await send(request(gateway.app()).post('/api/v1/check'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.stringMatching(message) });
    expectRateLimitHeaders(response, 9);
  });

  test.each([
    ['an IP literal', '203.0.113.9', /IP address/],
    ['localhost', 'http://localhost:3000', /this machine/],
    ['a reserved name', 'printer.local', /reserved name/],
    ['a single label', 'intranet', /no top-level domain/],
    ['a site that cannot be reached', `https://${FIXTURE_HOSTS.dead}/`, /dead\.test could not be reached/],
    ['a site redirecting into a private address', `https://${FIXTURE_HOSTS.privateRedirect}/`, /private or reserved address/],
  ])('422 for %s, naming the reason', async (_name, url, message) => {
    const response = await request(gateway.app()).post('/api/v1/check').send({ url });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: expect.stringMatching(message) });
    expectRateLimitHeaders(response, 9);
  });
});

test('a client that goes away does not stop the check: its snapshot is stored', async () => {
  const server = gateway.app().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const leaving = new AbortController();
    const call = fetch(`http://127.0.0.1:${port}/api/v1/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: FIXTURE_HOSTS.jsOnly }),
      signal: leaving.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 150));
    leaving.abort();
    await call;
    let stored = null;
    for (let attempt = 0; attempt < 100 && !stored; attempt++) {
      stored = await gateway.temporal.store.newestOf(FIXTURE_HOSTS.jsOnly);
      if (!stored) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(stored).toMatchObject({ kind: 'site', domain: FIXTURE_HOSTS.jsOnly });
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

describe('rate limits', () => {
  const exhaust = async (app: ReturnType<TestGateway['app']>, count: number, forwardedFor?: string) => {
    for (let i = 0; i < count; i++) {
      const call = request(app).post('/api/v1/check').send({});
      await (forwardedFor ? call.set('X-Forwarded-For', forwardedFor) : call);
    }
  };

  test('the 11th request in an hour from one address is refused with 429, resetAt and Retry-After', async () => {
    const app = gateway.app();
    await exhaust(app, 10);
    const refused = await request(app).post('/api/v1/check').send({ url: 'example.com' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/rate limit/), resetAt: expect.stringMatching(ISO) });
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toBe(refused.body.resetAt);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });

  test('X-Forwarded-For is ignored unless TRUST_PROXY says whom to believe', async () => {
    const untrusting = gateway.app();
    await exhaust(untrusting, 10, '198.51.100.1');
    expect((await request(untrusting).post('/api/v1/check').set('X-Forwarded-For', '198.51.100.2').send({})).status).toBe(429);

    const trusting = gateway.app({ trustProxy: ['loopback'] });
    await exhaust(trusting, 10, '198.51.100.1');
    expect((await request(trusting).post('/api/v1/check').set('X-Forwarded-For', '198.51.100.1').send({})).status).toBe(429);
    // Another address is served.
    expect((await request(trusting).post('/api/v1/check').set('X-Forwarded-For', '198.51.100.2').send({})).status).toBe(400);
  });

  test('two gateway instances share one count through Redis', async () => {
    const limitsKey = uniqueName('rl-shared');
    const [first, second] = [gateway.app({ trustProxy: ['loopback'], limitsKey }), gateway.app({ trustProxy: ['loopback'], limitsKey })];
    await exhaust(first, 6, '192.0.2.50');
    await exhaust(second, 4, '192.0.2.50');
    expect((await request(second).post('/api/v1/check').set('X-Forwarded-For', '192.0.2.50').send({})).status).toBe(429);
    expect((await request(first).post('/api/v1/check').set('X-Forwarded-For', '192.0.2.50').send({})).status).toBe(429);
  });

  test('with Redis unreachable, requests are still served and still limited (in memory)', async () => {
    const deadRedis = createRedis('redis://127.0.0.1:1');
    try {
      const app = gateway.app({ redis: deadRedis });
      const first = await request(app).post('/api/v1/check').send({});
      expect(first.status).toBe(400);
      expectRateLimitHeaders(first, 9);
      await exhaust(app, 9);
      expect((await request(app).post('/api/v1/check').send({})).status).toBe(429);
    } finally {
      deadRedis.destroy();
    }
  });
});

describe('GET /api/v1/report/:snapshotId', () => {
  test('404 for an unknown or malformed id', async () => {
    const app = gateway.app();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '..%2F..%2Fetc']) {
      const response = await request(app).get(`/api/v1/report/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'no report with this id' });
    }
  });
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { freePort } from '../../dev/local-stack/free-port';
import { startTestGateway, type TestGateway } from '../support/gateway';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.close();
});

/** The value of one series of a Prometheus text exposition, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test('GET /metrics counts requests by route pattern and status, with their latency', async () => {
  const app = gateway.app();
  const missing = '00000000-0000-4000-8000-000000000000';
  expect((await request(app).get(`/api/v1/report/${missing}`)).status).toBe(404);
  expect((await request(app).get('/api/v1/rankings?limit=3')).status).toBe(200);
  expect((await request(app).get('/api/v1/rankings?limit=3')).status).toBe(200);
  expect((await request(app).get('/api/v1/rankings?limit=999')).status).toBe(400);

  const response = await request(app).get('/metrics');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  // The route's pattern, never the id in the path: one series per route, however many reports are read.
  expect(sample(response.text, 'http_requests_total{method="GET",route="/api/v1/report/:snapshotId",status="404"}')).toBe(1);
  expect(response.text).not.toContain(missing);
  expect(sample(response.text, 'http_requests_total{method="GET",route="/api/v1/rankings",status="200"}')).toBe(2);
  expect(sample(response.text, 'http_requests_total{method="GET",route="/api/v1/rankings",status="400"}')).toBe(1);
  expect(sample(response.text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/rankings",status="200"}')).toBe(2);
  expect(sample(response.text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/rankings",status="200"}')).toBe(
    2,
  );
  expect(sample(response.text, 'aivis_sse_streams_open')).toBe(0);
  expect(response.text).toContain('process_resident_memory_bytes');
});

test('aivis_sse_streams_open counts the event streams open to viewers', async () => {
  const app = gateway.app();
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const scrape = async () => sample(await (await fetch(`${origin}/metrics`)).text(), 'aivis_sse_streams_open');
  const leave = new AbortController();
  try {
    const stream = await fetch(`${origin}/api/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: FIXTURE_HOSTS.healthy }),
      signal: leave.signal,
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.body!.getReader().read();
    expect(await scrape()).toBe(1);
    leave.abort();
    for (let tries = 0; (await scrape()) !== 0 && tries < 50; tries++) await sleep(100);
    expect(await scrape()).toBe(0);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('with API_METRICS_PORT, the gateway serves /metrics there and not on its public port', async () => {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const api = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: join(__dirname, '..', '..'),
    env: { ...process.env, PORT: String(port), API_METRICS_PORT: String(metricsPort), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const publicOrigin = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      if (api.exitCode !== null || tries > 150) throw new Error('the gateway did not start');
      const ready = await fetch(`${publicOrigin}/healthz`).then(
        (response) => response.status,
        () => undefined,
      );
      if (ready !== undefined) break;
      await sleep(200);
    }
    expect((await fetch(`${publicOrigin}/metrics`)).status).toBe(404);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(sample(text, 'http_requests_total{method="GET",route="/healthz",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
  } finally {
    api.kill('SIGKILL');
  }
}, 60_000);

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { healthProbes } from '../../api/health';
import { createMongo } from '../../infra/mongo';
import { startTestGateway, type TestGateway } from '../support/gateway';

let gateway: TestGateway;
const release = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
// A real client for a MongoDB that is not there: nothing listens on port 1.
const missingMongo = createMongo('mongodb://127.0.0.1:1/aivis');

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await missingMongo.client.close();
  await gateway.close();
});

test('GET /healthz answers 200 when Temporal, MongoDB and Redis answer', async () => {
  const response = await request(gateway.app()).get('/healthz');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: 'ok', temporal: 'ok', mongodb: 'ok', redis: 'ok', node: process.version, version: release });
  expect(response.headers['cache-control']).toBe('no-store');
});

test('GET /healthz reports Redis as disabled when REDIS_URL is unset', async () => {
  const response = await request(gateway.app({ redis: null })).get('/healthz');
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ redis: 'disabled' });
});

test('GET /healthz answers 503 naming the dependency that does not answer, without internal addresses', async () => {
  const health = healthProbes({ temporal: gateway.temporal.client, db: missingMongo.db, redis: gateway.redis });
  const response = await request(gateway.app({ health })).get('/healthz');
  expect(response.status).toBe(503);
  expect(response.body).toEqual({
    status: 'unavailable',
    temporal: 'ok',
    mongodb: 'down',
    redis: 'ok',
    node: process.version,
    version: release,
    error: 'not answering: mongodb',
  });
  expect(response.text).not.toContain('127.0.0.1');
});

test('GET /healthz names the Node.js it runs on, the supported major (.node-version)', async () => {
  const response = await request(gateway.app()).get('/healthz');
  const supportedMajor = readFileSync(join(__dirname, '..', '..', '.node-version'), 'utf8').split('.')[0];
  expect(response.body.node).toMatch(new RegExp(`^v${supportedMajor}\\.`));
});

test('unknown paths answer a JSON 404', async () => {
  const response = await request(gateway.app()).get('/nope');
  expect(response.status).toBe(404);
  expect(response.body).toEqual({ error: 'not found' });
});

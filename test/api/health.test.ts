import request from 'supertest';
import { createApp } from '../../api/app';
import { healthProbes } from '../../api/health';
import { createLogger } from '../../infra/logger';
import { createMongo } from '../../infra/mongo';
import { createRedis, redisReady } from '../../infra/redis';
import { createTemporalClient } from '../../infra/temporal';
import { testConfig } from '../support/config';

const config = testConfig();
const logger = createLogger({ level: 'silent', format: 'json' }, 'test');
const temporal = createTemporalClient(config.temporal);
const mongo = createMongo(config.mongodbUri);
const redis = createRedis(config.redisUrl!);
// A real client for a MongoDB that is not there: nothing listens on port 1.
const missingMongo = createMongo('mongodb://127.0.0.1:1/aivis');

beforeAll(() => redisReady(redis));
afterAll(async () => {
  await Promise.all([mongo.client.close(), missingMongo.client.close(), redis.quit(), temporal.connection.close()]);
});

test('GET /healthz answers 200 when Temporal, MongoDB and Redis answer', async () => {
  const app = createApp({ logger, health: healthProbes({ temporal, db: mongo.db, redis }) });
  const response = await request(app).get('/healthz');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: 'ok', temporal: 'ok', mongodb: 'ok', redis: 'ok' });
  expect(response.headers['cache-control']).toBe('no-store');
});

test('GET /healthz reports Redis as disabled when REDIS_URL is unset', async () => {
  const app = createApp({ logger, health: healthProbes({ temporal, db: mongo.db }) });
  const response = await request(app).get('/healthz');
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ redis: 'disabled' });
});

test('GET /healthz answers 503 naming the dependency that does not answer, without internal addresses', async () => {
  const app = createApp({ logger, health: healthProbes({ temporal, db: missingMongo.db, redis }) });
  const response = await request(app).get('/healthz');
  expect(response.status).toBe(503);
  expect(response.body).toEqual({ status: 'unavailable', temporal: 'ok', mongodb: 'down', redis: 'ok', error: 'not answering: mongodb' });
  expect(response.text).not.toContain('127.0.0.1');
});

test('unknown paths answer a JSON 404', async () => {
  const app = createApp({ logger, health: healthProbes({ temporal, db: mongo.db }) });
  const response = await request(app).get('/nope');
  expect(response.status).toBe(404);
  expect(response.body).toEqual({ error: 'not found' });
});

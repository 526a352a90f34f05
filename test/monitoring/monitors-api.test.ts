import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import type { Express } from 'express';
import { createApp } from '../../api/app';
import { SnapshotCache } from '../../api/snapshot-cache';
import { healthProbes } from '../../api/health';
import { createRateLimits } from '../../infra/rate-limits';
import { createLogger } from '../../infra/logger';
import { monitorScheduleId } from '../../infra/monitor-schedules';
import { uniqueName } from '../support/names';
import { startTestGateway, testMonitorService, type TestGateway } from '../support/gateway';
import {
  eventually,
  trendOf,
  trendWithRuns,
  HOOKS_HOST,
  MONITORED_HOST,
  startChangingSite,
  startReceiver,
  type ChangingSite,
  type Receiver,
} from '../support/monitor-fixtures';
import { allowedHostsOf } from '../../domain/shared/config';

let gateway: TestGateway;
let site: ChangingSite;
let receiver: Receiver;
let app: Express;
const created: string[] = [];

beforeAll(async () => {
  [site, receiver] = await Promise.all([startChangingSite(), startReceiver()]);
  gateway = await startTestGateway({}, { [MONITORED_HOST]: site.server.origin, [HOOKS_HOST]: receiver.server.origin });
  app = gateway.app({ rateLimits: { monitorCreate: 3 } });
}, 60_000);
afterAll(async () => {
  for (const id of created)
    await gateway.temporal.client.schedule
      .getHandle(monitorScheduleId(id))
      .delete()
      .catch(() => undefined);
  await gateway.close();
  await Promise.all([site.close(), receiver.close()]);
});

interface Trend {
  monitor: { id: string; kind: string; every: string; paused: boolean; nextRunAt: string | null };
  runs: { snapshotId: string; reportUrl: string; at: string; fingerprint: string }[];
  series: { metric: string; unit: string; points: { value: number; fingerprint: string }[] }[];
  alerts: {
    id: string;
    type: string;
    metric: string;
    from: unknown;
    to: unknown;
    snapshots: string[];
    evidence: Record<string, unknown>;
  }[];
}

const trend = (id: string) => trendOf<Trend>(app, id);
const runs = (id: string, count: number) => trendWithRuns<Trend>(app, id, count, 90_000);

describe('a site monitor with a webhook', () => {
  let id: string;
  let token: string;
  let secret: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    const response = await request(app)
      .post('/api/v1/monitors')
      .send({ kind: 'site', target: { url: MONITORED_HOST }, every: 'day', webhook: { url: `http://${HOOKS_HOST}/hooks/aivis` } })
      .expect(201);
    ({ id, token } = response.body as { id: string; token: string });
    secret = (response.body as { webhookSecret: string }).webhookSecret;
    created.push(id);
  });

  test('create answers 201 with the id, a token of 256 random bits shown once, the URLs and the webhook secret', async () => {
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    const stored = await gateway.temporal.mongo.db.collection('monitors').findOne({ _id: id as never });
    expect(JSON.stringify(stored)).not.toContain(token);
    const view = (await request(app).get(`/api/v1/monitors/${id}`).set(auth()).expect(200)).body as Record<string, unknown>;
    expect(view).toMatchObject({
      id,
      kind: 'site',
      target: { url: MONITORED_HOST },
      every: 'day',
      paused: false,
      webhook: { url: `http://${HOOKS_HOST}/hooks/aivis`, active: true },
    });
    expect(view).not.toHaveProperty('token');
    expect(view).not.toHaveProperty('webhookSecret');
    expect(new Date(view.expiresAt as string).getTime() - Date.now()).toBeGreaterThan(89 * 86_400_000);
  });

  test('one Temporal Schedule, monitor-<id>: the kind’s own workflow, overlap SKIP, catch-up 1 h, jitter 1 h, MonitorId, background priority with the monitor as its fairness key', async () => {
    const description = await gateway.temporal.client.schedule.getHandle(`monitor-${id}`).describe();
    expect(description.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'siteCheckWorkflow',
      taskQueue: gateway.config.temporal.taskQueue,
      priority: { priorityKey: 5, fairnessKey: `monitor:${id}` },
    });
    // Each run it starts says in the Temporal UI what it checks, and that this monitor started it.
    expect(description.action).toMatchObject({
      staticSummary: `Site check: ${MONITORED_HOST}`,
      staticDetails: expect.stringContaining(`the schedule of monitor ${id} (every day`),
    });
    expect(description.policies).toMatchObject({ overlap: 'SKIP', catchupWindow: 3_600_000 });
    expect(description.spec.jitter).toBe(3_600_000);
    expect(description.spec.intervals).toEqual([expect.objectContaining({ every: 86_400_000 })]);
    expect(description.spec.endAt?.getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    expect(description.typedSearchAttributes.getAll().map((pair) => [pair.key.name, pair.value])).toEqual(
      expect.arrayContaining([
        ['MonitorId', id],
        ['CheckKind', 'site'],
        ['CheckedDomain', MONITORED_HOST],
      ]),
    );
  });

  test('the first run starts at once; its snapshot carries monitorId and the fingerprint', async () => {
    const first = await runs(id, 1);
    const snapshot = await gateway.temporal.store.get(first.runs[0]!.snapshotId);
    expect(snapshot).toMatchObject({ monitorId: id, fingerprint: first.runs[0]!.fingerprint, kind: 'site', domain: MONITORED_HOST });
    expect(first.runs[0]!.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    const json = await request(app).get(`/api/v1/report/${first.runs[0]!.snapshotId}`).expect(200);
    expect(json.body).toMatchObject({ kind: 'site', monitorId: id, fingerprint: first.runs[0]!.fingerprint });
    expect(first.series.map((series) => series.metric).slice(0, 3)).toEqual(['totalScore', 'crawlerScore', 'memoryScore']);
    expect(first.alerts).toEqual([]);
  }, 100_000);

  test('robots.txt blocks GPTBot and llms.txt vanishes: the next run (run now) raises events, delivered signed to the webhook', async () => {
    site.robots = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    site.llms = undefined;
    const run = await request(app).post(`/api/v1/monitors/${id}/run`).set(auth()).expect(202);
    expect(run.headers['x-ratelimit-limit']).toBe(String(gateway.config.rateLimits.check));
    const second = await runs(id, 2);
    const alerts = await eventually(
      async () => {
        const current = await trend(id);
        // Both events: the evaluation stores its alerts one by one.
        return current.alerts.length >= 2 ? current.alerts : undefined;
      },
      30_000,
      'the alerts',
    );
    expect(second.runs[1]!.fingerprint).toBe(second.runs[0]!.fingerprint);
    expect(alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'event',
          metric: 'crawler:GPTBot',
          from: 'allowed',
          to: 'blocked',
          snapshots: [second.runs[0]!.snapshotId, second.runs[1]!.snapshotId],
          evidence: expect.objectContaining({ crawler: 'GPTBot' }),
        }),
        expect.objectContaining({ type: 'event', metric: 'file:llms.txt', from: 'present', to: 'absent' }),
      ]),
    );
    // The page: the events ringed on the crawler chart, and what changed in words.
    const page = (await request(app).get(`/monitor/${id}`).expect(200)).text;
    expect(page).toContain('class="alert-mark"');
    expect(page).toMatch(/Crawler <strong>GPTBot<\/strong>: <span class="allowed">allowed<\/span> → <span class="blocked">blocked<\/span>/);
    expect(page).toContain('/llms.txt vanished');
    const deliveries = await eventually(
      async () => (receiver.deliveries.length >= alerts.length ? receiver.deliveries : undefined),
      30_000,
      'the deliveries',
    );
    const verifier = new Webhook(secret);
    for (const delivery of deliveries) {
      const payload = verifier.verify(delivery.body, delivery.headers as Record<string, string>) as {
        type: string;
        data: { id: string; monitorId: string };
      };
      expect(payload).toMatchObject({ type: 'monitor.alert', data: { monitorId: id } });
      expect(delivery.headers['webhook-id']).toBe(payload.data.id);
      expect(Buffer.byteLength(delivery.body)).toBeLessThan(20_000);
    }
    expect(new Set(deliveries.map((delivery) => delivery.headers['webhook-id']))).toEqual(new Set(alerts.map((alert) => alert.id)));
    // A forged signature fails verification.
    expect(() =>
      new Webhook(secret).verify(
        deliveries[0]!.body.replace('monitor.alert', 'monitor.alerT'),
        deliveries[0]!.headers as Record<string, string>,
      ),
    ).toThrow();
  }, 150_000);

  test('an unchanged further run raises nothing', async () => {
    const before = (await trend(id)).alerts.length;
    const deliveries = receiver.deliveries.length;
    await request(app).post(`/api/v1/monitors/${id}/run`).set(auth()).expect(202);
    const third = await runs(id, 3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await trend(id)).alerts).toHaveLength(before);
    expect(third.runs[2]!.fingerprint).toBe(third.runs[1]!.fingerprint);
    expect(receiver.deliveries).toHaveLength(deliveries);
  }, 120_000);

  test('a wrong or missing token gets 404, the same as an unknown id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['get', ''],
      ['patch', ''],
      ['delete', ''],
      ['post', '/run'],
    ] as const) {
      const wrong = await request(app)[method](`/api/v1/monitors/${id}${path}`).set({ Authorization: 'Bearer not-the-token' }).send({});
      const missing = await request(app)[method](`/api/v1/monitors/${id}${path}`).send({});
      const none = await request(app)[method](`/api/v1/monitors/${unknown}${path}`).set(auth()).send({});
      expect([wrong.status, missing.status, none.status]).toEqual([404, 404, 404]);
      expect(wrong.body).toEqual(none.body);
    }
  });

  test('PATCH pauses, changes the cadence and renews; the schedule follows', async () => {
    const patched = await request(app).patch(`/api/v1/monitors/${id}`).set(auth()).send({ paused: true, every: 'week' }).expect(200);
    expect(patched.body).toMatchObject({ paused: true, every: 'week', nextRunAt: null });
    const description = await gateway.temporal.client.schedule.getHandle(`monitor-${id}`).describe();
    expect(description.state.paused).toBe(true);
    expect(description.spec.intervals).toEqual([expect.objectContaining({ every: 7 * 86_400_000 })]);
    expect(description.typedSearchAttributes.getAll().map((pair) => pair.key.name)).toContain('MonitorId');
    await request(app).patch(`/api/v1/monitors/${id}`).set(auth()).send({ paused: false }).expect(200);
    expect((await gateway.temporal.client.schedule.getHandle(`monitor-${id}`).describe()).state.paused).toBe(false);
    await request(app).patch(`/api/v1/monitors/${id}`).set(auth()).send({ every: 'hourly' }).expect(400);
  });

  test('renewing a monitor whose schedule Temporal has removed (it had ended) creates the schedule again', async () => {
    await gateway.temporal.client.schedule.getHandle(`monitor-${id}`).delete();
    await request(app).patch(`/api/v1/monitors/${id}`).set(auth()).send({}).expect(200);
    const description = await gateway.temporal.client.schedule.getHandle(`monitor-${id}`).describe();
    expect(description.policies.overlap).toBe('SKIP');
    expect(description.info.numActionsTaken).toBe(0);
  });

  test('DELETE removes the monitor and its schedule; its snapshots stay', async () => {
    const { runs: kept } = await trend(id);
    await request(app).delete(`/api/v1/monitors/${id}`).set(auth()).expect(204);
    await request(app).get(`/api/v1/monitors/${id}`).set(auth()).expect(404);
    await request(app).get(`/api/v1/monitors/${id}/trend`).expect(404);
    await expect(gateway.temporal.client.schedule.getHandle(`monitor-${id}`).describe()).rejects.toThrow();
    await request(app).get(`/api/v1/report/${kept[0]!.snapshotId}`).expect(200);
  });
});

describe('limits and validation', () => {
  test('a bad kind, target or webhook is refused before anything is counted', async () => {
    await request(app)
      .post('/api/v1/monitors')
      .send({ kind: 'weather', target: { url: 'example.com' }, every: 'day' })
      .expect(400);
    await request(app).post('/api/v1/monitors').send({ kind: 'site', target: {}, every: 'day' }).expect(400);
    await request(app)
      .post('/api/v1/monitors')
      .send({ kind: 'site', target: { url: 'localhost' }, every: 'day' })
      .expect(422);
    await request(app)
      .post('/api/v1/monitors')
      .send({ kind: 'site', target: { url: MONITORED_HOST }, every: 'day', webhook: { url: 'http://10.0.0.1/hook' } })
      .expect(422);
    await request(app)
      .post('/api/v1/monitors')
      .send({ kind: 'site', target: { url: MONITORED_HOST }, every: 'day', webhook: { url: 'http://[::1]:8080/hook' } })
      .expect(422);
    await request(app)
      .post('/api/v1/monitors')
      .send({ kind: 'site', target: { url: MONITORED_HOST }, every: 'day', webhook: { url: 'https://localhost/hook' } })
      .expect(422);
    await request(app)
      .post('/api/v1/monitors')
      .send({ kind: 'site', target: { url: MONITORED_HOST }, every: 'day', webhook: { url: 'ftp://hooks.example.com/' } })
      .expect(400);
    await request(app)
      .post('/api/v1/monitors')
      .send({ kind: 'brand', target: { keyword: 'x' }, every: 'day' })
      .expect(400);
  });

  test('MONITORS_MAX active in all: past it, 503', async () => {
    const { config, temporal, checks } = gateway;
    const full = createApp({
      logger: createLogger({ level: 'silent', format: 'json' }, 'test'),
      checks,
      store: temporal.store,
      health: healthProbes({ temporal: temporal.client, db: temporal.mongo.db }),
      rateLimits: createRateLimits(config.rateLimits, undefined, uniqueName('rl')),
      limitsPerHour: config.rateLimits,
      publicBaseUrl: config.publicBaseUrl,
      allowedHosts: allowedHostsOf(config),
      mcpCheckWaitMs: config.mcpCheckWaitMs,
      crawlerLogs: config.crawlerLogs,
      logs: temporal.stores.logs,
      snapshots: new SnapshotCache(temporal.store, 0),
      monitors: testMonitorService(config, temporal, checks, 0),
    });
    const refused = await request(full)
      .post('/api/v1/monitors')
      .send({ kind: 'site', target: { url: MONITORED_HOST }, every: 'week' })
      .expect(503);
    expect(refused.body.error).toMatch(/maximum of 0 monitors/);
  });

  test('3 monitors created per IP per day (the first created above counts), then 429', async () => {
    for (let index = 0; index < 2; index++) {
      const response = await request(app)
        .post('/api/v1/monitors')
        .send({ kind: 'site', target: { url: MONITORED_HOST }, every: 'week' })
        .expect(201);
      created.push((response.body as { id: string }).id);
      await gateway.temporal.client.schedule.getHandle(monitorScheduleId((response.body as { id: string }).id)).pause('test');
    }
    const refused = await request(app)
      .post('/api/v1/monitors')
      .send({ kind: 'site', target: { url: MONITORED_HOST }, every: 'week' })
      .expect(429);
    expect(refused.body.error).toMatch(/3 requests per day/);
  });
});

import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import type { Express } from 'express';
import { monitorScheduleId } from '../../infra/monitor-schedules';
import { startTestGateway, type TestGateway } from '../support/gateway';
import {
  eventually,
  HOOKS_HOST,
  MONITORED_HOST,
  startChangingSite,
  startReceiver,
  type ChangingSite,
  type Receiver,
} from '../support/monitor-fixtures';

let gateway: TestGateway;
let site: ChangingSite;
let receiver: Receiver;
let app: Express;
const created: string[] = [];

beforeAll(async () => {
  [site, receiver] = await Promise.all([startChangingSite(), startReceiver()]);
  gateway = await startTestGateway({}, { [MONITORED_HOST]: site.server.origin, [HOOKS_HOST]: receiver.server.origin });
  app = gateway.app();
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

const runCount = async (id: string) =>
  ((await request(app).get(`/api/v1/monitors/${id}/trend`).expect(200)).body as { runs: unknown[] }).runs.length;

/** A site monitor with a webhook, its first run done, then robots.txt changed and a second run started: one alert on its way. */
async function monitorWithAnAlert(path: string): Promise<{ id: string; token: string; secret: string }> {
  site.robots = 'User-agent: *\nAllow: /\n';
  const response = await request(app)
    .post('/api/v1/monitors')
    .send({ kind: 'site', target: { url: MONITORED_HOST }, every: 'day', webhook: { url: `http://${HOOKS_HOST}${path}` } })
    .expect(201);
  const { id, token, webhookSecret: secret } = response.body as { id: string; token: string; webhookSecret: string };
  created.push(id);
  await eventually(async () => ((await runCount(id)) >= 1 ? true : undefined), 150_000, 'the first run');
  site.robots = 'User-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
  await request(app)
    .post(`/api/v1/monitors/${id}/run`)
    .set({ Authorization: `Bearer ${token}` })
    .expect(202);
  return { id, token, secret };
}

/**
 * Over HTTP to a real receiver: one refused attempt, then the next (5 s later) delivered. The retry
 * schedule over the whole 24 hours is test/workflows/webhook-retry.test.ts, on the time-skipping server.
 */
test('the receiver down for a while: the alert is delivered once it is back, under one id, and only once', async () => {
  receiver.status = 503;
  const { id, secret } = await monitorWithAnAlert('/down-then-up');
  const mine = () => receiver.deliveries.filter((delivery) => delivery.body.includes(id));
  await eventually(async () => (mine().length >= 1 ? true : undefined), 150_000, 'a refused attempt');
  receiver.status = 200;
  await eventually(async () => (mine().some((delivery) => delivery.status === 200) ? true : undefined), 150_000, 'the delivery');
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const deliveries = mine();
  expect(deliveries.filter((delivery) => delivery.status === 200)).toHaveLength(1);
  expect(deliveries.slice(0, -1).every((delivery) => delivery.status === 503)).toBe(true);
  expect(new Set(deliveries.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1);
  const { alerts } = (await request(app).get(`/api/v1/monitors/${id}/trend`)).body as { alerts: { id: string; metric: string }[] };
  expect(alerts.map((alert) => alert.metric)).toEqual(['crawler:ClaudeBot']);
  expect(deliveries[0]!.headers['webhook-id']).toBe(alerts[0]!.id);
  // Each attempt is signed afresh; the one that got through verifies.
  const delivered = deliveries.at(-1)!;
  expect(new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>)).toMatchObject({
    type: 'monitor.alert',
    data: { id: alerts[0]!.id, metric: 'crawler:ClaudeBot', from: 'allowed', to: 'blocked' },
  });
  // Retries keep their order in time: each attempt later than the one before.
  const times = deliveries.map((delivery) => Number(delivery.headers['webhook-timestamp']));
  expect([...times].sort((a, b) => a - b)).toEqual(times);
}, 330_000);

test('a 410 answer turns the webhook off', async () => {
  receiver.status = 410;
  const { id, token } = await monitorWithAnAlert('/gone');
  await eventually(
    async () => {
      const monitor = (
        await request(app)
          .get(`/api/v1/monitors/${id}`)
          .set({ Authorization: `Bearer ${token}` })
      ).body as { webhook: { active: boolean } };
      return monitor.webhook.active ? undefined : true;
    },
    120_000,
    'the webhook turned off',
  );
  const attempts = receiver.deliveries.filter((delivery) => delivery.body.includes(id)).length;
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(receiver.deliveries.filter((delivery) => delivery.body.includes(id))).toHaveLength(attempts);
  expect(attempts).toBe(1);
}, 180_000);

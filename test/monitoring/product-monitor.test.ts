import request from 'supertest';
import type { Express } from 'express';
import { monitorScheduleId } from '../../infra/monitor-schedules';
import {
  AI_MODE_CARDS,
  CHATGPT_CARDS,
  SHOPPING_BRAND,
  SHOPPING_COMPETITORS,
  SHOPPING_KEYWORD,
  SHOPPING_PRODUCTS,
} from '../../dev/shopping-answers';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { eventually } from '../support/monitor-fixtures';

/**
 * A brand monitor of a shopping keyword (docs/checks/monitoring.md, its product cards): the card rate,
 * the brand's share of the cards and its best position, pooled and per surface; when the surfaces
 * stop showing cards, the card rate's jump is alerted, naming the answers that lost theirs.
 */

let gateway: TestGateway;
let app: Express;
let id: string;

beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '6', BRAND_RUNS: '1' }, {}, 'both');
  // Cards for every question at first, so that their disappearing is a change beyond noise.
  gateway.platforms.setSurfaceBehaviour('google-ai-mode', { answer: 'Look for deep lugs and a rock plate.', products: [...AI_MODE_CARDS] });
  gateway.platforms.setSurfaceBehaviour('chatgpt-app', { answer: 'Pick by terrain and cushioning.', products: [...CHATGPT_CARDS] });
  app = gateway.app();
}, 60_000);
afterAll(async () => {
  if (id)
    await gateway.temporal.client.schedule
      .getHandle(monitorScheduleId(id))
      .delete()
      .catch(() => undefined);
  await gateway.close();
});

interface Trend {
  runs: { snapshotId: string; fingerprint: string }[];
  series: { metric: string; unit: string; points: { value: number; count?: number; total?: number }[] }[];
  alerts: {
    type: string;
    metric: string;
    from: number;
    to: number;
    evidence: { flipped?: { answer: string; from: boolean; to: boolean }[] };
  }[];
}
const trend = async () => (await request(app).get(`/api/v1/monitors/${id}/trend`).expect(200)).body as Trend;
const runs = (count: number) =>
  eventually(async () => ((await trend()).runs.length >= count ? trend() : undefined), 120_000, `${count} runs`);

test('product card rate, brand share and best position per surface; the surfaces stop showing cards and the card rate jump is alerted', async () => {
  const created = await request(app)
    .post('/api/v1/monitors')
    .send({
      kind: 'brand',
      target: {
        keyword: SHOPPING_KEYWORD,
        brand: SHOPPING_BRAND,
        competitors: SHOPPING_COMPETITORS,
        products: SHOPPING_PRODUCTS,
        platforms: ['google-ai-mode', 'chatgpt-app'],
      },
      every: 'week',
    })
    .expect(201);
  ({ id } = created.body as { id: string });
  const token = (created.body as { token: string }).token;
  const first = await runs(1);
  const byMetric = new Map(first.series.map((series) => [series.metric, series]));
  expect([...byMetric.keys()]).toEqual(
    expect.arrayContaining([
      'productCardRate',
      'productCardRate@Google AI Mode',
      'productCardRate@ChatGPT (app)',
      'brandProductShare',
      'brandProductShare@Google AI Mode',
      'brandBestPosition',
      'brandBestPosition@Google AI Mode',
      'brandBestPosition@ChatGPT (app)',
    ]),
  );
  expect(byMetric.get('brandBestPosition')).toMatchObject({ unit: 'position', points: [{ value: 1 }] });
  expect(byMetric.get('brandBestPosition@ChatGPT (app)')!.points[0]!.value).toBe(2);
  const cardRate = byMetric.get('productCardRate')!.points[0]!;
  const aiMode = byMetric.get('productCardRate@Google AI Mode')!.points[0]!;
  const chatGpt = byMetric.get('productCardRate@ChatGPT (app)')!.points[0]!;
  expect(cardRate).toMatchObject({ value: 1, count: cardRate.total });
  expect(cardRate.total).toBe(aiMode.total! + chatGpt.total!);
  expect(cardRate.count).toBe(aiMode.count! + chatGpt.count!);
  // AI Mode: two of four cards are Korvo's.
  expect(byMetric.get('brandProductShare@Google AI Mode')!.points[0]!.value).toBe(0.5);

  for (const surface of ['google-ai-mode', 'chatgpt-app'] as const)
    gateway.platforms.setSurfaceBehaviour(surface, { answer: 'Trail running shoes differ mostly in grip and cushioning.', products: [] });
  await request(app)
    .post(`/api/v1/monitors/${id}/run`)
    .set({ Authorization: `Bearer ${token}` })
    .expect(202);
  await runs(2);
  const { alerts, series } = await eventually(
    async () => {
      const current = await trend();
      return current.alerts.some((alert) => alert.metric === 'productCardRate') ? current : undefined;
    },
    30_000,
    'the card rate alert',
  );
  // ChatGPT's app stops showing cards; SerpApi serves AI Mode's search from its hour-long cache, cards and all.
  const second = (metric: string) => series.find((entry) => entry.metric === metric)!.points[1]!;
  expect(second('productCardRate@ChatGPT (app)')).toMatchObject({ value: 0, count: 0 });
  expect(second('productCardRate@Google AI Mode')).toMatchObject({ value: 1 });
  const alert = alerts.find((entry) => entry.metric === 'productCardRate')!;
  expect(alert).toMatchObject({ type: 'jump', from: 1, to: second('productCardRate').value });
  expect(alert.to).toBe(0.5);
  // The evidence lists the answers to questions without the brand's name, as for every brand rate.
  expect(alert.evidence.flipped!.length).toBeGreaterThan(0);
  // The trend page charts the position as a number, not a percentage.
  const page = await request(app).get(`/monitor/${id}`).expect(200);
  expect(page.text).toContain('Brand’s best product card position');
  expect(page.text).toContain('Answers with product cards in Google AI Mode');
  expect(alert.evidence.flipped!.every((flip) => flip.from && !flip.to && flip.answer.endsWith(' × ChatGPT (app)'))).toBe(true);
}, 300_000);

import request from 'supertest';
import type { Express } from 'express';
import { monitorScheduleId } from '../../infra/monitor-schedules';
import { answerArticleQuestions, useArticleWithoutCredit } from '../../dev/article-answers';
import { ARTICLE_URL } from '../../dev/fixture-sites';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { eventually } from '../support/monitor-fixtures';

let gateway: TestGateway;
let app: Express;
let id: string;

beforeAll(async () => {
  gateway = await startTestGateway({ ARTICLE_QUESTIONS: '5' });
  answerArticleQuestions(gateway.platforms);
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
  eventually(async () => ((await trend()).runs.length >= count ? trend() : undefined), 90_000, `${count} runs`);

test('an article monitor: the answers stop citing the article, and the URL citation rate jumps, naming the answers that flipped', async () => {
  const created = await request(app)
    .post('/api/v1/monitors')
    .send({ kind: 'article', target: { url: ARTICLE_URL }, every: 'week' })
    .expect(201);
  ({ id } = created.body as { id: string });
  const token = (created.body as { token: string }).token;
  const first = await runs(1);
  expect(first.series.map((series) => [series.metric, series.unit])).toEqual([
    ['urlCitationRate', 'rate'],
    ['unionCoverage', 'share'],
  ]);
  expect(first.series[0]!.points[0]).toMatchObject({ value: 0.5, count: 10, total: 20 });

  useArticleWithoutCredit(gateway.platforms);
  await request(app)
    .post(`/api/v1/monitors/${id}/run`)
    .set({ Authorization: `Bearer ${token}` })
    .expect(202);
  await runs(2);
  const {
    alerts,
    runs: both,
    series,
  } = await eventually(
    async () => {
      const current = await trend();
      return current.alerts.length > 0 ? current : undefined;
    },
    30_000,
    'the alert',
  );
  expect(both[1]!.fingerprint).toBe(both[0]!.fingerprint);
  expect(series[0]!.points[1]).toMatchObject({ value: 0, count: 0 });
  expect(alerts).toEqual([expect.objectContaining({ type: 'jump', metric: 'urlCitationRate', from: 0.5, to: 0 })]);
  expect(alerts[0]!.evidence.flipped!.length).toBe(10);
  expect(alerts[0]!.evidence.flipped!.every((flip) => flip.from && !flip.to && / × (ChatGPT|Perplexity)$/.test(flip.answer))).toBe(true);
}, 200_000);

import request from 'supertest';
import type { Express } from 'express';
import { monitorScheduleId } from '../../infra/monitor-schedules';
import { answerArticleQuestions } from '../../dev/article-answers';
import { ARTICLE_URL } from '../../dev/fixture-sites';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { eventually } from '../support/monitor-fixtures';

/** A monitor with markets (docs/markets.md): its target keeps them, and its trend has one series per market beside the pooled one. */

let gateway: TestGateway;
let app: Express;
let id: string;

beforeAll(async () => {
  gateway = await startTestGateway({ ARTICLE_QUESTIONS: '3' });
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
  monitor: { target: Record<string, unknown> };
  runs: { snapshotId: string; fingerprint: string }[];
  series: { metric: string; unit: string; points: { value: number; count?: number; total?: number }[] }[];
}

test('an article monitor in two markets: each market its own series, every question asked in each', async () => {
  const markets = [
    { country: 'US', language: 'en' },
    { country: 'GB', language: 'en', city: 'London' },
  ];
  const created = await request(app)
    .post('/api/v1/monitors')
    .send({ kind: 'article', target: { url: ARTICLE_URL, markets }, every: 'week' })
    .expect(201);
  ({ id } = created.body as { id: string });
  const trend = await eventually(
    async () => {
      const current = (await request(app).get(`/api/v1/monitors/${id}/trend`).expect(200)).body as Trend;
      return current.runs.length >= 1 ? current : undefined;
    },
    120_000,
    'the first run',
  );
  expect(trend.monitor.target).toMatchObject({ url: ARTICLE_URL, markets });
  expect(trend.series.map((series) => series.metric)).toEqual([
    'urlCitationRate',
    'urlCitationRate@US-en',
    'urlCitationRate@GB-en-London',
    'unionCoverage',
  ]);
  const pooled = trend.series[0]!.points[0]!;
  const us = trend.series[1]!.points[0]!;
  const london = trend.series[2]!.points[0]!;
  expect(us.total).toBe(london.total);
  expect(us.total! + london.total!).toBe(pooled.total);

  const report = (await request(app).get(`/api/v1/report/${trend.runs[0]!.snapshotId}`).expect(200)).body as {
    report: { markets: unknown[]; byMarket: { key: string }[] };
  };
  expect(report.report.markets).toEqual(markets);
  expect(report.report.byMarket.map((row) => row.key)).toEqual(['US-en', 'GB-en-London']);
}, 200_000);

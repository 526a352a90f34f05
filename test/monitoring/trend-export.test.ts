import type { Express } from 'express';
import request from 'supertest';
import { answerBrandQuestions, BRAND, BRAND_ANSWERS, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { monitorScheduleId } from '../../infra/monitor-schedules';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { trendOf, trendWithRuns } from '../support/monitor-fixtures';
import { csvRecords, readCsvWithPython } from '../support/python-csv';
import type { Series } from '../../domain/monitoring/series';

/**
 * Issue 32: a monitor's trend as CSV, read back by Python's csv module and compared with the trend JSON,
 * point by point: the date first, then the market, platform, metric, value, interval and answers.
 */

let gateway: TestGateway;
let app: Express;
const created: string[] = [];

/** The trend's JSON as the API sends it: the series without their typed key. */
interface Trend {
  runs: { snapshotId: string; at: string }[];
  series: Omit<Series, 'key'>[];
}

beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '10', BRAND_RUNS: '1' });
  answerBrandQuestions(gateway.platforms);
  app = gateway.app();
}, 120_000);
afterAll(async () => {
  for (const id of created)
    await gateway.temporal.client.schedule
      .getHandle(monitorScheduleId(id))
      .delete()
      .catch(() => undefined);
  await gateway?.close();
});

async function monitored(body: object, runs: number, between?: () => void): Promise<{ id: string; trend: Trend }> {
  const { id, token } = (await request(app).post('/api/v1/monitors').send(body).expect(201)).body as { id: string; token: string };
  created.push(id);
  await trendWithRuns<Trend>(app, id, 1, 120_000);
  for (let run = 2; run <= runs; run++) {
    between?.();
    await request(app)
      .post(`/api/v1/monitors/${id}/run`)
      .set({ Authorization: `Bearer ${token}` })
      .expect(202);
    await trendWithRuns<Trend>(app, id, run, 120_000);
  }
  return { id, trend: await trendOf<Trend>(app, id) };
}

/** Every point of the trend JSON as the CSV should give it, oldest run first. */
const expectedRows = (trend: Trend) =>
  trend.series
    .flatMap((series) => series.points.map((point) => ({ series, point })))
    .sort((a, b) => a.point.at.localeCompare(b.point.at))
    .map(({ series, point }) => ({
      date: point.at.slice(0, 10),
      market: '',
      platform: series.metric.startsWith('platform:') ? series.metric.slice('platform:'.length) : '',
      metric: series.metric,
      value: String(point.value),
      low: point.low === undefined ? '' : String(point.low),
      high: point.high === undefined ? '' : String(point.high),
      answers: point.total === undefined ? '' : String(point.total),
      count: point.count === undefined ? '' : String(point.count),
      unit: series.unit,
      at: point.at,
      reportId: point.snapshotId,
      fingerprint: point.fingerprint,
      exportVersion: '1',
    }));

describe('a brand monitor of two runs', () => {
  let id: string;
  let trend: Trend;

  beforeAll(async () => {
    ({ id, trend } = await monitored(
      { kind: 'brand', target: { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN }, every: 'week' },
      2,
      () => {
        for (const platform of ['chatgpt', 'gemini'] as const) gateway.platforms.setBehaviour(platform, { answer: BRAND_ANSWERS.claude });
      },
    ));
  }, 300_000);

  test('the CSV: date first, one row per run and series, every value and interval as the trend JSON has it', async () => {
    const response = await request(app).get(`/api/v1/monitors/${id}/trend.csv`).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="?trend-${id}\\.csv"?$`));
    expect(response.headers['cache-control']).toBe('no-cache');
    const [header] = readCsvWithPython(response.text);
    expect(header!.slice(0, 8)).toEqual(['date', 'market', 'platform', 'metric', 'value', 'low', 'high', 'answers']);
    const rows = csvRecords(response.text);
    expect(rows).toEqual(expectedRows(trend));
    // Two runs of four rate series, each with its Wilson band.
    expect(rows).toHaveLength(8);
    expect(
      rows.every(
        (row) => /^\d{4}-\d{2}-\d{2}$/.test(row.date!) && Number(row.low) <= Number(row.value) && Number(row.value) <= Number(row.high),
      ),
    ).toBe(true);
    expect(new Set(rows.map((row) => row.reportId))).toEqual(new Set(trend.runs.map((run) => run.snapshotId)));
  });

  test('an unchanged trend answers 304 for its ETag; a byte-order mark only when asked', async () => {
    const first = await request(app).get(`/api/v1/monitors/${id}/trend.csv`).buffer(true).expect(200);
    await request(app)
      .get(`/api/v1/monitors/${id}/trend.csv`)
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    const marked = await request(app).get(`/api/v1/monitors/${id}/trend.csv?bom=1`).buffer(true).expect(200);
    expect(marked.text.startsWith('\ufeffdate,')).toBe(true);
    expect(first.text.startsWith('date,')).toBe(true);
  });

  test('the trend page links its CSV', async () => {
    const page = await request(app).get(`/monitor/${id}`).expect(200);
    expect(page.text).toContain(`<a href="/api/v1/monitors/${id}/trend.csv" download>Download CSV</a>`);
  });
});

test('a site monitor: its per-platform status series name their platform', async () => {
  const { id, trend } = await monitored({ kind: 'site', target: { url: FIXTURE_HOSTS.healthy }, every: 'week' }, 1);
  const rows = csvRecords((await request(app).get(`/api/v1/monitors/${id}/trend.csv`).buffer(true).expect(200)).text);
  expect(rows).toEqual(expectedRows(trend));
  const platforms = rows.filter((row) => row.unit === 'status');
  expect(platforms.length).toBeGreaterThan(0);
  expect(platforms.every((row) => row.platform !== '' && row.metric === `platform:${row.platform}` && row.low === '')).toBe(true);
}, 180_000);

test('an unknown monitor gets 404, as its trend JSON does', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
    const response = await request(app).get(`/api/v1/monitors/${id}/trend.csv`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'no such monitor' });
  }
});

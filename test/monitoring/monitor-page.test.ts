import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { chromium, type Browser } from 'playwright-core';
import type { Express } from 'express';
import { ensureChromium } from '../../dev/local-stack/chromium';
import { monitorScheduleId } from '../../infra/monitor-schedules';
import { answerBrandQuestions, BRAND, BRAND_ANSWERS, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { connectInMemory } from '../support/mcp-client';
import { eventually, trendOf, trendWithRuns, MONITORED_HOST, startChangingSite, type ChangingSite } from '../support/monitor-fixtures';

const ARTIFACTS = join(__dirname, '..', '..', '.data', 'test-artifacts');
let gateway: TestGateway;
let site: ChangingSite;
let app: Express;
let server: Server;
let origin: string;
let browser: Browser;
const created: string[] = [];

beforeAll(async () => {
  site = await startChangingSite();
  gateway = await startTestGateway({ BRAND_QUESTIONS: '10', BRAND_RUNS: '1' }, { [MONITORED_HOST]: site.server.origin });
  answerBrandQuestions(gateway.platforms);
  app = gateway.app();
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 300_000);
afterAll(async () => {
  for (const id of created)
    await gateway.temporal.client.schedule
      .getHandle(monitorScheduleId(id))
      .delete()
      .catch(() => undefined);
  await browser?.close();
  server?.closeAllConnections();
  server?.close();
  await gateway?.close();
  await site?.close();
});

interface Trend {
  runs: { snapshotId: string; reportUrl: string; fingerprint: string }[];
  series: { metric: string; unit: string; points: { value: number; low?: number; high?: number; count?: number; total?: number }[] }[];
  alerts: {
    id: string;
    type: string;
    metric: string;
    from: number;
    to: number;
    interval: { low: number; high: number; level: number };
    evidence: { flipped?: { answer: string }[]; flippedCount?: number };
  }[];
}
const trend = (id: string) => trendOf<Trend>(app, id);
const runs = (id: string, count: number) => trendWithRuns<Trend>(app, id, count, 120_000);

describe('a brand monitor whose answers stop naming the brand', () => {
  let id: string;
  let token: string;

  beforeAll(async () => {
    const response = await request(app)
      .post('/api/v1/monitors')
      .send({ kind: 'brand', target: { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN }, every: 'week' })
      .expect(201);
    ({ id, token } = response.body as { id: string; token: string });
    created.push(id);
    await runs(id, 1);
    // The assistants stop naming the brand: every platform answers like Claude's table.
    for (const platform of ['chatgpt', 'gemini', 'perplexity'] as const)
      gateway.platforms.setBehaviour(platform, { answer: BRAND_ANSWERS.claude });
    await request(app)
      .post(`/api/v1/monitors/${id}/run`)
      .set({ Authorization: `Bearer ${token}` })
      .expect(202);
    await runs(id, 2);
    await eventually(async () => ((await trend(id)).alerts.length > 0 ? true : undefined), 30_000, 'the alerts');
    await request(app)
      .post(`/api/v1/monitors/${id}/run`)
      .set({ Authorization: `Bearer ${token}` })
      .expect(202);
    await runs(id, 3);
  }, 400_000);

  test('the trend: four rate series with their Wilson bands; one jump per rate that moved, none for the unchanged third run', async () => {
    const current = await trend(id);
    expect(current.series.map((series) => series.metric)).toEqual([
      'mentionRate',
      'firstRecommendationRate',
      'shareOfVoice',
      'citationRate',
    ]);
    const mention = current.series[0]!.points;
    expect(mention).toHaveLength(3);
    expect(mention[0]!.value).toBeGreaterThan(0.5);
    expect(mention[1]).toMatchObject({ value: 0, low: 0 });
    expect(mention[0]!.low).toBeLessThan(mention[0]!.value);
    expect(mention[0]!.high).toBeGreaterThan(mention[0]!.value);
    expect(new Set(current.runs.map((run) => run.fingerprint)).size).toBe(1);
    const jump = current.alerts.find((alert) => alert.metric === 'mentionRate')!;
    expect(jump).toMatchObject({ type: 'jump', to: 0, interval: { level: 0.99 } });
    expect(jump.interval.high).toBeLessThan(0);
    expect(jump.evidence.flipped!.length).toBe(Math.min(20, mention[0]!.count!));
    expect(jump.evidence.flippedCount).toBe(mention[0]!.count);
    expect(jump.evidence.flipped![0]!.answer).toMatch(/ × (ChatGPT|Gemini|Perplexity)$/);
    // The third run repeats the second: nothing new (every alert belongs to the second run).
    expect(new Set(current.alerts.map((alert) => alert.id.split('_')[1]))).toEqual(
      new Set([current.runs[1]!.snapshotId.replace(/-/g, '')]),
    );
  });

  test('the page, server-rendered: SVG charts with bands and alert marks, what changed, every run’s report; screenshot in Chromium', async () => {
    const response = await request(app).get(`/monitor/${id}`).expect(200);
    expect(response.text).toContain('<svg');
    expect(response.text).toContain('class="band"');
    expect(response.text).toContain('class="alert-mark"');
    const current = await trend(id);
    for (const run of current.runs) expect(response.text).toContain(`href="/report/${run.snapshotId}"`);
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(`${origin}/monitor/${id}`);
    expect(await page.locator('figure.trend-chart').count()).toBe(4);
    expect(await page.getByRole('heading', { name: 'What changed since the last run' }).count()).toBe(1);
    // The last two runs are alike: the changes section says so, each rate within noise.
    expect(await page.locator('ul.changes li').first().textContent()).toMatch(/within noise/);
    expect(await page.locator('tr.alert-row').count()).toBe(current.alerts.length);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'monitor-page.png'), fullPage: true });
    await page.close();
  });

  test('MCP get_monitor_trend {id}: the series with their noise and the alerts with evidence, as markdown; read-only', async () => {
    const client = await connectInMemory(gateway);
    try {
      const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'get_monitor_trend')!;
      expect(tool.annotations?.readOnlyHint).toBe(true);
      const result = await client.callTool({ name: 'get_monitor_trend', arguments: { id } });
      const markdown = (result.content as { text: string }[])[0]!.text;
      expect(result.isError).toBeFalsy();
      expect(markdown).toMatch(/^# Monitor: Acme Plan for “project planning software”/);
      expect(markdown).toMatch(/- Mention rate: 0% \(95% 0%–\d+(\.\d)?%, 0\/\d+\) — 0% since the run before, within noise/);
      expect(markdown).toMatch(/## Alerts \(4\)/);
      expect(markdown).toMatch(/\*\*jump\*\* Mention rate: \d+(\.\d)?% → 0%, 99% interval/);
      expect(markdown).toContain(`/monitor/${id}`);
      // The same trend as its JSON, as structured content (the tool's outputSchema).
      const json = await request(app).get(`/api/v1/monitors/${id}/trend`).expect(200);
      expect(tool.outputSchema?.required).toEqual(expect.arrayContaining(['monitor', 'series', 'alerts', 'pageUrl']));
      expect(result.structuredContent).toEqual({ ...json.body, pageUrl: `${gateway.config.publicBaseUrl}/monitor/${id}` });
      const unknown = await client.callTool({ name: 'get_monitor_trend', arguments: { id: '00000000-0000-4000-8000-000000000000' } });
      expect(unknown.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  test('the report pages offer "Monitor this", prefilled', async () => {
    const report = await request(app)
      .get(`/report/${(await trend(id)).runs[0]!.snapshotId}`)
      .expect(200);
    expect(report.text).toMatch(
      /class="monitor-this" href="\/monitor\/new\?kind=brand&amp;keyword=project\+planning\+software&amp;brand=Acme\+Plan/,
    );
  });
});

test('"Monitor this" from the home page in a browser, without script: the form, then the token shown once and the trend page', async () => {
  const page = await browser.newPage();
  await page.goto(origin);
  await page.getByRole('link', { name: 'Monitor a site' }).click();
  await page.getByLabel('Domain or URL').fill(MONITORED_HOST);
  await page.getByLabel('How often').selectOption('day');
  await page.getByRole('button', { name: 'Start monitoring' }).click();
  await page.getByRole('heading', { name: 'Your token, shown only now' }).waitFor();
  const token = (await page.locator('#token').textContent())!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const trendLink = page.locator('a[href*="/monitor/"]').first();
  const id = (await trendLink.getAttribute('href'))!.split('/monitor/')[1]!;
  created.push(id);
  await request(app)
    .get(`/api/v1/monitors/${id}`)
    .set({ Authorization: `Bearer ${token}` })
    .expect(200);
  await runs(id, 1);
  await trendLink.click();
  await page.getByRole('heading', { name: `Monitor: ${MONITORED_HOST}` }).waitFor();
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'monitor-site-page.png'), fullPage: true });
  await page.close();
}, 120_000);

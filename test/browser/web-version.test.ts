import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ensureChromium } from '../../dev/local-stack/chromium';
import { answerArticleQuestions } from '../../dev/article-answers';
import { answerBrandQuestions, answerBrandQuestionsOnSurfaces, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { tableRows } from '../support/html-table';
import { ARTICLE_URL, FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { sampleLog } from '../../dev/crawler-logs';
import { startRangeFileStandIns, type RangeFileStandIns } from '../../dev/vendor-stand-ins/range-files';

const ARTIFACTS = join(__dirname, '..', '..', '.data', 'test-artifacts');
let gateway: TestGateway;
let server: Server;
let browser: Browser;
let origin: string;
let rangeFiles: RangeFileStandIns;

beforeAll(async () => {
  const executablePath = ensureChromium();
  rangeFiles = await startRangeFileStandIns();
  // SerpApi's stand-in sets up Google's two surfaces; ChatGPT's app (DataForSEO only) stays unconfigured.
  gateway = await startTestGateway({}, rangeFiles.fetchOverrides(), 'serpapi');
  server = gateway.app().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Flags these machines need: no sandbox as root, and no background calls to the (closed) network.
  browser = await chromium.launch({
    executablePath,
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
  await browser?.close();
  server?.closeAllConnections();
  server?.close();
  await gateway?.close();
  await rangeFiles?.close();
});

test('a site owner checks a domain in the browser, sees the steps live, and reaches the report', async () => {
  const page = await browser.newPage();
  await page.goto(origin);
  // Keyboard only: the label names the field, Enter submits.
  await page.getByLabel('Domain or URL to check').fill(FIXTURE_HOSTS.healthy);
  await page.keyboard.press('Enter');

  await page.locator('#steps li').first().waitFor();
  const openReport = page.getByRole('link', { name: 'Open the full report' });
  await openReport.waitFor({ timeout: 60_000 });
  expect(await page.locator('#steps li').count()).toBeGreaterThan(5);
  expect(await page.locator('#result h2').textContent()).toMatch(new RegExp(`^${FIXTURE_HOSTS.healthy}: \\d+/100$`));
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'web-version.png'), fullPage: true });

  await openReport.click();
  await page.waitForURL(/\/report\/[0-9a-f-]{36}$/);
  expect(await page.locator('h1').textContent()).toBe(`AI visibility of ${FIXTURE_HOSTS.healthy}`);
  await page.screenshot({ path: join(ARTIFACTS, 'report-page.png'), fullPage: true });
});

test('a marketer runs a brand diagnosis in the browser, sees the progress live, and reaches its report', async () => {
  answerBrandQuestions(gateway.platforms);
  const page = await browser.newPage();
  await page.goto(origin);
  await page.getByLabel('Keyword').fill(KEYWORD);
  await page.getByLabel('Brand', { exact: true }).fill(BRAND);
  await page.getByLabel('Competitors (optional, comma-separated)').fill('Asana, Trello');
  await page.getByRole('button', { name: 'Diagnose' }).click();

  await page.locator('#steps li').first().waitFor();
  const openReport = page.getByRole('link', { name: 'Open the full report' });
  await openReport.waitFor({ timeout: 60_000 });
  expect(await page.locator('#steps li').count()).toBeGreaterThan(10);
  expect(await page.locator('#result h2').textContent()).toMatch(
    new RegExp(`^${BRAND} for “${KEYWORD}”: (invisible|emerging|competitive|leading)$`),
  );
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'web-version-brand.png'), fullPage: true });

  await openReport.click();
  await page.waitForURL(/\/report\/[0-9a-f-]{36}$/);
  expect(await page.locator('h1').textContent()).toBe(`${BRAND} in AI answers about “${KEYWORD}”`);
  await page.screenshot({ path: join(ARTIFACTS, 'brand-report-page.png'), fullPage: true });
});

test('a marketer picks platforms and two markets, and reads what people see against the API, market by market', async () => {
  answerBrandQuestions(gateway.platforms);
  answerBrandQuestionsOnSurfaces(gateway.platforms);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(origin);
  const form = page.locator('form[data-endpoint="/api/keywords"]');
  await form.getByLabel('Keyword').fill(KEYWORD);
  await form.getByLabel('Brand', { exact: true }).fill(BRAND);
  await form.getByLabel("Brand's domain (optional)").fill(BRAND_DOMAIN);
  // Every platform set up here is checked; ChatGPT's app is shown, not offered. Keep ChatGPT, Gemini and Google AI Mode.
  await expect(form.getByLabel('ChatGPT (app) (not set up on this service)').isDisabled()).resolves.toBe(true);
  for (const name of ['Claude', 'Perplexity', 'DeepSeek', 'Google AI Overviews']) await form.getByLabel(name, { exact: true }).uncheck();
  const rows = form.locator('.market-row');
  await rows.nth(0).getByLabel('Country').selectOption('US');
  await form.getByRole('button', { name: 'Add a market' }).click();
  await rows.nth(1).getByLabel('Country').selectOption('DE');
  await rows.nth(1).getByLabel('Language').selectOption('de');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'web30-brand-form.png'), fullPage: true });

  const sent = page.waitForRequest((request) => request.url().endsWith('/api/keywords') && request.method() === 'POST');
  await form.getByRole('button', { name: 'Diagnose' }).click();
  expect(JSON.parse((await sent).postData()!)).toEqual({
    keyword: KEYWORD,
    brand: BRAND,
    domain: BRAND_DOMAIN,
    markets: [
      { country: 'US', language: 'en' },
      { country: 'DE', language: 'de' },
    ],
    platforms: ['chatgpt', 'gemini', 'google-ai-mode'],
  });
  const openReport = page.getByRole('link', { name: 'Open the full report' });
  await openReport.waitFor({ timeout: 90_000 });
  await openReport.click();
  await page.waitForURL(/\/report\/[0-9a-f-]{36}$/);
  const report = await page.content();
  expect(tableRows(report, 'table.by-platform').map((row) => row[0])).toEqual(['ChatGPT', 'Gemini', 'Google AI Mode']);
  expect(tableRows(report, 'table.markets').map((row) => row[0])).toEqual(['United States (en)', 'Germany (de)']);
  expect(tableRows(report, 'table.surface-vs-api')).toEqual([
    [
      'Google AI Mode',
      expect.stringMatching(/^0% \(0%–\d+%; 0\/\d+\)$/),
      'Gemini',
      expect.stringMatching(/^100% \(\d+%–100%; (\d+)\/\1\)$/),
      expect.any(String),
      "API overstates Gemini's API names you more often than people see on Google AI Mode",
    ],
  ]);
  await expect(page.locator('summary', { hasText: 'Google AI Mode (what people see)' }).first().textContent()).resolves.toMatch(
    /United States \(en\)|Germany \(de\)/,
  );
  // The report down to its comparisons (the answers below make the whole page some 18,000 pixels tall).
  const below = (await page.getByRole('heading', { name: 'By kind of question' }).boundingBox())!;
  await page.screenshot({
    path: join(ARTIFACTS, 'web30-brand-report.png'),
    fullPage: true,
    clip: { x: 0, y: 0, width: 1280, height: below.y },
  });

  // "Monitor this" carries what was asked: the monitor form has the same platforms checked.
  await page.getByRole('link', { name: 'Monitor this' }).click();
  await page.waitForURL(/\/monitor\/new\?/);
  const checked = await page
    .locator('fieldset.platforms input[name="platforms"]:checked')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('value')));
  expect(checked).toEqual(['chatgpt', 'gemini', 'google-ai-mode']);
  // … and the same markets, one row each, as the form posts them.
  const marketRows = await page
    .locator('fieldset.markets .market-row')
    .evaluateAll((found) =>
      found.map((row) =>
        ['country', 'language'].map((field) => (row.querySelector(`[data-market="${field}"]`) as unknown as { value: string }).value),
      ),
    );
  expect(marketRows).toEqual([
    ['US', 'en'],
    ['DE', 'de'],
  ]);
}, 120_000);

test('a writer checks an article in the browser, sees the progress live, and reaches its report', async () => {
  answerArticleQuestions(gateway.platforms);
  const page = await browser.newPage();
  await page.goto(origin);
  await page.getByLabel('Article URL').fill(ARTICLE_URL);
  await page.getByRole('button', { name: 'Check article' }).click();
  const openReport = page.getByRole('link', { name: 'Open the full report' });
  await openReport.waitFor({ timeout: 60_000 });
  expect(await page.locator('#result h2').textContent()).toBe('How to plan a vegetable garden: cited');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'web-version-article.png'), fullPage: true });
  await openReport.click();
  await page.waitForURL(/\/report\/[0-9a-f-]{36}$/);
  expect(await page.locator('h1').textContent()).toBe('How to plan a vegetable garden: cited by AI assistants');
  await page.screenshot({ path: join(ARTIFACTS, 'article-report-page.png'), fullPage: true });
});

test('an error is shown in words', async () => {
  const page = await browser.newPage();
  await page.goto(origin);
  await page.getByLabel('Domain or URL to check').fill('localhost');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toMatch(/localhost is this machine, not a public site/);
});

test('a site owner uploads an access log with a progress bar, sees it read, and reaches the crawler traffic report', async () => {
  const page = await browser.newPage();
  await page.goto(origin);
  await page.getByLabel('Your domain').fill(FIXTURE_HOSTS.blocking);
  await page
    .getByLabel('Access log (text or .gz)')
    .setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(sampleLog(200)) });
  await page.getByRole('button', { name: 'Upload and read' }).click();

  const openReport = page.getByRole('link', { name: 'Open the crawler traffic report' });
  await openReport.waitFor({ timeout: 60_000 });
  expect(await page.locator('#log-progress').getAttribute('value')).toBe('100');
  expect(await page.locator('#status').textContent()).toBe('The log is read.');
  expect(await page.locator('#steps li').count()).toBeGreaterThan(2);
  await openReport.click();
  await page.waitForURL(/\/report\/[0-9a-f-]{36}$/);
  expect(await page.locator('h1').textContent()).toBe(`AI crawler traffic of ${FIXTURE_HOSTS.blocking}`);
  await page.screenshot({ path: join(ARTIFACTS, 'traffic-report-page.png'), fullPage: true });
}, 120_000);

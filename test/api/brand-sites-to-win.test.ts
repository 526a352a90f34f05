import request from 'supertest';
import { brandSummary } from '../../api/kinds/brand/summary';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';

/**
 * A diagnosis through the API for a brand spelled like an ordinary word ("Clear"), where every answer
 * praises a rival's "clear pricing" and cites a review site that names only the rivals: the brand
 * reads 0%, and the review site is the first site to win, in JSON, on the page and over MCP.
 */
let gateway: TestGateway;

const ANSWER = [
  'Here are the best invoicing tools for freelancers, chosen for clear pricing:',
  '',
  '1. **FreshBooks** – clear pricing and friendly support ([reviews](https://www.invoice-reviews.example/best-invoicing)).',
  '2. **Wave** – free, with a clear, simple dashboard.',
  '3. **Zoho Invoice** – clear reports for small teams.',
  '',
  'Clear pricing matters most when you bill many clients.',
].join('\n');

beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '3', BRAND_RUNS: '1' });
  for (const platform of ['chatgpt', 'claude', 'gemini', 'perplexity', 'deepseek'] as const) {
    gateway.platforms.setBehaviour(platform, {
      answer: ANSWER,
      citations: ['https://www.invoice-reviews.example/best-invoicing', 'https://freshbooks.example/pricing'],
    });
  }
});
afterAll(() => gateway.close());

test('a brand named like a word reads 0%, and a review site citing only competitors is a site to win', async () => {
  const response = await postForEvents(gateway.app(), '/api/keywords', {
    keyword: 'invoicing software',
    brand: 'Clear',
    domain: 'clearinvoices.com',
    competitors: ['FreshBooks'],
  });
  expect(response.status).toBe(200);
  const summary = response.events.at(-1)!;
  const id = summary.reportId as string;

  const json = await request(gateway.app()).get(`/api/v1/report/${id}`);
  const report = json.body.report;
  expect(report.metrics.answers).toBeGreaterThan(0);
  expect(report.metrics.mentionRate).toMatchObject({ count: 0, value: 0 });
  expect(report.stage).toBe('invisible');
  expect(report.readingMethod).toBe('rules');
  expect(report.answers.every((answer: { mentioned: boolean }) => !answer.mentioned)).toBe(true);
  // The options are the rivals, not "Clear" or a heading.
  expect(report.answers[0].entities.map((entity: { name: string }) => entity.name)).toEqual(['FreshBooks', 'Wave', 'Zoho Invoice']);
  expect(report.citationGaps.find((gap: { domain: string }) => gap.domain === 'invoice-reviews.example')).toMatchObject({
    domain: 'invoice-reviews.example',
    answers: report.metrics.answers,
    competitors: expect.arrayContaining(['FreshBooks']),
  });
  // The plan starts the outreach there.
  expect(report.actionPlan[0].action).toMatch(/starting with .*invoice-reviews\.example/);
  expect(report.sources.map((source: { domain: string }) => source.domain)).toEqual(
    expect.arrayContaining(['invoice-reviews.example', 'freshbooks.example']),
  );

  const page = await request(gateway.app()).get(`/report/${id}`);
  expect(page.text).toContain('<h2>Sites to win</h2>');
  expect(page.text).toMatch(/<th scope="row">invoice-reviews\.example<\/th>/);
  // Nothing in the answers is marked as the brand.
  expect(page.text).not.toContain('<mark>');

  // The MCP tool get_brand_report phrases the same list for an agent.
  expect(brandSummary(report, 'https://x.example/report')).toMatch(
    /## Sites to win\n(?:- .*\n)*- invoice-reviews\.example: cited in \d+ answers naming FreshBooks/,
  );
});

import request from 'supertest';
import { answerArticleQuestions, useArticleWithoutCredit } from '../../dev/article-answers';
import { ARTICLE_URL, FIXTURE_HOSTS, MOVED_ARTICLE_URL } from '../../dev/fixture-sites';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ ARTICLE_QUESTIONS: '4' });
});
afterAll(() => gateway.close());

type Summary = {
  type: string;
  reportId: string;
  reportUrl: string;
  report: Record<string, unknown> & {
    metrics: Record<string, { count: number; total: number; value: number }> & { answers: number; coverage: number; unionCoverage: number };
  };
};

async function check(url: string) {
  const response = await postForEvents(gateway.app(), '/api/article-check', { url });
  expect(response.status).toBe(200);
  return response.events;
}

describe('an article that assistants use and cite', () => {
  let events: Record<string, unknown>[];
  let summary: Summary;
  beforeAll(async () => {
    answerArticleQuestions(gateway.platforms);
    events = await check(ARTICLE_URL);
    summary = events.at(-1) as Summary;
  }, 90_000);

  test('progress events, then exactly one summary with the report id and link', () => {
    expect(events[0]).toMatchObject({
      type: 'progress',
      stage: 'start',
      checkId: expect.stringMatching(/^article:blog\.test:/),
      reportId: expect.any(String),
    });
    expect(events.slice(0, -1).every((event) => event.type === 'progress')).toBe(true);
    expect(summary).toMatchObject({
      type: 'summary',
      reportId: events[0]!.reportId,
      reportUrl: `/report/${events[0]!.reportId as string}`,
      report: { kind: 'article' },
    });
  });

  test('the article is read as a reader sees it: title, headings, words without navigation or footer, canonical URL, date', () => {
    expect(summary.report).toMatchObject({
      url: ARTICLE_URL,
      finalUrl: ARTICLE_URL,
      canonicalUrl: ARTICLE_URL,
      domain: FIXTURE_HOSTS.blog,
      title: 'How to plan a vegetable garden',
      language: 'en',
      publishedAt: '2026-03-01T09:00:00.000Z',
      headings: ['Choose the right size', 'Pick what to grow', 'Plan your watering', 'Rotate your crops'],
    });
    expect(summary.report.wordCount).toBeGreaterThan(200);
    expect(summary.report.wordCount).toBeLessThan(300);
    const keyPoints = summary.report.keyPoints as { text: string }[];
    expect(keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(keyPoints.some((point) => /six hours of direct sunlight/.test(point.text))).toBe(true);
    expect(JSON.stringify(keyPoints)).not.toMatch(/cookie|newsletter|rights reserved|Great post/i);
  });

  test('citations with tracking parameters or www. count; coverage counts the facts the answers use', () => {
    const { metrics } = summary.report;
    // ChatGPT, Perplexity, Gemini and Claude answer each of the 4 questions; DeepSeek's key is refused.
    expect(metrics.answers).toBe(16);
    expect(metrics.urlCitationRate).toMatchObject({ count: 8, total: 16, value: 0.5 });
    expect(metrics.domainCitationRate).toMatchObject({ count: 8, total: 16 });
    expect(metrics.coverage).toBeGreaterThan(0.6);
    expect(metrics.coverage).toBeLessThan(0.9);
    expect(metrics.unionCoverage).toBe(1);
    const answers = summary.report.answers as { platform: string; citesUrl: boolean; coverage: number; status: string }[];
    expect(answers.filter((answer) => answer.platform === 'ChatGPT').every((answer) => answer.citesUrl && answer.coverage === 1)).toBe(
      true,
    );
    expect(answers.filter((answer) => answer.platform === 'Gemini').every((answer) => !answer.citesUrl && answer.coverage === 1)).toBe(
      true,
    );
    expect(answers.filter((answer) => answer.platform === 'Claude').every((answer) => !answer.citesUrl && answer.coverage === 0)).toBe(
      true,
    );
    expect(answers.filter((answer) => answer.platform === 'DeepSeek').every((answer) => answer.status === 'error')).toBe(true);
    expect(summary.report.verdict).toMatchObject({
      citation: 'strong',
      coverage: 'high',
      summary: 'cited',
      text: expect.stringMatching(/^Cited: 8 of 16 answers cite the article itself/),
    });
  });

  test('the report page shows the verdict first, the measures, the key-point matrix and marks citations of the article', async () => {
    const page = await request(gateway.app()).get(summary.reportUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>How to plan a vegetable garden: cited by AI assistants</h1>');
    expect(page.text.indexOf('Cited: 8 of 16')).toBeLessThan(page.text.indexOf('<h2>Key points and who used them</h2>'));
    expect(page.text).toMatch(/URL citation rate<\/span>\s*<strong>50%<\/strong>/);
    expect(page.text).toContain('<span class="tag pass">used</span>');
    // ChatGPT cited it with ?utm_source=chatgpt.com: reports carry the canonical form.
    expect(page.text).toContain(`<mark><a href="${ARTICLE_URL}"`);
    const json = await request(gateway.app()).get(`/api/v1/report/${summary.reportId}`);
    expect(json.body).toMatchObject({ kind: 'article', report: { kind: 'article', url: ARTICLE_URL } });
  });
});

test('an article the answers use without citing it: used but not credited, with advice to earn the credit', async () => {
  useArticleWithoutCredit(gateway.platforms);
  const summary = (await check(MOVED_ARTICLE_URL)).at(-1) as Summary;
  expect(summary.report).toMatchObject({ finalUrl: MOVED_ARTICLE_URL, canonicalUrl: ARTICLE_URL });
  expect(summary.report.verdict).toMatchObject({ citation: 'none', summary: 'used-not-credited' });
  const advice = summary.report.advice as { priority: number; action: string; why: string }[];
  expect(advice.length).toBeGreaterThanOrEqual(3);
  expect(advice[0]!.action).toMatch(/original data, named quotations/);
  expect(advice.map((item) => item.action).join('\n')).toMatch(/rel=canonical names this article/);
}, 90_000);

test.each([
  ['a 404', `https://${FIXTURE_HOSTS.blog}/posts/missing`, /answered 404: there is no article at this address/],
  ['a PDF', `https://${FIXTURE_HOSTS.blog}/files/garden-guide.pdf`, /is a application\/pdf file, not an HTML article/],
  ['a page without article text (JavaScript only)', `https://${FIXTURE_HOSTS.jsOnly}/`, /No article text was found .*JavaScript/],
  ['a page too short to be an article', `https://${FIXTURE_HOSTS.blog}/about`, /No article text was found/],
  ['an unreachable site', `https://${FIXTURE_HOSTS.dead}/post`, /could not be reached/],
])(
  '%s ends the stream with an error event that says why',
  async (_case, url, reason) => {
    const events = await check(url);
    expect(events.at(-1)).toEqual({ type: 'error', error: expect.stringMatching(reason) });
    expect(events.some((event) => event.type === 'summary')).toBe(false);
  },
  60_000,
);

test('bad input is plain JSON before any stream: 400 for a malformed body, 422 for a private or illegal host', async () => {
  expect(await postForEvents(gateway.app(), '/api/article-check', {})).toMatchObject({ status: 400, json: { error: 'url is required' } });
  expect(await postForEvents(gateway.app(), '/api/article-check', { url: 'http://127.0.0.1/post' })).toMatchObject({
    status: 422,
    json: { error: expect.stringMatching(/IP address/) },
  });
  expect(await postForEvents(gateway.app(), '/api/article-check', { url: 'http://localhost/post' })).toMatchObject({ status: 422 });
});

test('a huge page is read within the size cap', async () => {
  useArticleWithoutCredit(gateway.platforms);
  const events = await check(`https://${FIXTURE_HOSTS.huge}/`);
  const summary = events.at(-1) as Summary;
  expect(events.filter((event) => event.status === 'failed')).toEqual([]);
  expect(summary.type).toBe('summary');
  expect(summary.report.wordCount).toBeGreaterThan(150);
}, 90_000);

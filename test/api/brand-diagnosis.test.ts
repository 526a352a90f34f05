import request from 'supertest';
import { answerBrandQuestions, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '10', BRAND_RUNS: '1' });
  answerBrandQuestions(gateway.platforms);
});
afterAll(() => gateway.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const rate = (count: number, total: number) => expect.objectContaining({ count, total, value: count / total });

describe('POST /api/keywords (Server-Sent Events)', () => {
  let summary: Record<string, unknown>;
  let events: Record<string, unknown>[];

  beforeAll(async () => {
    const response = await postForEvents(gateway.app(), '/api/keywords', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-ratelimit-limit')).toBe('10');
    events = response.events;
    summary = events.at(-1)!;
  }, 90_000);

  test('progress events first (the first at once, naming the check), then exactly one summary, last', () => {
    expect(events[0]).toMatchObject({
      type: 'progress',
      stage: 'start',
      status: 'done',
      checkId: expect.stringMatching(/^brand:acme-plan:/),
      reportId: expect.stringMatching(UUID),
    });
    expect(events.slice(0, -1).every((event) => event.type === 'progress')).toBe(true);
    expect(events.some((event) => typeof event.message === 'string' && /^Asking Claude \d+ of 10 questions$/.test(event.message))).toBe(
      true,
    );
    expect(summary).toMatchObject({
      type: 'summary',
      reportId: events[0]!.reportId,
      reportUrl: `/report/${events[0]!.reportId as string}`,
      report: { kind: 'brand', keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN },
    });
    expect(events.filter((event) => event.type === 'summary')).toHaveLength(1);
  });

  test('the metrics count unbranded answers that answered: named by three platforms of four, first by one, cited by two', () => {
    const report = summary.report as {
      questions: { branded: boolean }[];
      answers: { platform: string; status: string }[];
      metrics: Record<string, unknown>;
      branded: Record<string, unknown>;
    };
    const unbranded = report.questions.filter((question) => !question.branded).length;
    const branded = report.questions.length - unbranded;
    expect(report.questions).toHaveLength(10);
    expect(unbranded).toBeGreaterThanOrEqual(7);
    const answered = 4 * unbranded;
    expect(report.metrics).toMatchObject({
      answers: answered,
      mentionRate: rate(3 * unbranded, answered),
      firstRecommendationRate: rate(unbranded, answered),
      citationRate: rate(2 * unbranded, answered),
    });
    // DeepSeek's refused key: listed as errors, not counted.
    expect(report.answers.filter((answer) => answer.platform === 'DeepSeek').every((answer) => answer.status === 'error')).toBe(true);
    expect(report.branded).toMatchObject({ answers: 4 * branded });
  });

  test('a product whose name only starts like the brand is not a mention; ranks follow lists and prose', () => {
    const report = summary.report as {
      answers: { platform: string; mentioned: boolean; rank: number | null; firstRecommended: boolean }[];
      questions: { id: string; branded: boolean }[];
    };
    const claude = report.answers.filter((answer) => answer.platform === 'Claude');
    expect(claude.every((answer) => !answer.mentioned && answer.rank === null)).toBe(true);
    const ranks = (platform: string) =>
      new Set(report.answers.filter((answer) => answer.platform === platform && answer.mentioned).map((answer) => answer.rank));
    expect(ranks('Gemini').has(1)).toBe(true);
    expect(ranks('ChatGPT').has(2)).toBe(true);
    expect(ranks('Perplexity').has(3)).toBe(true);
  });

  test('competitors are discovered from the answers, with their share of voice; the stage and the plan follow', () => {
    const report = summary.report as {
      competitors: { name: string; discovered: boolean; shareOfVoice: { value: number } }[];
      metrics: { shareOfVoice: { value: number } };
      stage: string;
      actionPlan: { priority: number; action: string; why: string }[];
      conclusion: string;
      confidence: string;
    };
    const names = report.competitors.map((competitor) => competitor.name);
    expect(names).toEqual(expect.arrayContaining(['Asana', 'Trello', 'ClickUp']));
    expect(names).not.toContain(BRAND);
    const asana = report.competitors.find((competitor) => competitor.name === 'Asana')!;
    expect(asana.discovered).toBe(true);
    expect(asana.shareOfVoice.value).toBeGreaterThan(report.metrics.shareOfVoice.value);
    // Named in most answers, but Asana has the larger share of voice: competitive, not leading.
    expect(report.stage).toBe('competitive');
    expect(report.actionPlan.length).toBeGreaterThanOrEqual(3);
    expect(report.actionPlan.length).toBeLessThanOrEqual(6);
    expect(report.actionPlan.map((item) => item.priority)).toEqual([...report.actionPlan.keys()].map((index) => index + 1));
    expect(report.actionPlan.every((item) => item.action.length > 0 && item.why.length > 0)).toBe(true);
    expect(report.conclusion).toMatch(/\d+%/);
  });

  test('the report is stored: JSON with kind "brand", and a page with the numbers, the chart and the highlighted brand', async () => {
    const app = gateway.app();
    const id = summary.reportId as string;
    const json = await request(app).get(`/api/v1/report/${id}`);
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({
      snapshotId: id,
      kind: 'brand',
      snapshotUrl: `/report/${id}`,
      report: { kind: 'brand', brand: BRAND },
    });

    const page = await request(app).get(`/report/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('immutable');
    expect(page.text).toContain(`${BRAND} in AI answers about “${KEYWORD}”`);
    expect(page.text).toContain('stage: competitive');
    expect(page.text).toMatch(/Mention rate<\/span>\s*<strong>\d+%<\/strong>/);
    expect(page.text).toContain('95% interval');
    expect(page.text).toContain('<h2>Share of voice</h2>');
    expect(page.text).toContain('<h2>Action plan</h2>');
    expect(page.text).toContain(`<mark>${BRAND}</mark>`);
    expect(page.text).not.toContain('<mark>Acme Plan</mark>ner');
  });
});

describe('POST /api/keywords refuses bad input as plain JSON', () => {
  test.each([
    [{}, 400, /keyword is required/],
    [{ keyword: 'x', brand: BRAND }, 400, /keyword must be at least 2 characters/],
    [{ keyword: KEYWORD }, 400, /brand is required/],
    [{ keyword: KEYWORD, brand: 'b'.repeat(81) }, 400, /brand is longer than 80/],
    [
      { keyword: KEYWORD, brand: BRAND, competitors: Array.from({ length: 11 }, (_, index) => `C${index}`) },
      400,
      /competitors has more than 10/,
    ],
    [{ keyword: KEYWORD, brand: BRAND, aliases: 'Acme' }, 400, /aliases must be a list/],
    [{ keyword: KEYWORD, brand: BRAND, domain: 'localhost' }, 422, /this machine/],
    [{ keyword: KEYWORD, brand: BRAND, domain: '10.0.0.1' }, 422, /IP address/],
  ])('%j → %d', async (body, status, message) => {
    const response = await postForEvents(gateway.app(), '/api/keywords', body);
    expect(response).toMatchObject({ status, events: [], json: { error: expect.stringMatching(message) } });
  });

  test('the 11th diagnosis in an hour is refused with 429 and resetAt', async () => {
    const app = gateway.app();
    for (let i = 0; i < 10; i++) await postForEvents(app, '/api/keywords', {});
    const refused = await postForEvents(app, '/api/keywords', { keyword: KEYWORD, brand: BRAND });
    expect(refused).toMatchObject({
      status: 429,
      json: { error: expect.stringMatching(/10 requests per hour/), resetAt: expect.any(String) },
    });
  });
});

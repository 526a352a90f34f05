import request from 'supertest';
import { answerBrandQuestions, answerBrandQuestionsOnSurfaces, BRAND, BRAND_DOMAIN, KEYWORD, overviewShown } from '../../dev/brand-answers';
import type { BrandReport } from '../../domain/brand/report/report-schema';
import { brandSummary } from '../../api/kinds/brand/summary';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { PLATFORMS as REGISTRY } from '../../domain/shared/platforms';
import { platformStatusCache } from '../../infra/platform-models';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';
import { tableRows } from '../support/html-table';

/**
 * A brand diagnosis through the API with the search surfaces configured through SerpApi (its
 * stand-in): what people see beside what the APIs say, no AI Overview as a result, a surface out of
 * searches as an error that fails nothing.
 */

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '8', BRAND_RUNS: '1' }, {}, 'serpapi');
  answerBrandQuestions(gateway.platforms);
  answerBrandQuestionsOnSurfaces(gateway.platforms);
});
afterAll(() => gateway.close());

const PLATFORMS = ['gemini', 'chatgpt', 'google-ai-mode', 'google-ai-overviews'];

async function diagnose(body: Record<string, unknown>): Promise<BrandReport & { id: string }> {
  const response = await postForEvents(gateway.app(), '/api/keywords', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN, ...body });
  expect(response.status).toBe(200);
  const summary = response.events.at(-1)!;
  expect(summary.type).toBe('summary');
  return { ...(summary.report as BrandReport), id: summary.reportId as string };
}

describe('a diagnosis asking the surfaces and their vendors’ APIs', () => {
  let report: BrandReport & { id: string };
  beforeAll(async () => {
    report = await diagnose({ platforms: PLATFORMS });
  }, 120_000);

  test('only the platforms named are asked; AI Mode’s table and nested list reach the answer as Markdown', () => {
    expect([...new Set(report.answers.map((answer) => answer.platform))].sort()).toEqual([
      'ChatGPT',
      'Gemini',
      'Google AI Mode',
      'Google AI Overviews',
    ]);
    const aiMode = report.answers.filter((answer) => answer.platform === 'Google AI Mode');
    expect(
      aiMode.every(
        (answer) =>
          answer.status === 'answered' &&
          answer.answer.includes('| Tool | Best for |\n| --- | --- |') &&
          answer.answer.includes('\n  - Gantt view on paid plans'),
      ),
    ).toBe(true);
    expect(aiMode.every((answer) => answer.model === 'serpapi/google_ai_mode' && answer.costUsd === 0.015)).toBe(true);
  });

  test('no AI Overview is no-answer with its reason, counted in the presence and not in the rates', () => {
    const overviews = report.answers.filter((answer) => answer.platform === 'Google AI Overviews');
    const questionText = new Map(report.questions.map((question) => [question.id, question.text]));
    const shown = overviews.filter((answer) => overviewShown(questionText.get(answer.questionId)!));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(overviews.length);
    expect(
      overviews
        .filter((answer) => !overviewShown(questionText.get(answer.questionId)!))
        .every((answer) => answer.status === 'no-answer' && answer.reason === 'no-ai-overview' && answer.costUsd === 0.015),
    ).toBe(true);
    expect(report.surfacePresence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          platformId: 'google-ai-overviews',
          shown: expect.objectContaining({ count: shown.length, total: overviews.length }),
          unavailable: 0,
        }),
        expect.objectContaining({
          platformId: 'google-ai-mode',
          shown: expect.objectContaining({ count: report.questions.length, total: report.questions.length }),
        }),
      ]),
    );
    const unbrandedShown = shown.filter((answer) => !report.questions.find((question) => question.id === answer.questionId)!.branded);
    expect(report.byPlatform.find((row) => row.platform === 'Google AI Overviews')).toMatchObject({
      answers: unbrandedShown.length,
      errors: 0,
      mentionRate: expect.objectContaining({ count: unbrandedShown.length }),
    });
  });

  test('Google AI Mode beside Gemini’s API: the API overstates what people see, beyond noise', () => {
    const unbranded = report.questions.filter((question) => !question.branded).length;
    expect(report.surfaceVsApi).toEqual([
      expect.objectContaining({
        surfaceId: 'google-ai-mode',
        apiId: 'gemini',
        mentionRate: {
          surface: expect.objectContaining({ count: 0, total: unbranded }),
          api: expect.objectContaining({ count: unbranded, total: unbranded }),
          differs: true,
        },
        verdict: 'api-overstates',
        sentence: "Google AI Mode names you in 0% of answers, Gemini's API in 100%: the API overstates what people see.",
      }),
    ]);
  });

  test('the report page shows the surfaces and the comparison as tables', async () => {
    const page = await request(gateway.app()).get(`/report/${report.id}`);
    expect(page.status).toBe(200);
    const rows = (table: string) => tableRows(page.text, `table.${table}`);
    expect(page.text).toContain('<h2 id="surfaces">Search surfaces: what people see</h2>');
    expect(rows('surface-presence')).toEqual([
      ['Google AI Mode', '100% (68%–100%; 8/8)', 'offered everywhere asked'],
      ['Google AI Overviews', expect.stringMatching(/^\d+% \(\d+%–\d+%; \d\/8\)$/), 'offered everywhere asked'],
    ]);
    // Each surface beside its vendor's API, the rates with their intervals and a verdict in words.
    expect(rows('surface-vs-api')).toEqual([
      [
        'Google AI Mode',
        expect.stringMatching(/^0% \(0%–\d+%; 0\/\d\)$/),
        'Gemini',
        expect.stringMatching(/^100% \(\d+%–100%; (\d)\/\1\)$/),
        expect.stringMatching(/^0% \/ 100% differs$/),
        "API overstates Gemini's API names you more often than people see on Google AI Mode",
      ],
    ]);
    // Every answer says where it came from: the platform, surface or API, and no AI Overview in words.
    expect(page.text).toContain(
      '<summary><strong>Google AI Overviews</strong> <span class="muted">(what people see)</span>: <span class="tag unknown">no AI Overview shown</span>',
    );
    expect(page.text).toContain(
      '<summary><strong>Gemini</strong> <span class="muted">(API)</span>: <span class="tag pass">names the brand, rank 1</span>',
    );
    // The MCP summary says the same to an agent.
    expect(brandSummary(report, 'https://x.example/report')).toMatch(
      /## Search surfaces\n- Google AI Mode showed an answer for 8 of 8 questions \(100%\)\n- Google AI Overviews showed an answer for \d of 8 questions[^\n]*\n- Google AI Mode names you in 0% of answers, Gemini's API in 100%: the API overstates what people see\./,
    );
  });
});

test('an unknown platform, or one not configured here, is refused with 400 naming it', async () => {
  const unknown = await request(gateway.app())
    .post('/api/keywords')
    .send({ keyword: KEYWORD, brand: BRAND, platforms: ['gemini', 'bard'] });
  expect(unknown.status).toBe(400);
  expect(unknown.body.error).toContain('"bard"');
  const unconfigured = await request(gateway.app())
    .post('/api/keywords')
    .send({ keyword: KEYWORD, brand: BRAND, platforms: ['chatgpt-app'] });
  expect(unconfigured.status).toBe(400);
  expect(unconfigured.body.error).toContain('"chatgpt-app" not configured');
});

test('a surface out of searches (SerpApi 429) is listed as errors and fails nothing', async () => {
  gateway.platforms.setProviderFailure('serpapi', { kind: 'out_of_searches' });
  const before = gateway.platforms.requests.length;
  try {
    const report = await diagnose({ keyword: 'team planning software', platforms: ['gemini', 'google-ai-mode'] });
    const aiMode = report.answers.filter((answer) => answer.platform === 'Google AI Mode');
    expect(aiMode.length).toBe(report.questions.length);
    expect(aiMode.every((answer) => answer.status === 'error' && /no searches left/.test(answer.error ?? '') && answer.costUsd === 0)).toBe(
      true,
    );
    expect(report.metrics.answers).toBe(report.questions.filter((question) => !question.branded).length);
    expect(report.surfaceVsApi).toBeUndefined();
    // Not retried: one request per question, the account is not hammered.
    expect(gateway.platforms.requests.slice(before).filter((sent) => sent.platform === 'serpapi').length).toBe(report.questions.length);
  } finally {
    gateway.platforms.setProviderFailure('serpapi', undefined);
  }
}, 120_000);

test("the site check's memory[] keeps SPEC's five assistants with the surfaces configured, and /healthz says which surfaces are", async () => {
  const before = gateway.platforms.requests.filter((sent) => sent.platform === 'serpapi').length;
  const response = await request(gateway.app())
    .post('/api/v1/check')
    .send({ url: `https://${FIXTURE_HOSTS.healthy}/` });
  expect(response.status).toBe(200);
  expect(response.body.report.memory.map((entry: { platform: string }) => entry.platform)).toEqual([
    'ChatGPT',
    'Claude',
    'Gemini',
    'Perplexity',
    'DeepSeek',
  ]);
  expect(gateway.platforms.requests.filter((sent) => sent.platform === 'serpapi').length).toBe(before);

  const health = await request(gateway.app({ platformStatuses: platformStatusCache(REGISTRY, gateway.config.platforms) })).get('/healthz');
  expect(health.body.platforms).toMatchObject({
    'google-ai-mode': { state: 'ok', provider: 'serpapi', detail: 'through SerpApi' },
    'google-ai-overviews': { state: 'ok', provider: 'serpapi' },
    'chatgpt-app': { state: 'no key', detail: 'set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD' },
    gemini: { state: 'ok' },
  });
}, 120_000);

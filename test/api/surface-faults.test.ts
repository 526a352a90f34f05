import { answerBrandQuestions, answerBrandQuestionsOnSurfaces, BRAND, BRAND_DOMAIN } from '../../dev/brand-answers';
import type { BrandReport } from '../../domain/brand/report/report-schema';
import { parseAskActivityId } from '../../contract/workflow-contract';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * A surface down or out of money does not fail the check (docs/surfaces.md, "Failures"): a brand
 * diagnosis with both providers' stand-ins (AI Mode through SerpApi, ChatGPT's app through DataForSEO)
 * on the test worker, each provider failing in its own way. SerpApi's 429 out of searches is in
 * brand-diagnosis-surfaces.test.ts.
 */

const QUESTIONS = 3;
let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: String(QUESTIONS), BRAND_RUNS: '1' }, {}, 'both');
  answerBrandQuestions(gateway.platforms);
  answerBrandQuestionsOnSurfaces(gateway.platforms);
});
afterEach(() => {
  gateway.platforms.setProviderFailure('serpapi', undefined);
  gateway.platforms.setProviderFailure('dataforseo', undefined);
});
afterAll(() => gateway.close());

async function diagnose(keyword: string, platforms: string[]) {
  const since = gateway.platforms.requests.length;
  const { workflowId } = await gateway.checks.start('brand', { keyword, brand: BRAND, domain: BRAND_DOMAIN, platforms });
  const { report } = await gateway.checks.result('brand', workflowId);
  // The surfaces' requests, not DataForSEO's demand requests (docs/checks/brand.md, "Demand").
  const sent = (provider: string) =>
    gateway.platforms.requests.slice(since).filter((request) => request.platform === provider && !/keyword/.test(request.path)).length;
  return { report, workflowId, sent };
}

const answersOf = (report: BrandReport, platform: string) => report.answers.filter((answer) => answer.platform === platform);

test("DataForSEO out of balance (HTTP 402): the ChatGPT app's answers are errors saying so, each asked once; ChatGPT's API answers and the report stands", async () => {
  gateway.platforms.setProviderFailure('dataforseo', { kind: 'no_balance' });
  const { report, sent } = await diagnose('kanban boards for agencies', ['chatgpt', 'chatgpt-app']);
  const app = answersOf(report, 'ChatGPT (app)');
  expect(app).toHaveLength(QUESTIONS);
  expect(app.every((answer) => answer.status === 'error' && /no quota or credit left \(HTTP 402\)/.test(answer.error ?? ''))).toBe(true);
  expect(app.every((answer) => answer.costUsd === 0)).toBe(true);
  // Not retried: no wait tops the account up.
  expect(sent('dataforseo')).toBe(QUESTIONS);
  expect(answersOf(report, 'ChatGPT').every((answer) => answer.status === 'answered')).toBe(true);
  expect(report.metrics.answers).toBe(report.questions.filter((question) => !question.branded).length);
  expect(report.surfaceVsApi).toBeUndefined();
}, 120_000);

test('both providers down (SerpApi 500, DataForSEO task 40101) through every retry: the surfaces are errors, the assistants answer, the check completes', async () => {
  gateway.platforms.setProviderFailure('serpapi', { kind: 'server_error' });
  gateway.platforms.setProviderFailure('dataforseo', { kind: 'server_error' });
  const { report, sent } = await diagnose('gantt chart tools', ['gemini', 'google-ai-mode', 'chatgpt-app']);
  for (const surface of ['Google AI Mode', 'ChatGPT (app)']) {
    const answers = answersOf(report, surface);
    expect(answers).toHaveLength(QUESTIONS);
    expect(answers.every((answer) => answer.status === 'error' && /server error/.test(answer.error ?? ''))).toBe(true);
  }
  // A server error passes: each question was tried four times (stage-options.ts) before it was given up.
  expect(sent('serpapi')).toBe(4 * QUESTIONS);
  expect(sent('dataforseo')).toBe(4 * QUESTIONS);
  expect(answersOf(report, 'Gemini').every((answer) => answer.status === 'answered')).toBe(true);
  expect(report.byPlatform.find((row) => row.platform === 'Gemini')).toMatchObject({ errors: 0 });
}, 120_000);

test("a surface down for a moment (one 5xx) is retried and answered; each platform's attempt outlasts its own request limit (the app's 100 s)", async () => {
  gateway.platforms.setProviderFailure('serpapi', { kind: 'server_error', times: 1 });
  const { report, sent, workflowId } = await diagnose('resource planning tools', ['chatgpt', 'google-ai-mode', 'chatgpt-app']);
  expect(report.answers.every((answer) => answer.status === 'answered')).toBe(true);
  expect(sent('serpapi')).toBe(QUESTIONS + 1);

  // What the Temporal UI shows of each ask: its start-to-close limit, per platform.
  const { events } = await gateway.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  const limits = new Map<string, Set<number>>();
  for (const event of events ?? []) {
    const task = event.activityTaskScheduledEventAttributes;
    const ask = task?.activityId ? parseAskActivityId(task.activityId) : undefined;
    if (!ask) continue;
    limits.set(ask.platformId, (limits.get(ask.platformId) ?? new Set()).add(Number(task!.startToCloseTimeout!.seconds)));
  }
  expect(Object.fromEntries([...limits].map(([id, seconds]) => [id, [...seconds]]))).toEqual({
    chatgpt: [70],
    'google-ai-mode': [70],
    'chatgpt-app': [110],
  });
}, 120_000);

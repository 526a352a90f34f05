import { ARTICLE_URL } from '../../dev/fixture-sites';
import { answerArticleQuestions } from '../../dev/article-answers';
import { BRAND, BRAND_ANSWERS, KEYWORD } from '../../dev/brand-answers';
import { JUDGE_BATCH } from '../../domain/article/judge';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * With ANALYSIS_PLATFORM set, that platform proposes the questions (JSON, checked and topped up from
 * the templates); when it fails, the templates alone serve and the check goes on.
 */
let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ ANALYSIS_PLATFORM: 'chatgpt', BRAND_QUESTIONS: '5', ARTICLE_QUESTIONS: '3' });
});
afterAll(() => gateway.close());

const ANALYSIS = 'chatgpt';
/** Answers the question prompt with a proposal, and every other question as the brand fixtures do. */
const proposing = (proposal: unknown) => (question: string) =>
  /^Write \d+ different questions/m.test(question) || /Answer with JSON only/.test(question)
    ? `\`\`\`json\n${JSON.stringify(proposal)}\n\`\`\``
    : BRAND_ANSWERS.chatgpt(question);

test('the analysis platform’s questions lead a brand diagnosis, de-duplicated and topped up from the templates', async () => {
  gateway.platforms.setBehaviour(ANALYSIS, {
    answer: proposing({
      questions: [
        { text: 'Which project planning tools do agencies rely on?', intent: 'use-case' },
        { text: 'Which project planning tools do agencies rely on most?', intent: 'use-case' },
        { text: `Is ${BRAND} a good fit for agencies?`, intent: 'worth' },
      ],
    }),
  });
  const { report } = await gateway.checks.run('brand', { keyword: KEYWORD, brand: BRAND });
  expect(report.questions).toHaveLength(5);
  expect(report.questions.filter((question) => question.source === 'model').map((question) => question.text)).toEqual([
    'Which project planning tools do agencies rely on?',
    `Is ${BRAND} a good fit for agencies?`,
  ]);
  expect(report.questions.filter((question) => question.branded)).toHaveLength(1);
  // The analysis platform's request is paid for too: the report's cost is more than its answers'.
  const answersCost = report.answers.reduce((sum, answer) => sum + (answer.costUsd ?? 0), 0);
  expect(answersCost).toBeGreaterThan(0);
  expect(report.costUsd).toBeGreaterThan(answersCost + 1e-6);
}, 90_000);

test('when the analysis platform fails, the templates serve and the diagnosis completes', async () => {
  gateway.platforms.setBehaviour(ANALYSIS, { failure: { kind: 'unauthorized' } });
  const { report } = await gateway.checks.run('brand', { keyword: KEYWORD, brand: BRAND });
  expect(report.questions.map((question) => question.source)).toEqual(['template', 'template', 'template', 'template', 'template']);
  expect(report.answers.filter((answer) => answer.platform === 'ChatGPT').every((answer) => answer.status === 'error')).toBe(true);
}, 90_000);

test('the analysis platform’s questions lead an article check', async () => {
  answerArticleQuestions(gateway.platforms);
  gateway.platforms.setBehaviour(ANALYSIS, {
    answer: (question) =>
      /Answer with JSON only/.test(question)
        ? '{"questions":[{"text":"How much sunlight does a vegetable garden need?"}]}'
        : 'A garden needs sun.',
  });
  const { report } = await gateway.checks.run('article', { url: ARTICLE_URL });
  expect(report.questions[0]).toEqual({ id: 'q1', text: 'How much sunlight does a vegetable garden need?', source: 'model' });
  expect(report.questions).toHaveLength(3);
}, 90_000);

test('the analysis platform judges which key points each answer states, and the report names the method', async () => {
  answerArticleQuestions(gateway.platforms);
  // Every answer: the first key point supported, the second partly, the rest not.
  const judge = (prompt: string) => {
    const points = [...prompt.matchAll(/^(k\d+): /gm)].map((match) => match[1]!);
    const answers = [...prompt.matchAll(/^Answer (a\d+):$/gm)].map((match) => match[1]!);
    return JSON.stringify({
      judgements: answers.map((answer) => ({
        answer,
        points: Object.fromEntries(points.map((point, index) => [point, index === 0 ? 'supported' : index === 1 ? 'partial' : 'not'])),
      })),
    });
  };
  gateway.platforms.setBehaviour(ANALYSIS, {
    answer: (question) =>
      /which facts of an article some AI answers state/.test(question)
        ? judge(question)
        : /Answer with JSON only/.test(question)
          ? '{"questions":[]}'
          : 'A garden needs sun.',
  });
  const { workflowId } = await gateway.checks.start('article', { url: ARTICLE_URL });
  const { report } = await gateway.checks.result('article', workflowId);
  expect(report.coverageMethod).toBe('model');
  const answered = report.answers.filter((answer) => answer.status === 'answered');
  expect(answered.length).toBeGreaterThan(0);
  for (const answer of answered)
    expect(answer).toMatchObject({
      coveredKeyPoints: ['k1'],
      partlyCoveredKeyPoints: ['k2'],
      coverage: Math.round((1.5 / report.keyPoints.length) * 1000) / 1000,
    });

  // The analysis platform's requests ran on its own queue, one task per request, so its budget counts each.
  const { events } = await gateway.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  const scheduled = (events ?? []).flatMap((event) =>
    event.activityTaskScheduledEventAttributes ? [event.activityTaskScheduledEventAttributes] : [],
  );
  const analysisTasks = scheduled.filter((task) => ['planArticleQuestions', 'judgeCoverage'].includes(task.activityType?.name ?? ''));
  expect(analysisTasks.map((task) => task.activityType?.name)).toEqual([
    'planArticleQuestions',
    ...Array.from({ length: Math.ceil(answered.length / JUDGE_BATCH) }, () => 'judgeCoverage'),
  ]);
  expect(new Set(analysisTasks.map((task) => task.taskQueue?.name))).toEqual(new Set([`${gateway.config.temporal.taskQueue}-${ANALYSIS}`]));
}, 90_000);

test('when the judgement does not parse, lexical coverage stands', async () => {
  answerArticleQuestions(gateway.platforms);
  gateway.platforms.setBehaviour(ANALYSIS, {
    answer: (question) => (/which facts of an article some AI answers state/.test(question) ? 'Sorry, I cannot.' : 'A garden needs sun.'),
  });
  const { report } = await gateway.checks.run('article', { url: ARTICLE_URL });
  expect(report.coverageMethod).toBe('lexical');
}, 90_000);

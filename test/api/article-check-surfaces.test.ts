import { answerArticleQuestions } from '../../dev/article-answers';
import { ARTICLE_FACTS, ARTICLE_URL } from '../../dev/fixture-sites';
import type { ArticleReport } from '../../domain/article/report-schema';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';

/**
 * An article check that asks the surfaces through DataForSEO (its stand-in): Google showing no AI
 * Overview is a result that fails nothing and counts in no rate; ChatGPT's app is read like any answer.
 */

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ ARTICLE_QUESTIONS: '3' }, {}, 'dataforseo');
  answerArticleQuestions(gateway.platforms);
  gateway.platforms.setSurfaceBehaviour('google-ai-overviews', { answer: 'never shown', overview: 'absent' });
  gateway.platforms.setSurfaceBehaviour('chatgpt-app', {
    answer: `From the guide: ${ARTICLE_FACTS.join(' ')}`,
    citations: [ARTICLE_URL],
    fanOutQueries: ['vegetable garden beginner tips'],
  });
});
afterAll(() => gateway.close());

test('no AI Overview anywhere: the check completes, those answers are no-answer with their reason, the rates count the others', async () => {
  const response = await postForEvents(gateway.app(), '/api/article-check', {
    url: ARTICLE_URL,
    platforms: ['chatgpt', 'google-ai-overviews', 'chatgpt-app'],
  });
  expect(response.status).toBe(200);
  const summary = response.events.at(-1)!;
  expect(summary.type).toBe('summary');
  const report = summary.report as ArticleReport;
  const overviews = report.answers.filter((answer) => answer.platform === 'Google AI Overviews');
  expect(overviews).toHaveLength(report.questions.length);
  expect(
    overviews.every((answer) => answer.status === 'no-answer' && answer.reason === 'no-ai-overview' && answer.citations.length === 0),
  ).toBe(true);
  const app = report.answers.filter((answer) => answer.platform === 'ChatGPT (app)');
  expect(
    app.every(
      (answer) => answer.status === 'answered' && answer.citesUrl && answer.searchQueries?.[0] === 'vegetable garden beginner tips',
    ),
  ).toBe(true);
  expect(report.metrics.answers).toBe(2 * report.questions.length);
  expect(report.metrics.urlCitationRate).toMatchObject({ total: 2 * report.questions.length });
  expect([...new Set(report.answers.map((answer) => answer.platform))].sort()).toEqual(['ChatGPT', 'ChatGPT (app)', 'Google AI Overviews']);
}, 120_000);

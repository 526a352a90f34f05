import { defaultPayloadConverter } from '@temporalio/common';
import { BRAND, BRAND_ANSWERS, KEYWORD, answerBrandQuestions } from '../../dev/brand-answers';
import type { BrandReport } from '../../domain/brand/report-schema';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * With ANALYSIS_PLATFORM set, the analysis model reads each answer for its options, in order, as
 * structured output; a name it invents is dropped; its requests cost what they cost. When it fails,
 * the rules read the answers and the report says so.
 */
let gateway: TestGateway;
const ANALYSIS_MODEL = 'gpt-5.4-nano';

beforeAll(async () => {
  // The nano model has no built-in price: PRICES gives it one, so that its requests have a cost.
  gateway = await startTestGateway({
    ANALYSIS_PLATFORM: 'chatgpt',
    ANALYSIS_MODEL,
    PRICES: JSON.stringify({ [ANALYSIS_MODEL]: { inputPerMTok: 0.2, outputPerMTok: 1.25, perSearch: 0.01 } }),
    BRAND_QUESTIONS: '3',
  });
});
afterAll(() => gateway.close());

const NAMES = ['Asana', 'Trello', 'ClickUp', 'Monday.com', BRAND];

/**
 * A model that lists the known names of each answer in the order it first names them, the names of
 * one sentence sharing a rank, and that invents "Basecamp" first in every answer.
 */
function reader(prompt: string) {
  const answers = [...prompt.matchAll(/^Answer (a\d+) \(to the question "[^"]*"\):\n"""\n([\s\S]*?)\n"""/gm)].map((match) => ({
    key: match[1]!,
    text: match[2]!,
  }));
  return {
    answers: answers.map(({ key, text }) => {
      const sentences = text.split(/(?<=[.:])\s+|\n+/);
      const found = NAMES.flatMap((name) => {
        const at = text.search(new RegExp(`(?<![\\w])${name.replace('.', '\\.')}(?![\\w])`));
        return at < 0 ? [] : [{ name, at, sentence: sentences.findIndex((sentence) => sentence.includes(name)) }];
      }).sort((a, b) => a.at - b.at);
      const sentenceRanks = [...new Set(found.map((option) => option.sentence))];
      return {
        answer: key,
        options: [
          { name: 'Basecamp', rank: 1 },
          ...found.map((option) => ({ name: option.name, rank: sentenceRanks.indexOf(option.sentence) + 2 })),
        ],
      };
    }),
  };
}

const unbrandedOf = (report: BrandReport, platform: string) => {
  const branded = new Set(report.questions.filter((question) => question.branded).map((question) => question.id));
  return report.answers.filter((answer) => answer.platform === platform && !branded.has(answer.questionId) && answer.status === 'answered');
};

/** What the model's reading requests cost, from the run's history: each readBrandAnswers task's result. */
async function readingCosts(workflowId: string): Promise<number[]> {
  const { events } = await gateway.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  const names = new Map(
    (events ?? []).flatMap((event) =>
      event.activityTaskScheduledEventAttributes
        ? [[String(event.eventId), event.activityTaskScheduledEventAttributes.activityType?.name]]
        : [],
    ),
  );
  return (events ?? []).flatMap((event) => {
    const done = event.activityTaskCompletedEventAttributes;
    if (!done || names.get(String(done.scheduledEventId)) !== 'readBrandAnswers') return [];
    const result = defaultPayloadConverter.fromPayload<{ costUsd: number | null }>(done.result!.payloads![0]!);
    return [result.costUsd ?? 0];
  });
}

test('the analysis model reads the answers: its order ranks them, an invented name is dropped, its cost is counted', async () => {
  answerBrandQuestions(gateway.platforms);
  gateway.platforms.setBehaviour('chatgpt', { answer: BRAND_ANSWERS.chatgpt, structured: reader });
  const { workflowId } = await gateway.checks.start('brand', { keyword: KEYWORD, brand: BRAND });
  const { report } = await gateway.checks.result('brand', workflowId);

  expect(report.readingMethod).toBe('model');
  // "Basecamp" is in no answer: dropped, and the ranks close up behind it.
  expect(report.answers.flatMap((answer) => answer.entities).map((entity) => entity.name)).not.toContain('Basecamp');
  for (const answer of unbrandedOf(report, 'ChatGPT'))
    expect(answer).toMatchObject({
      mentioned: true,
      rank: 2,
      entities: [
        { name: 'Asana', rank: 1 },
        { name: 'Trello', rank: 3 },
        { name: 'Monday.com', rank: 4 },
      ],
    });
  // Perplexity's prose presents Asana and Trello together, then the brand: second, where the rules put it third.
  for (const answer of unbrandedOf(report, 'Perplexity'))
    expect(answer).toMatchObject({
      mentioned: true,
      rank: 2,
      entities: [
        { name: 'Asana', rank: 1 },
        { name: 'Trello', rank: 1 },
      ],
    });
  // Claude's "Acme Planner Suite" is another product: the rules say the brand is not named, whatever the model lists.
  for (const answer of unbrandedOf(report, 'Claude')) expect(answer).toMatchObject({ mentioned: false, rank: null });

  // The reading went to the analysis model as OpenAI structured output, on the model configured for analysis.
  const readings = gateway.platforms.requests.filter(
    (request) => request.platform === 'chatgpt' && JSON.stringify(request.body).includes('"json_schema"'),
  );
  expect(readings.length).toBeGreaterThan(0);
  expect(readings.every((request) => request.model === ANALYSIS_MODEL)).toBe(true);
  // Its requests are paid for: the report's cost holds the answers', the questions' and the reading's.
  const costs = await readingCosts(workflowId);
  expect(costs.length).toBe(readings.length);
  expect(costs.every((cost) => cost > 0)).toBe(true);
  const answersCost = report.answers.reduce((sum, answer) => sum + (answer.costUsd ?? 0), 0);
  expect(report.costUsd).toBeGreaterThan(answersCost + costs.reduce((sum, cost) => sum + cost, 0) - 1e-6);
}, 120_000);

test('when the analysis model fails, the rules read the answers and the report says so', async () => {
  answerBrandQuestions(gateway.platforms);
  gateway.platforms.setBehaviour('chatgpt', { answer: BRAND_ANSWERS.chatgpt, structured: reader });
  gateway.platforms.retireModel('chatgpt', ANALYSIS_MODEL);
  const { report } = await gateway.checks.run('brand', { keyword: KEYWORD, brand: BRAND });

  expect(report.readingMethod).toBe('rules');
  expect(unbrandedOf(report, 'ChatGPT').length).toBeGreaterThan(0);
  for (const answer of unbrandedOf(report, 'Perplexity')) expect(answer).toMatchObject({ mentioned: true, rank: 3 });
}, 120_000);

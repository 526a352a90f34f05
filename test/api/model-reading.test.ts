import { defaultPayloadConverter } from '@temporalio/common';
import request from 'supertest';
import { BRAND, BRAND_ANSWERS, KEYWORD, answerBrandQuestions } from '../../dev/brand-answers';
import { readingModel } from '../../dev/reading-model';
import type { BrandReport } from '../../domain/brand/report/report-schema';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { connectInMemory } from '../support/mcp-client';
import { postForEvents } from '../support/sse-client';

/**
 * With ANALYSIS_PLATFORM set, the analysis model reads each answer through the API: a role for every
 * name (a name the rules rank that the model calls a category loses its rank), who read each answer,
 * where the two readers disagree, its requests counted in costUsd on its platform's queue; when its call
 * fails or its reading is invalid, the rules read the answers and each answer says why.
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

/** A diagnosis through the API (Server-Sent Events), and its stored report and page. */
async function diagnose(): Promise<{ id: string; workflowId: string; report: BrandReport; page: string }> {
  const app = gateway.app();
  const response = await postForEvents(app, '/api/keywords', { keyword: KEYWORD, brand: BRAND });
  expect(response.status).toBe(200);
  const id = response.events.at(-1)!.reportId as string;
  const json = await request(app).get(`/api/v1/report/${id}`);
  const page = await request(app).get(`/report/${id}`);
  return { id, workflowId: response.events[0]!.checkId as string, report: json.body.report as BrandReport, page: page.text };
}

const answeredOn = (report: BrandReport, platform: string, branded = false) => {
  const ids = new Set(report.questions.filter((question) => question.branded === branded).map((question) => question.id));
  return report.answers.filter((answer) => answer.platform === platform && ids.has(answer.questionId) && answer.status === 'answered');
};

/** The model's reading tasks in the run's history: the queue each ran on and what each cost. */
async function readingTasks(workflowId: string): Promise<{ queue: string; costUsd: number }[]> {
  const { events } = await gateway.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  const scheduled = new Map(
    (events ?? []).flatMap((event) => {
      const attributes = event.activityTaskScheduledEventAttributes;
      return attributes ? [[String(event.eventId), attributes]] : [];
    }),
  );
  return (events ?? []).flatMap((event) => {
    const done = event.activityTaskCompletedEventAttributes;
    const task = done ? scheduled.get(String(done.scheduledEventId)) : undefined;
    if (!done || task?.activityType?.name !== 'readBrandAnswers') return [];
    const result = defaultPayloadConverter.fromPayload<{ costUsd: number | null }>(done.result!.payloads![0]!);
    return [{ queue: task.taskQueue?.name ?? '', costUsd: result.costUsd ?? 0 }];
  });
}

test('the model gives every name a role: a category the rules ranked loses its rank; every answer says who read it, and where the readers differ', async () => {
  // The stand-in answers come with a stand-in reading model that knows their names (BRAND_ANSWER_NAMES).
  answerBrandQuestions(gateway.platforms);
  const { id, workflowId, report, page } = await diagnose();

  expect(report.readingMethod).toBe('model');
  const answered = report.answers.filter((answer) => answer.status === 'answered');
  expect(answered.length).toBeGreaterThan(0);
  expect(answered.every((answer) => answer.readBy === 'model')).toBe(true);
  // "Gantt" is a kind of chart: never an option, on any answer, whatever the rules made of it.
  expect(report.answers.flatMap((answer) => answer.entities).map((entity) => entity.name)).not.toContain('Gantt');
  expect(report.competitors.map((competitor) => competitor.name)).not.toContain('Gantt');

  // Perplexity's prose presents Asana and Trello together, then the brand: second, where the rules put it third.
  const perplexity = answeredOn(report, 'Perplexity');
  expect(perplexity.length).toBeGreaterThan(0);
  for (const answer of perplexity) {
    expect(answer).toMatchObject({
      mentioned: true,
      rank: 2,
      entities: [
        { name: 'Asana', rank: 1 },
        { name: 'Trello', rank: 1 },
      ],
    });
    expect(answer.readerDisagreements).toContainEqual({
      name: BRAND,
      rulesRole: 'option',
      rulesRank: 3,
      modelRole: 'option',
      modelRank: 2,
    });
    // "reviewers praise for its Gantt charts": the rules rank "Gantt" after the brand; the model calls it a category,
    // so it loses its rank; the disagreement names the model's role for it.
    expect(answer.readerDisagreements).toContainEqual({
      name: 'Gantt',
      rulesRole: 'option',
      rulesRank: 4,
      modelRole: 'category',
      modelRank: null,
    });
  }
  // Gemini's "the best balance of Gantt charts" in the brand's own item: both readers leave it unranked, and agree.
  const gemini = answeredOn(report, 'Gemini');
  expect(gemini.length).toBeGreaterThan(0);
  for (const answer of gemini) {
    expect(answer).toMatchObject({
      mentioned: true,
      rank: 1,
      entities: [
        { name: 'Asana', rank: 2 },
        { name: 'ClickUp', rank: 3 },
      ],
    });
    expect((answer.readerDisagreements ?? []).map((disagreement) => disagreement.name)).not.toContain('Gantt');
  }
  // Claude's "Acme Planner Suite" is another product: the rules say the brand is not named, whatever the model lists.
  for (const answer of answeredOn(report, 'Claude')) expect(answer).toMatchObject({ mentioned: false, rank: null });

  // The page says who read each answer, modestly.
  expect(page).toContain('Read by the analysis model');
  expect(page).toMatch(/Acme Plan \(rules: option 3, model: option 2\)/);

  // The reading went to the analysis model as OpenAI structured output with the roles' enum, on the analysis model,
  // through ChatGPT's budget queue; its requests are paid for and counted in the report's cost.
  const readings = gateway.platforms.requests.filter(
    (entry) => entry.platform === 'chatgpt' && JSON.stringify(entry.body).includes('"answerNames"'),
  );
  expect(readings.length).toBeGreaterThan(0);
  expect(readings.every((entry) => entry.model === ANALYSIS_MODEL)).toBe(true);
  expect(JSON.stringify(readings[0]!.body)).toContain('"enum":["option","store","source","component","category","other"]');
  const tasks = await readingTasks(workflowId);
  expect(tasks.length).toBeGreaterThan(0);
  expect(tasks.every((task) => task.queue.endsWith('-chatgpt') && task.costUsd > 0)).toBe(true);
  const answersCost = report.answers.reduce((sum, answer) => sum + (answer.costUsd ?? 0), 0);
  expect(report.costUsd).toBeGreaterThan(answersCost + tasks.reduce((sum, task) => sum + task.costUsd, 0) - 1e-6);

  // The MCP brand report counts who read the answers.
  const client = await connectInMemory(gateway);
  const mcp = await client.callTool({ name: 'get_brand_report', arguments: { id } });
  await client.close();
  expect(mcp.structuredContent).toMatchObject({ readingMethod: 'model', reading: { byModel: answered.length, byRules: 0, fallbacks: 0 } });
}, 180_000);

test('an invalid reading (names the answers do not contain, or answers left out) falls back to the rules, with the reason', async () => {
  answerBrandQuestions(gateway.platforms);
  gateway.platforms.setBehaviour('chatgpt', { answer: BRAND_ANSWERS.chatgpt, structured: readingModel({}, ['Basecamp', 'Wrike']) });
  let { report } = await diagnose();
  expect(report.readingMethod).toBe('rules');
  for (const answer of report.answers.filter((entry) => entry.status === 'answered'))
    expect(answer).toMatchObject({ readBy: 'rules', readingFallback: 'none of the 2 names the model listed occurs in the answer' });

  // Told nothing, a vendor stand-in answers the least JSON the schema allows: no answer read.
  gateway.platforms.setBehaviour('chatgpt', { answer: BRAND_ANSWERS.chatgpt });
  ({ report } = await diagnose());
  expect(report.readingMethod).toBe('rules');
  for (const answer of report.answers.filter((entry) => entry.status === 'answered'))
    expect(answer).toMatchObject({ readBy: 'rules', readingFallback: "the analysis model's reply left this answer out" });
}, 180_000);

// Last: the stand-in cannot un-retire a model.
test('when the model’s call fails, the rules read every answer, and each says the request failed and why', async () => {
  answerBrandQuestions(gateway.platforms);
  gateway.platforms.retireModel('chatgpt', ANALYSIS_MODEL);
  const { report, page } = await diagnose();
  expect(report.readingMethod).toBe('rules');
  const answered = report.answers.filter((answer) => answer.status === 'answered');
  expect(answered.length).toBeGreaterThan(0);
  for (const answer of answered) {
    expect(answer.readBy).toBe('rules');
    expect(answer.readingFallback).toMatch(/^the analysis model's request failed: .*gpt-5\.4-nano/);
    expect(answer.readerDisagreements).toBeUndefined();
  }
  for (const answer of answeredOn(report, 'Perplexity')) expect(answer).toMatchObject({ mentioned: true, rank: 3 });
  expect(page).toContain('Read by the rules: the model’s reading did not stand');
}, 180_000);

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { answerArticleQuestions } from '../../dev/article-answers';
import { answerBrandQuestions, BRAND, KEYWORD } from '../../dev/brand-answers';
import { ARTICLE_URL, FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { KNOWN_ANSWER, startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';

/**
 * A waiting viewer is told why: the same follower (CheckClient.followSteps) feeds the site, brand and
 * article streams and MCP progress, so each shows Claude's 429 (retry-after: 3) as a waiting step.
 * (A question queued for a binding budget, "Waiting for Claude's request budget", is in
 * test/workflows/platform-budgets.test.ts.)
 */

const CLAUDE = 'claude';
const WAITING = {
  status: 'waiting',
  stage: expect.stringMatching(/^(memory|ask):claude/),
  message: 'Claude asked us to wait 3 s before asking again',
};

let gateway: TestGateway;
let server: Server | undefined;
let client: Client | undefined;

beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '2', ARTICLE_QUESTIONS: '1' });
});
afterAll(async () => {
  await client?.close();
  server?.closeAllConnections();
  server?.close();
  await gateway.close();
});

/** Claude answers its next question with a 429 asking for 3 s, then as `answer` says. */
const rateLimitClaudeOnce = (answer: string | ((question: string) => string)) =>
  gateway.platforms.setBehaviour(CLAUDE, { answer, failure: { kind: 'rate_limit', retryAfterSeconds: 3, times: 1 } });

test('the site check’s stream says Claude asked to wait, then the step runs again and is done', async () => {
  rateLimitClaudeOnce(KNOWN_ANSWER);
  const { events } = await postForEvents(gateway.app(), '/api/check', { url: FIXTURE_HOSTS.healthy });
  const claude = events.filter((event) => event.stage === 'memory:claude').map((event) => event.status);
  expect(events).toContainEqual(expect.objectContaining({ type: 'step', ...WAITING, stage: 'memory:claude' }));
  expect(claude[0]).toBe('started');
  expect(claude.at(-1)).toBe('done');
  expect(claude.indexOf('waiting')).toBeLessThan(claude.lastIndexOf('done'));
  expect(events.at(-1)).toMatchObject({ type: 'report' });
}, 60_000);

test('the brand diagnosis’s and the article check’s streams show it as a progress event', async () => {
  answerBrandQuestions(gateway.platforms);
  rateLimitClaudeOnce(() => 'Asana and Trello are the usual picks.');
  const brand = await postForEvents(gateway.app(), '/api/keywords', { keyword: KEYWORD, brand: BRAND });
  expect(brand.events).toContainEqual(expect.objectContaining({ type: 'progress', ...WAITING }));
  expect(brand.events.at(-1)).toMatchObject({ type: 'summary' });

  answerArticleQuestions(gateway.platforms);
  rateLimitClaudeOnce('Start small, choose a spot near a water tap.');
  const article = await postForEvents(gateway.app(), '/api/article-check', { url: ARTICLE_URL });
  expect(article.events).toContainEqual(expect.objectContaining({ type: 'progress', ...WAITING }));
  expect(article.events.at(-1)).toMatchObject({ type: 'summary' });
}, 90_000);

test('MCP check_site progress says so too', async () => {
  for (const platform of ['chatgpt', 'gemini', 'perplexity', 'deepseek'] as const)
    gateway.platforms.setBehaviour(platform, { answer: KNOWN_ANSWER });
  rateLimitClaudeOnce(KNOWN_ANSWER);
  server = gateway.app().listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  client = new Client({ name: 'aivis-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`)));

  const messages: (string | undefined)[] = [];
  const result = await client.callTool(
    { name: 'check_site', arguments: { domain: FIXTURE_HOSTS.healthy } },
    { onprogress: (update) => messages.push(update.message), timeout: 60_000 },
  );
  expect(result.isError).toBeFalsy();
  expect(messages).toContain(WAITING.message);
}, 60_000);

import request from 'supertest';
import { platformStatusCache } from '../../infra/platform-models';
import { PLATFORMS } from '../../domain/shared/platforms';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { startTestGateway, type TestGateway } from '../support/gateway';

/** What a reader of a report, and an operator, sees of how the answers came about and what they cost. */

let gateway: TestGateway;

beforeAll(async () => {
  // Claude asked from memory only; the others with their search tools.
  gateway = await startTestGateway({ ANTHROPIC_WEB_SEARCH: 'off' });
  gateway.platforms.setBehaviour('chatgpt', {
    answer: 'Acme Widgets makes steel widgets.',
    citations: ['https://acme-widgets.test/pricing'],
    searchQueries: ['acme widgets reviews'],
  });
});
afterAll(() => gateway.close());

test('each answer on the report page says what the assistant searched for, or that it was asked without search, and the check what it cost', async () => {
  const app = gateway.app();
  const checked = await request(app).post('/api/v1/check').send({ url: FIXTURE_HOSTS.healthy });
  expect(checked.status).toBe(200);
  const { report } = checked.body as {
    report: { costUsd: number; memory: { platform: string; webSearch: boolean; searchQueries: string[]; costUsd: number }[] };
  };
  const claude = report.memory.find((entry) => entry.platform === 'Claude');
  expect(claude).toMatchObject({ webSearch: false, searchQueries: [] });
  expect(report.costUsd).toBeGreaterThan(0);

  const page = await request(app).get(checked.body.snapshotUrl as string);
  expect(page.text).toContain('searched for <q>acme widgets reviews</q>');
  expect(page.text).toContain('asked without web search (from memory)');
  expect(page.text).toMatch(/the 5 answers cost \$\d+\.\d{3,4}/);
});

test('/healthz shows each platform as its vendor lists the configured model, and never fails because of one', async () => {
  const missingModel = {
    ...gateway.config.platforms,
    gemini: { ...gateway.config.platforms.gemini, model: 'gemini-2.0-flash-retired' },
    deepseek: { ...gateway.config.platforms.deepseek, apiKey: undefined },
  };
  const app = gateway.app({ platformStatuses: platformStatusCache(PLATFORMS, missingModel) });
  const response = await request(app).get('/healthz');
  expect(response.status).toBe(200);
  expect(response.body.platforms).toMatchObject({
    chatgpt: { state: 'ok' },
    claude: { state: 'ok' },
    gemini: { state: 'model unknown', detail: expect.stringContaining('GEMINI_MODEL') as unknown },
    perplexity: { state: 'ok' },
    deepseek: { state: 'no key', detail: 'set DEEPSEEK_API_KEY' },
  });
});

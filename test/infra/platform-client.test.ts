import { Agent } from 'undici';
import { parseConfig, type Config } from '../../domain/shared/config';
import { ASSISTANTS, platformDefinition, type PlatformId, type AssistantId } from '../../domain/shared/platforms';
import { PlatformError, requestAnswer } from '../../infra/platform-client';
import { checkPlatformModel } from '../../infra/platform-models';
import { SiteFetcher } from '../../infra/site-fetcher';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';

/**
 * The platform client against stand-ins written from the vendors' documentation: every platform asked
 * through its vendor's current API with its search tool, with the defaults (no *_MODEL set).
 */

let vendors: VendorStandIns;
let config: Config;
let agent: Agent;

beforeEach(async () => {
  vendors = await startVendorStandIns();
  config = parseConfig(vendors.env());
  agent = new Agent();
});
afterEach(async () => {
  await agent.close();
  await vendors.close();
});

const QUESTION = 'What do you know about acme.example?';

/** Gemini's grounding links read through the one fetcher, with the stand-in serving the redirect host. */
const resolveRedirect = async (url: string) => {
  const fetcher = new SiteFetcher(agent, { userAgent: 'test', originOverrides: vendors.fetchOverrides() }, 12);
  const response = await fetcher.fetch(url, { followRedirects: false, maxBytes: 0 });
  const location = response.headers.location;
  return typeof location === 'string' ? location : undefined;
};

const ask = (id: PlatformId, overrides: Partial<Config['platforms'][PlatformId]> = {}, options: { timeoutMs?: number } = {}) =>
  requestAnswer(platformDefinition(id), { ...config.platforms[id], ...overrides }, config.prices, QUESTION, {
    resolveRedirect,
    ...options,
  });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the platform call to fail');
    },
    (error: unknown) => {
      if (!(error instanceof PlatformError)) throw error;
      return error;
    },
  );

const answerRequests = (id: PlatformId) => vendors.requests.filter((request) => request.platform === id && request.method === 'POST');

describe('each platform through its current API, grounded in a web search', () => {
  const ENDPOINTS: Record<AssistantId, string> = {
    chatgpt: '/openai/v1/responses',
    claude: '/anthropic/v1/messages',
    gemini: '/gemini/v1beta/models/gemini-3.5-flash-lite:generateContent',
    perplexity: '/perplexity/v1/agent',
    deepseek: '/deepseek/anthropic/v1/messages',
  };

  test.each(ASSISTANTS.map((platform) => platform.id))(
    '%s: the answer, the queries it ran, its citations (canonical, never a redirect link), tokens and cost',
    async (id) => {
      vendors.setBehaviour(id, {
        answer: 'Acme sells anvils to cartoon coyotes.',
        citations: ['https://www.acme.example/anvils?utm_source=test', 'https://news.example/acme'],
        searchQueries: ['acme.example reviews', 'acme anvils'],
      });

      const answer = await ask(id);

      expect(answer.text).toContain('Acme sells anvils to cartoon coyotes.');
      expect(answer.text).not.toMatch(/I'll search|Let me search/i);
      expect(answer.citations).toEqual(['https://acme.example/anvils', 'https://news.example/acme']);
      expect(answer).toMatchObject({
        webSearch: true,
        searched: true,
        searchQueries: ['acme.example reviews', 'acme anvils'],
        model: expect.stringContaining(config.platforms[id].model) as unknown,
      });
      expect(answer.usage.inputTokens).toBeGreaterThan(0);
      expect(answer.usage.outputTokens).toBeGreaterThan(0);
      expect(answer.usage.searches).toBeGreaterThanOrEqual(1);
      expect(answer.costUsd).toBeGreaterThan(0);
      expect(answerRequests(id).map((request) => request.path)).toEqual([ENDPOINTS[id]]);
      expect(JSON.stringify(answerRequests(id)[0]?.body)).toContain(SEARCH_TOOLS[id]);
      // The key in the header each vendor's reference names (Anthropic-style: x-api-key; the SDK adds a Bearer too).
      expect(answerRequests(id)[0]?.headers[KEY_HEADERS[id]]).toEqual(expect.stringContaining(config.platforms[id].apiKey!));
    },
  );

  const KEY_HEADERS: Record<AssistantId, string> = {
    chatgpt: 'authorization',
    claude: 'x-api-key',
    gemini: 'x-goog-api-key',
    perplexity: 'authorization',
    deepseek: 'x-api-key',
  };

  const SEARCH_TOOLS: Record<AssistantId, string> = {
    chatgpt: '"tools":[{"type":"web_search"}]',
    claude: '"type":"web_search_20250305","name":"web_search"',
    gemini: '"tools":[{"google_search":{}}]',
    perplexity: '"tool_choice":{"type":"web_search"}',
    deepseek: '"type":"deepseek_web_search","name":"deepseek_web_search"',
  };

  test('without the search tool (<PREFIX>_WEB_SEARCH=off) no platform searches or cites, and each answer says so', async () => {
    const off = parseConfig({
      ...vendors.env(),
      ...Object.fromEntries(ASSISTANTS.map((platform) => [`${platform.env}_WEB_SEARCH`, 'off'])),
    });
    for (const platform of ASSISTANTS) {
      vendors.setBehaviour(platform.id, { answer: 'From memory: Acme sells anvils.', citations: ['https://acme.example/'] });
      const answer = await requestAnswer(platform, off.platforms[platform.id], off.prices, QUESTION);
      expect(answer).toMatchObject({ webSearch: false, searched: false, searchQueries: [], citations: [] });
    }
  });

  test('a model that chooses not to search gives an answer marked as not searched', async () => {
    vendors.setBehaviour('claude', { answer: 'Acme is a fictional company.', searches: false });
    expect(await ask('claude')).toMatchObject({ searched: false, searchQueries: [], citations: [], text: 'Acme is a fictional company.' });
  });

  test("Gemini's grounding links are resolved to their sources through the one fetcher; an unreadable one keeps the source's domain", async () => {
    vendors.setBehaviour('gemini', {
      answer: 'Acme sells anvils.',
      citations: ['https://acme.example/anvils', 'https://news.example/acme'],
    });
    expect((await ask('gemini')).citations).toEqual(['https://acme.example/anvils', 'https://news.example/acme']);

    const unreadable = await requestAnswer(platformDefinition('gemini'), config.platforms.gemini, config.prices, QUESTION, {
      resolveRedirect: () => Promise.resolve(undefined),
    });
    expect(unreadable.citations).toEqual(['https://acme.example/', 'https://news.example/']);
  });

  test("a search that failed inside Claude's 200 answer: the answer stands, marked as not searched, citing nothing", async () => {
    vendors.setBehaviour('claude', {
      answer: 'Acme sells anvils.',
      citations: ['https://acme.example/'],
      failure: { kind: 'search_error' },
    });
    expect(await ask('claude')).toMatchObject({
      searched: false,
      citations: [],
      text: expect.stringContaining('Acme sells anvils.') as unknown,
    });
  });

  test("Claude's paused search turn is continued until the answer is complete", async () => {
    vendors.setBehaviour('claude', {
      answer: 'Acme sells anvils.',
      citations: ['https://acme.example/'],
      failure: { kind: 'pause_turn', times: 1 },
    });
    const answer = await ask('claude');
    expect(answer.text).toContain('Acme sells anvils.');
    expect(answerRequests('claude')).toHaveLength(2);
  });

  test("DeepSeek's blank keep-alive lines before the JSON do not break the answer", async () => {
    vendors.setBehaviour('deepseek', { answer: 'Acme sells anvils.', failure: { kind: 'blank_lines' } });
    expect((await ask('deepseek')).text).toContain('Acme sells anvils.');
  });
});

describe('failures as each vendor signals them', () => {
  test.each(ASSISTANTS.map((platform) => platform.id))(
    '%s: a retired model is not retried, and the reason names the setting to change',
    async (id) => {
      vendors.retireModel(id, config.platforms[id].model);
      const error = await failure(ask(id));
      expect(error).toMatchObject({ kind: 'model-unavailable', retryable: false });
      expect(error.message).toContain(`${platformDefinition(id).env}_MODEL`);
    },
  );

  test.each([
    ['chatgpt', 'OpenAI 429 rate_limit_exceeded with x-ratelimit-reset-*'],
    ['claude', 'Anthropic 429 rate_limit_error with retry-after'],
    ['gemini', 'Gemini 429 RESOURCE_EXHAUSTED with RetryInfo in the body, no header'],
    ['perplexity', 'Perplexity 429 with X-RateLimit-*'],
  ] as const)('%s: a rate limit is retried after the wait the vendor asked for (%s)', async (id, _signal) => {
    vendors.setBehaviour(id, { failure: { kind: 'rate_limit', retryAfterSeconds: 3 } });
    const error = await failure(ask(id));
    expect(error).toMatchObject({ kind: 'rate-limited', retryable: true, status: 429 });
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(1000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(3000);
  });

  test.each(['chatgpt', 'claude', 'deepseek'] as const)('%s: an exhausted quota or spend limit is not retried', async (id) => {
    vendors.setBehaviour(id, { failure: { kind: 'quota' } });
    expect(await failure(ask(id))).toMatchObject({ kind: 'quota', retryable: false });
  });

  test("Anthropic's 529 overloaded is retried", async () => {
    vendors.setBehaviour('claude', { failure: { kind: 'overloaded' } });
    expect(await failure(ask('claude'))).toMatchObject({ kind: 'server', retryable: true, status: 529 });
  });

  test("Perplexity's failed run inside an HTTP 200 is a failure, retried", async () => {
    vendors.setBehaviour('perplexity', { failure: { kind: 'failed_run' } });
    expect(await failure(ask('perplexity'))).toMatchObject({ kind: 'server', retryable: true });
  });

  test.each(ASSISTANTS.map((platform) => platform.id))('%s: a refused key is not retried and never appears in the reason', async (id) => {
    vendors.setBehaviour(id, { failure: { kind: 'unauthorized' } });
    const error = await failure(ask(id));
    expect(error).toMatchObject({ kind: 'auth', retryable: false });
    expect(error.message).not.toContain(config.platforms[id].apiKey!);
  });

  test('a platform without a key is not asked at all', async () => {
    const error = await failure(ask('claude', { apiKey: undefined }));
    expect(error).toMatchObject({ kind: 'not-configured', retryable: false, message: 'Claude is not configured: set ANTHROPIC_API_KEY' });
    expect(vendors.requests).toHaveLength(0);
  });

  test('an answer slower than the time limit is a timeout, retried', async () => {
    vendors.setBehaviour('chatgpt', { delayMs: 2_000 });
    expect(await failure(ask('chatgpt', {}, { timeoutMs: 300 }))).toMatchObject({ kind: 'timeout', retryable: true });
  });
});

describe("the vendors' model lists, checked at start", () => {
  test.each(ASSISTANTS.map((platform) => platform.id))('%s: the default model is listed and current', async (id) => {
    expect(await checkPlatformModel(platformDefinition(id), config.platforms[id])).toEqual({ state: 'ok' });
  });

  test('a retired or unknown model, a missing key and an unreachable vendor are told apart', async () => {
    vendors.retireModel('chatgpt', config.platforms.chatgpt.model);
    expect(await checkPlatformModel(platformDefinition('chatgpt'), config.platforms.chatgpt)).toMatchObject({
      state: 'model unknown',
      detail: expect.stringContaining('OPENAI_MODEL') as unknown,
    });
    expect(
      await checkPlatformModel(platformDefinition('claude'), { ...config.platforms.claude, model: 'claude-3-5-haiku-20241022' }),
    ).toMatchObject({ state: 'model unknown' });
    expect(await checkPlatformModel(platformDefinition('gemini'), { ...config.platforms.gemini, apiKey: undefined })).toEqual({
      state: 'no key',
      detail: 'set GEMINI_API_KEY',
    });
    expect(
      await checkPlatformModel(platformDefinition('deepseek'), { ...config.platforms.deepseek, baseUrl: 'http://127.0.0.1:1/anthropic' }),
    ).toMatchObject({ state: 'unreachable' });
  });
});

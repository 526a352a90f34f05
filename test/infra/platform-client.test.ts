import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseConfig, type PlatformConfig } from '../../domain/config';
import { PLATFORMS, type PlatformId } from '../../domain/platforms';
import { askPlatform, PlatformError } from '../../infra/platform-client';
import { startFakePlatforms, type FakePlatforms } from '../support/fake-platforms';

const platform = (id: PlatformId) => PLATFORMS.find((candidate) => candidate.id === id)!;
const chatgpt = platform('chatgpt');
const claude = platform('claude');
const perplexity = platform('perplexity');

let fake: FakePlatforms;
let configs: Record<PlatformId, PlatformConfig>;

beforeEach(async () => {
  fake = await startFakePlatforms();
  configs = parseConfig(fake.env()).platforms;
});
afterEach(() => fake.close());

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

const QUESTION = 'What do you know about acme.example?';

describe('answers and citations', () => {
  test('OpenAI-style platform: answer text and url_citation annotations, each URL once', async () => {
    fake.setBehaviour(configs.chatgpt.model, {
      answer: 'Acme sells anvils.',
      citations: ['https://acme.example/', 'https://news.example/acme', 'https://acme.example/'],
    });

    const answer = await askPlatform(chatgpt, configs.chatgpt, QUESTION);

    expect(answer).toMatchObject({ text: 'Acme sells anvils.', citations: ['https://acme.example/', 'https://news.example/acme'], model: 'gpt-4o-mini-search-preview' });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
    expect(fake.requests).toEqual([
      {
        path: '/openai/v1/chat/completions',
        model: 'gpt-4o-mini-search-preview',
        authorization: `Bearer ${configs.chatgpt.apiKey}`,
        body: expect.objectContaining({ messages: [{ role: 'user', content: QUESTION }] }) as unknown,
        at: expect.any(Number) as unknown,
      },
    ]);
  });

  test.each([chatgpt, perplexity, claude])('%s: citations come back canonical, tracking parameters gone, the same page once', async (which) => {
    fake.setBehaviour(configs[which.id].model, {
      answer: 'Acme sells anvils.',
      citations: ['http://WWW.Acme.example/anvils/?utm_source=chatgpt.com&b=2&a=1#top', 'https://acme.example/anvils?a=1&b=2&fbclid=x', 'https://news.example/acme?ref=perplexity&gclid=1'],
    });

    const answer = await askPlatform(which, configs[which.id], QUESTION);

    expect(answer.citations).toEqual(['https://acme.example/anvils?a=1&b=2', 'https://news.example/acme']);
  });

  test('Perplexity: citations and search_results read together, each URL once and in order', async () => {
    fake.setBehaviour('sonar', { answer: 'Acme is an anvil maker.', citations: ['https://acme.example/about', 'https://wiki.example/Acme'] });

    const answer = await askPlatform(perplexity, configs.perplexity, QUESTION);

    expect(answer).toMatchObject({ text: 'Acme is an anvil maker.', citations: ['https://acme.example/about', 'https://wiki.example/Acme'], model: 'sonar' });
    expect(fake.requests[0]?.path).toBe('/perplexity/chat/completions');
  });

  test('Claude: text blocks joined into one answer, web search citations collected', async () => {
    fake.setBehaviour(configs.claude.model, {
      answer: 'I searched the web. Acme makes anvils for coyotes.',
      citations: ['https://acme.example/', 'https://reviews.example/acme'],
    });

    const answer = await askPlatform(claude, configs.claude, QUESTION);

    expect(answer).toMatchObject({
      text: 'I searched the web. Acme makes anvils for coyotes.',
      citations: ['https://acme.example/', 'https://reviews.example/acme'],
      model: 'claude-sonnet-4-6',
    });
    expect(fake.requests[0]).toMatchObject({
      path: '/anthropic/v1/messages',
      body: { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user', content: QUESTION }] },
    });
  });

  test('each platform gets its own behaviour by model name', async () => {
    fake.setBehaviour(configs.gemini.model, { answer: 'Gemini speaking.' });
    fake.setBehaviour(configs.deepseek.model, { status: 500 });

    await expect(askPlatform(platform('gemini'), configs.gemini, QUESTION)).resolves.toMatchObject({ text: 'Gemini speaking.' });
    expect((await failure(askPlatform(platform('deepseek'), configs.deepseek, QUESTION))).kind).toBe('server');
  });
});

describe('failures', () => {
  test('no API key: not configured, not retryable, and nothing is sent', async () => {
    const error = await failure(askPlatform(chatgpt, { ...configs.chatgpt, apiKey: undefined }, QUESTION));

    expect(error).toMatchObject({ kind: 'not-configured', retryable: false, message: 'ChatGPT is not configured: set OPENAI_API_KEY' });
    expect(fake.requests).toHaveLength(0);
  });

  test.each([
    ['ChatGPT', chatgpt, 'chatgpt'],
    ['Claude', claude, 'claude'],
  ] as const)('%s with a wrong key: auth, not retryable, and the key is not repeated', async (_name, definition, id) => {
    const wrongKey = 'sk-live-THIS-KEY-MUST-NOT-LEAK-42';

    const error = await failure(askPlatform(definition, { ...configs[id], apiKey: wrongKey }, QUESTION));

    expect(error).toMatchObject({ kind: 'auth', retryable: false, status: 401 });
    expect(error.message).toContain(definition.name);
    expect(error.message).not.toContain(wrongKey);
    expect(JSON.stringify(error)).not.toContain(wrongKey);
  });

  test.each([
    ['ChatGPT', chatgpt, 'chatgpt'],
    ['Claude', claude, 'claude'],
  ] as const)('%s 429 with Retry-After in seconds: rate-limited, retryable, wait known', async (_name, definition, id) => {
    fake.setBehaviour(configs[id].model, { status: 429, retryAfter: '7' });

    const error = await failure(askPlatform(definition, configs[id], QUESTION));

    expect(error).toMatchObject({ kind: 'rate-limited', retryable: true, status: 429, retryAfterMs: 7000 });
  });

  test('429 with Retry-After as an HTTP date', async () => {
    fake.setBehaviour(configs.chatgpt.model, { status: 429, retryAfter: new Date(Date.now() + 30_000).toUTCString() });

    const error = await failure(askPlatform(chatgpt, configs.chatgpt, QUESTION));

    expect(error.retryAfterMs).toBeGreaterThan(25_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  test.each([
    [500, 'ChatGPT', chatgpt, 'chatgpt'],
    [500, 'Claude', claude, 'claude'],
    [529, 'Claude (overloaded)', claude, 'claude'],
  ] as const)('HTTP %i from %s: server error, retryable', async (status, _name, definition, id) => {
    fake.setBehaviour(configs[id].model, { status });

    const error = await failure(askPlatform(definition, configs[id], QUESTION));

    expect(error).toMatchObject({ kind: 'server', retryable: true, status });
  });

  test('a rejected request is not retryable', async () => {
    fake.setBehaviour(configs.claude.model, { status: 400 });

    const error = await failure(askPlatform(claude, configs.claude, QUESTION));

    expect(error).toMatchObject({ kind: 'bad-request', retryable: false, status: 400 });
  });

  test('one attempt per call: the SDKs do not retry behind Temporal’s back', async () => {
    fake.setBehaviour(configs.chatgpt.model, { status: 503, failTimes: 1, answer: 'Back again.' });

    expect((await failure(askPlatform(chatgpt, configs.chatgpt, QUESTION))).kind).toBe('server');
    expect(fake.requests).toHaveLength(1);
    await expect(askPlatform(chatgpt, configs.chatgpt, QUESTION)).resolves.toMatchObject({ text: 'Back again.' });
  });

  test.each([
    ['ChatGPT', chatgpt, 'chatgpt'],
    ['Claude', claude, 'claude'],
  ] as const)('%s slower than the timeout: timeout, retryable, given up on time', async (_name, definition, id) => {
    fake.setBehaviour(configs[id].model, { delayMs: 5_000 });

    const error = await failure(askPlatform(definition, configs[id], QUESTION, { timeoutMs: 300 }));

    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
  });

  test('the caller’s abort rejects with the caller’s reason', async () => {
    fake.setBehaviour(configs.chatgpt.model, { delayMs: 5_000 });
    const controller = new AbortController();
    const reason = new Error('activity cancelled');
    setTimeout(() => controller.abort(reason), 100);

    await expect(askPlatform(chatgpt, configs.chatgpt, QUESTION, { signal: controller.signal })).rejects.toBe(reason);
  });

  test('an empty answer is retryable', async () => {
    fake.setBehaviour(configs.chatgpt.model, { answer: '  ' });

    const error = await failure(askPlatform(chatgpt, configs.chatgpt, QUESTION));

    expect(error).toMatchObject({ kind: 'empty', retryable: true });
  });

  test('a platform that cannot be reached: network, retryable, no host in the message', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const error = await failure(askPlatform(claude, { ...configs.claude, baseUrl: `http://127.0.0.1:${port}` }, QUESTION));

    expect(error).toMatchObject({ kind: 'network', retryable: true });
    expect(error.message).not.toContain('127.0.0.1');
  });
});

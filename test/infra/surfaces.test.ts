import { parseConfig, type Config } from '../../domain/shared/config';
import type { Market } from '../../domain/shared/market';
import { platformDefinition, type PlatformId } from '../../domain/shared/platforms';
import { PlatformError, requestAnswer } from '../../infra/platform-client';
import { checkPlatformModel } from '../../infra/platform-models';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';

/**
 * The three search surfaces through SerpApi and DataForSEO, against stand-ins written from their
 * documentation: the answer's layout survives as Markdown, references become citations, and every
 * outcome (no overview, not offered, out of searches) means what the provider means by it.
 */

let vendors: VendorStandIns;
beforeAll(async () => {
  vendors = await startVendorStandIns();
});
afterAll(() => vendors.close());

const QUESTION = 'best project management software for agencies';
const ANSWER =
  '## Top picks\n\n- **Asana**: best for agencies\n  - timelines\n  - portfolios\n- **Trello**: simple boards\n\n| Tool | Price |\n| --- | --- |\n| Asana | $10 |\n| Trello | $5 |';
const SOURCES = ['https://asana.example/agencies', 'https://reviews.example/pm-tools'];

const configWith = (provider: 'serpapi' | 'dataforseo' | 'both'): Config =>
  parseConfig({ ...vendors.env(), ...vendors.surfaceEnv(provider) });
const ask = (config: Config, id: PlatformId, market?: Market) =>
  requestAnswer(platformDefinition(id), config.platforms[id], config.prices, QUESTION, { market });
const lastRequest = (provider: 'serpapi' | 'dataforseo') => vendors.requests.filter((request) => request.platform === provider).at(-1)!;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the surface to fail');
    },
    (error: unknown) => {
      if (!(error instanceof PlatformError)) throw error;
      return error;
    },
  );

test('the provider is chosen by the key that is set; chatgpt-app only through DataForSEO; none configured says what to set', async () => {
  const serpapi = configWith('serpapi');
  expect(serpapi.platforms['google-ai-mode']).toMatchObject({ provider: 'serpapi', model: 'serpapi/google_ai_mode' });
  expect(serpapi.platforms['chatgpt-app'].provider).toBeUndefined();
  expect(serpapi.platformRpm['google-ai-mode']).toBe(16);
  expect(configWith('dataforseo').platforms['chatgpt-app']).toMatchObject({ provider: 'dataforseo', model: 'dataforseo/chatgpt_scraper' });
  expect(configWith('dataforseo').platformRpm['google-ai-mode']).toBe(2000);
  expect(parseConfig({ ...vendors.surfaceEnv('both'), GOOGLE_AI_MODE_PROVIDER: 'dataforseo' }).platforms['google-ai-mode'].provider).toBe(
    'dataforseo',
  );

  const none = parseConfig(vendors.env());
  expect(await checkPlatformModel(platformDefinition('chatgpt-app'), none.platforms['chatgpt-app'])).toEqual({
    state: 'no key',
    detail: 'set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD',
  });
  expect(await checkPlatformModel(platformDefinition('google-ai-mode'), serpapi.platforms['google-ai-mode'])).toEqual({
    state: 'ok',
    provider: 'serpapi',
    detail: 'through SerpApi',
  });
  const error = await failure(ask(none, 'google-ai-overviews'));
  expect(error).toMatchObject({
    kind: 'not-configured',
    retryable: false,
    message: 'Google AI Overviews is not configured: set SERPAPI_API_KEY, or DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD',
  });
});

describe('SerpApi', () => {
  const config = () => configWith('serpapi');

  test("AI Mode's nested lists and tables become the same Markdown; references become citations; one search's price", async () => {
    vendors.setSurfaceBehaviour('google-ai-mode', { answer: ANSWER, citations: SOURCES });
    const answer = await ask(config(), 'google-ai-mode', { country: 'DE', language: 'de', city: 'Berlin' });
    expect(answer.text).toBe(ANSWER);
    expect(answer.citations).toEqual(SOURCES);
    expect(answer).toMatchObject({ searched: true, model: 'serpapi/google_ai_mode', costUsd: 0.015, usage: { searches: 1 } });
    const sent = new URL(lastRequest('serpapi').path, 'http://x');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      engine: 'google_ai_mode',
      q: QUESTION,
      gl: 'de',
      hl: 'de',
      location: 'Berlin,Germany',
    });
    expect(sent.searchParams.has('uule')).toBe(false);
  });

  test('AI Overviews: inline is one search; deferred redeems its token at once (two searches); absent is no-answer, not an error', async () => {
    vendors.setSurfaceBehaviour('google-ai-overviews', { answer: ANSWER, citations: SOURCES, overview: 'inline' });
    expect(await ask(config(), 'google-ai-overviews', { country: 'US', language: 'en' })).toMatchObject({ text: ANSWER, costUsd: 0.015 });
    vendors.setSurfaceBehaviour('google-ai-overviews', { answer: ANSWER, citations: SOURCES, overview: 'deferred' });
    const deferred = await ask(config(), 'google-ai-overviews', { country: 'GB', language: 'en' });
    expect(deferred).toMatchObject({ text: ANSWER, citations: SOURCES, usage: { searches: 2 }, costUsd: 0.03 });
    vendors.setSurfaceBehaviour('google-ai-overviews', { answer: ANSWER, overview: 'absent' });
    expect(await ask(config(), 'google-ai-overviews', { country: 'CA', language: 'en' })).toMatchObject({
      text: '',
      citations: [],
      absent: { status: 'no-answer', reason: 'no-ai-overview' },
    });
  });

  test('an expired page_token is a passing failure: the retry reads the page again', async () => {
    vendors.setSurfaceBehaviour('google-ai-overviews', { answer: ANSWER, overview: 'deferred', delayMs: 0 });
    vendors.serpApi.tokenTtlMs = -1;
    try {
      expect(await failure(ask(config(), 'google-ai-overviews', { country: 'AU', language: 'en' }))).toMatchObject({
        kind: 'server',
        retryable: true,
      });
    } finally {
      vendors.serpApi.tokenTtlMs = 60_000;
    }
  });

  test('a surface not offered in the country is unavailable, and nothing is sent', async () => {
    const before = vendors.requests.length;
    expect(await ask(config(), 'google-ai-mode', { country: 'FR', language: 'fr' })).toMatchObject({
      absent: { status: 'unavailable', reason: 'not-offered' },
      costUsd: 0,
    });
    expect(vendors.requests.length).toBe(before);
  });

  test('out of searches is not retried; over the hourly throughput waits for the next hour, never sooner', async () => {
    vendors.setSurfaceBehaviour('google-ai-mode', { answer: ANSWER });
    vendors.setProviderFailure('serpapi', { kind: 'out_of_searches', times: 1 });
    const quota = await failure(ask(config(), 'google-ai-mode', { country: 'ES', language: 'es' }));
    expect(quota).toMatchObject({ kind: 'quota', retryable: false, status: 429 });
    vendors.setProviderFailure('serpapi', { kind: 'hourly_limit', times: 1 });
    const hourly = await failure(ask(config(), 'google-ai-mode', { country: 'IT', language: 'it' }));
    expect(hourly).toMatchObject({ kind: 'rate-limited', retryable: true, status: 429 });
    const untilTheHour = 3_600_000 - (Date.now() % 3_600_000);
    expect(hourly.retryAfterMs).toBeGreaterThanOrEqual(untilTheHour);
    expect(hourly.retryAfterMs).toBeLessThanOrEqual(untilTheHour + 10_000);
    vendors.setProviderFailure('serpapi', { kind: 'unauthorized', times: 1 });
    const auth = await failure(ask(config(), 'google-ai-mode', { country: 'NL', language: 'nl' }));
    expect(auth).toMatchObject({ kind: 'auth', retryable: false });
    expect(auth.message).toContain('SERPAPI_API_KEY');
    expect(auth.message).not.toContain(config().platforms['google-ai-mode'].apiKey);
  });
});

describe('DataForSEO', () => {
  const config = () => configWith('dataforseo');

  test("AI Mode's elements become Markdown with the table's header row; location_code and language_code carry the market", async () => {
    vendors.setSurfaceBehaviour('google-ai-mode', { answer: ANSWER, citations: SOURCES });
    const answer = await ask(config(), 'google-ai-mode', { country: 'DE', language: 'de-DE' });
    expect(answer.text).toBe(ANSWER);
    expect(answer).toMatchObject({ citations: SOURCES, model: 'dataforseo/google_ai_mode', costUsd: 0.004 });
    expect(lastRequest('dataforseo').body).toEqual([{ keyword: QUESTION, location_code: 2276, language_code: 'de' }]);
  });

  test('AI Overviews ask for the asynchronous overview; none shown is no-answer; 40101 is retried, 402 is not', async () => {
    vendors.setSurfaceBehaviour('google-ai-overviews', { answer: ANSWER, overview: 'deferred', citations: SOURCES });
    expect(await ask(config(), 'google-ai-overviews')).toMatchObject({ text: ANSWER, citations: SOURCES, costUsd: 0.002 });
    expect(lastRequest('dataforseo').body).toEqual([
      { keyword: QUESTION, location_code: 2840, language_code: 'en', load_async_ai_overview: true },
    ]);
    vendors.setSurfaceBehaviour('google-ai-overviews', { answer: ANSWER, overview: 'absent' });
    expect(await ask(config(), 'google-ai-overviews')).toMatchObject({ absent: { status: 'no-answer', reason: 'no-ai-overview' } });
    vendors.setProviderFailure('dataforseo', { kind: 'server_error', times: 1 });
    expect(await failure(ask(config(), 'google-ai-overviews'))).toMatchObject({ kind: 'server', retryable: true });
    vendors.setProviderFailure('dataforseo', { kind: 'no_balance', times: 1 });
    expect(await failure(ask(config(), 'google-ai-overviews'))).toMatchObject({ kind: 'quota', retryable: false });
  });

  test("ChatGPT's app: its Markdown, sources as citations, retrieved pages as found, fan-out queries as searchQueries", async () => {
    vendors.setSurfaceBehaviour('chatgpt-app', {
      answer: ANSWER,
      citations: SOURCES,
      searchResults: ['https://other.example/list'],
      fanOutQueries: ['pm software agencies 2026', 'asana vs trello'],
    });
    const answer = await ask(config(), 'chatgpt-app', { country: 'JP', language: 'ja' });
    expect(answer).toMatchObject({
      text: ANSWER,
      citations: SOURCES,
      found: ['https://other.example/list'],
      searchQueries: ['pm software agencies 2026', 'asana vs trello'],
      model: 'gpt-5',
      costUsd: 0.0012,
    });
    expect(lastRequest('dataforseo').body).toEqual([
      { keyword: QUESTION, location_code: 2392, language_code: 'ja', force_web_search: true },
    ]);
    vendors.setSurfaceBehaviour('chatgpt-app', { answer: '' });
    expect(await ask(config(), 'chatgpt-app')).toMatchObject({ absent: { status: 'no-answer', reason: 'no-results' } });
  });
});

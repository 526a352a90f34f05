import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ConfigError, parseConfig } from '../../../domain/shared/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => problem.variable);
    throw error;
  }
  return [];
}

test('an empty environment gives the defaults of docs/configuration.md', () => {
  const config = parseConfig({});
  expect(config).toMatchObject({
    port: 3000,
    publicBaseUrl: 'http://localhost:3000',
    metrics: { workerPort: 9464, apiPort: undefined },
    temporal: { address: '127.0.0.1:7233', namespace: 'default', taskQueue: 'site-checks' },
    mongodbUri: 'mongodb://127.0.0.1:27017/aivis',
    redisUrl: undefined,
    trustProxy: undefined,
    rateLimits: { check: 10, checkStream: 20, keywords: 10, articleCheck: 20, mcpCheckSite: 5 },
    fetchOriginOverrides: {},
    retrieval: { searxngUrl: undefined, brave: { apiKey: undefined, baseUrl: 'https://api.search.brave.com' } },
  });
  expect(config.platforms).toEqual({
    chatgpt: { apiKey: undefined, baseUrl: 'https://api.openai.com/v1', model: 'gpt-5.4-mini', webSearch: true },
    claude: { apiKey: undefined, baseUrl: 'https://api.anthropic.com', model: 'claude-haiku-5-5', webSearch: true },
    gemini: { apiKey: undefined, baseUrl: 'https://generativelanguage.googleapis.com', model: 'gemini-3.5-flash-lite', webSearch: true },
    perplexity: { apiKey: undefined, baseUrl: 'https://api.perplexity.ai', model: 'perplexity/sonar', webSearch: true },
    deepseek: { apiKey: undefined, baseUrl: 'https://api.deepseek.com/anthropic', model: 'deepseek-flash', webSearch: true },
    // No SERP-API provider's key: the surfaces are not configured.
    'google-ai-mode': { baseUrl: '', model: 'google-ai-mode', webSearch: true },
    'google-ai-overviews': { baseUrl: '', model: 'google-ai-overviews', webSearch: true },
    'chatgpt-app': { baseUrl: '', model: 'chatgpt-app', webSearch: true },
  });
});

test('set variables are read and normalised', () => {
  const config = parseConfig({
    PORT: '8080',
    PUBLIC_BASE_URL: 'https://aivis.example.org/',
    REDIS_URL: 'redis://cache:6379',
    TRUST_PROXY: 'loopback, 10.0.0.0/8',
    RATE_LIMIT_CHECK: '3',
    FETCH_ORIGIN_OVERRIDES: '{"Good.Example":"http://127.0.0.1:41001"}',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: 'http://127.0.0.1:9000/v1/',
    DEEPSEEK_MODEL: 'deepseek-reasoner',
    SEARXNG_URL: 'http://127.0.0.1:8888',
  });
  expect(config.port).toBe(8080);
  expect(config.publicBaseUrl).toBe('https://aivis.example.org');
  expect(config.redisUrl).toBe('redis://cache:6379');
  expect(config.trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  expect(config.rateLimits.check).toBe(3);
  expect(config.fetchOriginOverrides).toEqual({ 'good.example': 'http://127.0.0.1:41001' });
  expect(config.platforms.chatgpt).toEqual({
    apiKey: 'sk-test',
    baseUrl: 'http://127.0.0.1:9000/v1',
    model: 'gpt-5.4-mini',
    webSearch: true,
  });
  expect(parseConfig({ ANTHROPIC_WEB_SEARCH: 'off' }).platforms.claude.webSearch).toBe(false);
  expect(config.mcpAllowedOrigins).toEqual(['https://aivis.example.org']);
  expect(parseConfig({ MCP_ALLOWED_ORIGINS: 'https://app.example.com/, http://localhost:5173' }).mcpAllowedOrigins).toEqual([
    'https://app.example.com',
    'http://localhost:5173',
  ]);
  expect(() => parseConfig({ MCP_ALLOWED_ORIGINS: 'app.example.com' })).toThrow(/MCP_ALLOWED_ORIGINS/);
  expect(() => parseConfig({ ANTHROPIC_WEB_SEARCH: 'no' })).toThrow(/ANTHROPIC_WEB_SEARCH: must be on or off/);
  expect(config.platforms.deepseek.model).toBe('deepseek-reasoner');
  expect(config.retrieval.searxngUrl).toBe('http://127.0.0.1:8888');
  expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(parseConfig({ METRICS_PORT: '0', API_METRICS_PORT: '9465' }).metrics).toEqual({ workerPort: 0, apiPort: 9465 });
  expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
});

test.each([
  [{ PORT: 'abc' }, ['PORT']],
  [{ PORT: '70000' }, ['PORT']],
  [{ PUBLIC_BASE_URL: 'not a url' }, ['PUBLIC_BASE_URL']],
  [{ TEMPORAL_ADDRESS: 'no-port' }, ['TEMPORAL_ADDRESS']],
  [{ MONGODB_URI: 'postgres://x' }, ['MONGODB_URI']],
  [{ REDIS_URL: 'http://x' }, ['REDIS_URL']],
  [{ TRUST_PROXY: 'everyone' }, ['TRUST_PROXY']],
  [{ RATE_LIMIT_KEYWORDS: '-1' }, ['RATE_LIMIT_KEYWORDS']],
  [{ FETCH_ORIGIN_OVERRIDES: '{not json' }, ['FETCH_ORIGIN_OVERRIDES']],
  [{ FETCH_ORIGIN_OVERRIDES: '{"a.example":"http://127.0.0.1:1/path"}' }, ['FETCH_ORIGIN_OVERRIDES']],
  [{ ANTHROPIC_BASE_URL: 'ftp://x' }, ['ANTHROPIC_BASE_URL']],
  [{ LOG_LEVEL: 'loud' }, ['LOG_LEVEL']],
  [{ METRICS_PORT: '-1' }, ['METRICS_PORT']],
  [{ API_METRICS_PORT: '0' }, ['API_METRICS_PORT']],
  [{ PORT: 'abc', RATE_LIMIT_CHECK: 'ten' }, ['PORT', 'RATE_LIMIT_CHECK']],
])('%j is refused naming %j', (env, variables) => {
  expect(problemsOf(env)).toEqual(variables);
});

test('a bad value stops `npm run api` with a message naming the variable', () => {
  const tsx = join(__dirname, '..', '..', '..', 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, [join(__dirname, '..', '..', '..', 'api', 'main.ts')], {
    env: { ...process.env, PORT: 'abc' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/^Invalid configuration:\n {2}PORT: must be a port number \(got "abc"\)/);
});

test('SNAPSHOT_CACHE_MB sizes the snapshot cache: 64 MB by default, 0 turns it off, a fraction is refused', () => {
  expect(parseConfig({}).snapshotCacheMb).toBe(64);
  expect(parseConfig({ SNAPSHOT_CACHE_MB: '0' }).snapshotCacheMb).toBe(0);
  expect(() => parseConfig({ SNAPSHOT_CACHE_MB: '1.5' })).toThrow(/SNAPSHOT_CACHE_MB: must be a whole number of megabytes/);
});

test('<PREFIX>_RPM sets each platform’s request budget: the entry paid tier by default, a whole number of at least 1', () => {
  expect(parseConfig({}).platformRpm).toEqual({
    chatgpt: 500,
    claude: 50,
    gemini: 1000,
    perplexity: 50,
    deepseek: 600,
    'google-ai-mode': 16,
    'google-ai-overviews': 16,
    'chatgpt-app': 16,
  });
  expect(parseConfig({ DATAFORSEO_LOGIN: 'me', DATAFORSEO_PASSWORD: 'secret', CHATGPT_APP_RPM: '100' }).platformRpm).toMatchObject({
    'google-ai-mode': 2000,
    'chatgpt-app': 100,
  });
  expect(parseConfig({ ANTHROPIC_RPM: '30' }).platformRpm.claude).toBe(30);
  expect(problemsOf({ ANTHROPIC_RPM: '0' })).toEqual(['ANTHROPIC_RPM']);
  expect(problemsOf({ GEMINI_RPM: '2.5' })).toEqual(['GEMINI_RPM']);
  expect(problemsOf({ DEEPSEEK_RPM: 'lots' })).toEqual(['DEEPSEEK_RPM']);
});

test('<PREFIX>_RPS sets a vendor’s per-second limit: Perplexity’s 1 by default, none for the others; at least 1', () => {
  expect(parseConfig({}).platformRps).toEqual({ perplexity: 1 });
  expect(parseConfig({ PERPLEXITY_RPS: '3', OPENAI_RPS: '50' }).platformRps).toEqual({ perplexity: 3, chatgpt: 50 });
  expect(problemsOf({ PERPLEXITY_RPS: '0.5' })).toEqual(['PERPLEXITY_RPS']);
});

test('FAIRNESS_WEIGHTS overrides chosen clients’ fairness weights: key=weight pairs, weights within Temporal’s 0.001–1000', () => {
  expect(parseConfig({}).fairnessWeights).toEqual({});
  expect(parseConfig({ FAIRNESS_WEIGHTS: 'monitor:abc=2, client:0123456789abcdef=0.5' }).fairnessWeights).toEqual({
    'monitor:abc': 2,
    'client:0123456789abcdef': 0.5,
  });
  expect(problemsOf({ FAIRNESS_WEIGHTS: 'monitor:abc' })).toEqual(['FAIRNESS_WEIGHTS']);
  expect(problemsOf({ FAIRNESS_WEIGHTS: 'monitor:abc=0' })).toEqual(['FAIRNESS_WEIGHTS']);
});

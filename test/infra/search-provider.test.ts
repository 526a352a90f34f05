import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSearchProvider, SearchError, type SearchProvider } from '../../infra/search-provider';
import { startFakeSearch, type FakeSearch } from '../support/fake-search';

const API_KEY = 'brave-secret-key-123';
let fake: FakeSearch;

beforeAll(async () => {
  fake = await startFakeSearch({ braveApiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.setFailure(undefined);
  fake.setDelay(0);
  fake.requests.length = 0;
});

const searxng = (timeoutMs?: number) => createSearchProvider({ searxngUrl: fake.origin, brave: { baseUrl: fake.origin } }, { timeoutMs })!;
const brave = (apiKey = API_KEY, timeoutMs?: number) => createSearchProvider({ brave: { apiKey, baseUrl: fake.origin } }, { timeoutMs })!;
const providers: [string, (timeoutMs?: number) => SearchProvider][] = [
  ['searxng', (timeoutMs) => searxng(timeoutMs)],
  ['brave', (timeoutMs) => brave(API_KEY, timeoutMs)],
];

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the search to fail');
    },
    (error: unknown) => error as SearchError,
  );

const manyResults = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ url: `https://site${i + 1}.example.com/`, title: `Site ${i + 1}` }));

describe('configuration', () => {
  test('nothing configured: no provider, so retrieval can be reported as not configured', () => {
    expect(createSearchProvider({ brave: { baseUrl: 'https://api.search.brave.com' } })).toBeUndefined();
  });

  test('SearXNG is preferred when both are configured', () => {
    expect(createSearchProvider({ searxngUrl: fake.origin, brave: { apiKey: API_KEY, baseUrl: fake.origin } })?.name).toBe('searxng');
    expect(brave().name).toBe('brave');
  });
});

describe('SearXNG', () => {
  test('asks the JSON API and returns its results in order, with the engine that found each', async () => {
    fake.setResults('acme widgets', [
      { url: 'https://acme.example/', title: 'Acme', snippet: 'Widgets since 1950' },
      { url: 'https://www.reviews.example/acme', title: 'Acme reviewed', snippet: 'Four stars' },
    ]);

    const results = await searxng().search('acme widgets');

    expect(results).toEqual([
      { url: 'https://acme.example/', title: 'Acme', snippet: 'Widgets since 1950', engine: 'duckduckgo' },
      { url: 'https://www.reviews.example/acme', title: 'Acme reviewed', snippet: 'Four stars', engine: 'brave' },
    ]);
    expect(fake.requests).toEqual([expect.objectContaining({ path: '/search', query: { q: 'acme widgets', format: 'json' } })]);
  });

  test('credentials in SEARXNG_URL are sent as basic auth, not refused by fetch', async () => {
    fake.setResults('acme', manyResults(1));
    const url = new URL(fake.origin);
    url.username = 'searcher';
    url.password = 'p@ss';

    const results = await createSearchProvider({ searxngUrl: url.href, brave: { baseUrl: fake.origin } })!.search('acme');

    expect(results).toHaveLength(1);
    expect(fake.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from('searcher:p@ss').toString('base64')}`);
  });

  test('a SearXNG that refuses JSON (403) is not retried and says what to enable', async () => {
    fake.setFailure(403);
    const error = await failure(searxng().search('acme'));
    expect(error).toBeInstanceOf(SearchError);
    expect(error).toMatchObject({ retryable: false, status: 403 });
    expect(error.message).toMatch(/json/i);
  });
});

describe('Brave Search', () => {
  test('sends the subscription token and returns descriptions without the <strong> highlighting', async () => {
    fake.setResults('acme', [{ url: 'https://acme.example/', title: 'Acme & Sons', snippet: "Acme's widgets: the best <cheap> ones" }]);

    const results = await brave().search('acme', { count: 5 });

    expect(results).toEqual([{ url: 'https://acme.example/', title: 'Acme & Sons', snippet: "Acme's widgets: the best <cheap> ones" }]);
    const request = fake.requests[0];
    expect(request).toMatchObject({ path: '/res/v1/web/search', query: { q: 'acme', count: '5' } });
    expect(request?.headers).toMatchObject({ accept: 'application/json', 'x-subscription-token': API_KEY });
  });

  test('no match: Brave leaves out "web", which is an empty list, not an error', async () => {
    await expect(brave().search('nothing matches this')).resolves.toEqual([]);
  });

  test('a refused key (401) is not retried and the message does not contain the key', async () => {
    const error = await failure(brave('wrong-key-456').search('acme'));
    expect(error).toMatchObject({ name: 'SearchError', retryable: false, status: 401 });
    expect(error.message).not.toContain('wrong-key-456');
    expect(JSON.stringify(error)).not.toContain('wrong-key-456');
  });

  test('a bad request (400) is not retried', async () => {
    fake.setFailure(400);
    await expect(failure(brave().search('acme'))).resolves.toMatchObject({ retryable: false, status: 400 });
  });

  test('a count above what Brave accepts is clamped instead of being rejected', async () => {
    fake.setResults('many', manyResults(30));
    await expect(brave().search('many', { count: 50 })).resolves.toHaveLength(20);
    expect(fake.requests[0]?.query.count).toBe('20');
  });
});

describe.each(providers)('%s', (_name, provider) => {
  test('keeps 10 results unless asked for another count', async () => {
    fake.setResults('many', manyResults(15));
    const tenResults = await provider().search('many');
    expect(tenResults.map((result) => result.title)).toEqual(manyResults(10).map((result) => result.title));
    await expect(provider().search('many', { count: 3 })).resolves.toHaveLength(3);
  });

  test('drops results that are not web pages', async () => {
    fake.setResults('odd', [
      { url: 'javascript:alert(1)', title: 'Script' },
      { url: 'not a url', title: 'Broken' },
      { url: 'https://fine.example/', title: 'Fine' },
    ]);
    await expect(provider().search('odd')).resolves.toMatchObject([{ url: 'https://fine.example/', title: 'Fine' }]);
  });

  test.each([429, 500, 503])('HTTP %i is worth retrying, and a retry after it succeeds', async (status) => {
    fake.setResults('acme', manyResults(2));
    fake.setFailure(status, 1);
    await expect(failure(provider().search('acme'))).resolves.toMatchObject({ name: 'SearchError', retryable: true, status });
    await expect(provider().search('acme')).resolves.toHaveLength(2);
  });

  test('a provider that does not answer in time fails retryably at the timeout', async () => {
    fake.setDelay(2_000);
    const error = await failure(provider(200).search('acme'));
    expect(error).toMatchObject({ name: 'SearchError', retryable: true });
    expect(error.message).toMatch(/200 ms/);
  });

  test("cancelling the search ends it with the caller's reason, not a retryable failure", async () => {
    fake.setDelay(2_000);
    const controller = new AbortController();
    const search = provider().search('acme', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('workflow cancelled')), 50);
    await expect(search).rejects.toThrow('workflow cancelled');
  });
});

test('an address where nothing listens fails retryably, without naming the address', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));

  const error = await failure(
    createSearchProvider({ searxngUrl: `http://127.0.0.1:${port}`, brave: { baseUrl: fake.origin } })!.search('acme'),
  );

  expect(error).toMatchObject({ name: 'SearchError', retryable: true });
  expect(error.message).toContain('ECONNREFUSED');
  expect(error.message).not.toContain(String(port));
});

test('a Brave base URL that redirects is not followed, so the key never reaches another host', async () => {
  const redirecting = createServer((req, res) => res.writeHead(302, { location: `${fake.origin}${req.url ?? '/'}` }).end());
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  const { port } = redirecting.address() as AddressInfo;
  try {
    const error = await failure(createSearchProvider({ brave: { apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}` } })!.search('acme'));
    expect(error).toMatchObject({ name: 'SearchError', retryable: false, status: 302 });
    expect(fake.requests).toEqual([]);
  } finally {
    redirecting.closeAllConnections();
    await new Promise((resolve) => redirecting.close(resolve));
  }
});

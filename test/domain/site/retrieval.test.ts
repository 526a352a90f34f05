import { retrievalFailed, retrievalNotConfigured, retrievalQueries, summariseRetrieval } from '../../../domain/site/retrieval';

describe('retrievalQueries', () => {
  test('the brand, the domain and the brand with "reviews"', () => {
    expect(retrievalQueries('acme-tools.com', 'Acme')).toEqual(['Acme', 'acme-tools.com', 'Acme reviews']);
  });

  test('a brand that is only the domain name does not search the domain twice', () => {
    expect(retrievalQueries('acme.com', 'acme')).toEqual(['acme', 'acme reviews']);
    expect(retrievalQueries('my-brand.io', 'My Brand')).toEqual(['My Brand', 'My Brand reviews']);
    expect(retrievalQueries('acme.com', 'Acme.com')).toEqual(['Acme.com', 'Acme.com reviews']);
  });

  test('no brand: the domain name stands in for it', () => {
    expect(retrievalQueries('acme.com', '  ')).toEqual(['acme', 'acme reviews']);
  });

  test('"www." and case in the domain do not leak into the searches', () => {
    expect(retrievalQueries('WWW.Acme-Tools.com', 'Acme')).toEqual(['Acme', 'acme-tools.com', 'Acme reviews']);
  });
});

describe('summariseRetrieval', () => {
  const result = (url: string) => ({ url, title: url });

  test('ranks every result and marks the best rank of the site per query and overall', () => {
    const summary = summariseRetrieval('example.com', 'searxng', [
      {
        query: 'Example',
        results: [result('https://wikipedia.org/Example'), result('https://example.com/'), result('https://example.com/about')],
      },
      { query: 'example.com', results: [result('https://www.example.com/'), result('https://other.org/')] },
      { query: 'Example reviews', results: [result('https://reviews.org/example')] },
    ]);

    expect(summary).toMatchObject({ status: 'ok', provider: 'searxng', found: true, bestRank: 1 });
    expect(summary.queries.map((query) => query.siteRank)).toEqual([2, 1, undefined]);
    expect(summary.queries[0]?.results).toEqual([
      { url: 'https://wikipedia.org/Example', title: 'https://wikipedia.org/Example', rank: 1, onSite: false },
      { url: 'https://example.com/', title: 'https://example.com/', rank: 2, onSite: true },
      { url: 'https://example.com/about', title: 'https://example.com/about', rank: 3, onSite: true },
    ]);
  });

  test.each([
    ['https://example.com/', true],
    ['https://www.example.com/page', true],
    ['https://EXAMPLE.com./', true],
    ['http://blog.example.com/post', true],
    ['https://a.b.example.com/', true],
    ['https://example.com.evil.net/', false],
    ['https://notexample.com/', false],
    ['https://example.co/', false],
    ['https://evil.net/?u=https://example.com/', false],
    ['https://example.com@evil.net/', false],
    ['not a url', false],
  ])('%s is on the site: %s', (url, onSite) => {
    expect(summariseRetrieval('example.com', 'brave', [{ query: 'q', results: [result(url)] }]).queries[0]?.results[0]?.onSite).toBe(
      onSite,
    );
  });

  test('a domain given with "www." matches the bare host', () => {
    expect(summariseRetrieval('www.example.com', 'brave', [{ query: 'q', results: [result('https://example.com/')] }]).found).toBe(true);
  });

  test('the site only past the first 10 results is not found', () => {
    const results = [...Array.from({ length: 10 }, (_, i) => result(`https://other${i}.org/`)), result('https://example.com/')];
    const summary = summariseRetrieval('example.com', 'brave', [{ query: 'q', results }]);
    expect(summary.queries[0]?.results).toHaveLength(10);
    expect(summary).toMatchObject({ found: false });
    expect(summary.bestRank).toBeUndefined();
  });

  test('unconfigured retrieval is its own status, not a failure', () => {
    expect(retrievalNotConfigured()).toEqual({ status: 'not-configured', queries: [], found: false });
    expect(retrievalFailed('brave', 'Brave Search failed (HTTP 503)')).toEqual({
      status: 'error',
      provider: 'brave',
      queries: [],
      found: false,
      error: 'Brave Search failed (HTTP 503)',
    });
  });
});

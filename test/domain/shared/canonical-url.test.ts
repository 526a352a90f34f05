import { aggregateSources, citedPagesOf } from '../../../domain/site/aggregate';
import { canonicalUrl, canonicalUrls, parseHttpUrl, urlsInText } from '../../../domain/shared/canonical-url';
import type { MemoryResult } from '../../../domain/site/report';
import { isOnSite } from '../../../domain/shared/site-host';

describe("canonical URLs (docs/checks/article.md's rules, one each)", () => {
  test.each([
    ['host lower-case', 'https://Example.COM/Path', 'https://example.com/Path'],
    ['https', 'http://example.com/a', 'https://example.com/a'],
    ['no www.', 'https://www.example.com/a', 'https://example.com/a'],
    ['www. kept when only one label would be left', 'https://www.com/a', 'https://www.com/a'],
    ['default port dropped (http)', 'http://example.com:80/a', 'https://example.com/a'],
    ['default port dropped (https)', 'https://example.com:443/a', 'https://example.com/a'],
    ['other ports kept', 'https://example.com:8443/a', 'https://example.com:8443/a'],
    ['fragment dropped', 'https://example.com/a#section-2', 'https://example.com/a'],
    ['utm_* dropped', 'https://example.com/a?utm_source=chatgpt.com&utm_medium=x&utm_campaign=y', 'https://example.com/a'],
    ['gclid, fbclid, ref dropped', 'https://example.com/a?gclid=1&fbclid=2&ref=3&id=7', 'https://example.com/a?id=7'],
    ['mc_cid, mc_eid, ref_src dropped', 'https://example.com/a?mc_cid=1&mc_eid=2&ref_src=twsrc&id=7', 'https://example.com/a?id=7'],
    ['tracking keys in any case', 'https://example.com/a?UTM_Source=x&id=7', 'https://example.com/a?id=7'],
    ['other parameters sorted', 'https://example.com/a?z=1&b=2&a=3', 'https://example.com/a?a=3&b=2&z=1'],
    ['repeated keys keep their order', 'https://example.com/a?t=2&a=1&t=1', 'https://example.com/a?a=1&t=2&t=1'],
    ['an empty query disappears', 'https://example.com/a?', 'https://example.com/a'],
    ['trailing slash dropped', 'https://example.com/blog/', 'https://example.com/blog'],
    ['trailing slash dropped before a query', 'https://example.com/blog/?p=1', 'https://example.com/blog?p=1'],
    ['trailing slash kept at the root', 'https://example.com/', 'https://example.com/'],
    ['the root gets its slash', 'https://example.com', 'https://example.com/'],
    ['unreserved escapes decoded', 'https://example.com/%7Ejoe/%41%62c-%5F%2E', 'https://example.com/~joe/Abc-_.'],
    ['reserved escapes kept, upper-cased', 'https://example.com/a%2fb%3F', 'https://example.com/a%2Fb%3F'],
    ['non-ASCII path percent-encoded', 'https://example.com/café', 'https://example.com/caf%C3%A9'],
    ['IDN host in ASCII form', 'https://Bücher.example/', 'https://xn--bcher-kva.example/'],
    ['credentials dropped', 'https://user:secret@example.com/a', 'https://example.com/a'],
    ['all at once', 'HTTP://WWW.Example.COM:80/Docs/?utm_source=x&z=1&a=%7E#top', 'https://example.com/Docs?a=~&z=1'],
  ])('%s', (_rule, raw, expected) => {
    expect(canonicalUrl(raw)).toBe(expected);
    expect(canonicalUrl(expected)).toBe(expected); // idempotent
  });

  test.each(['mailto:a@example.com', 'ftp://example.com/', 'javascript:alert(1)', 'not a url', '', '/relative'])(
    '%j is not a web URL',
    (raw) => {
      expect(canonicalUrl(raw)).toBeUndefined();
    },
  );

  test('a list: each page once, in first-seen order, non-web entries dropped', () => {
    expect(
      canonicalUrls(['https://b.example/x/', 42, 'http://www.b.example/x?utm_medium=ai', 'mailto:x@y.z', 'https://a.example/']),
    ).toEqual(['https://b.example/x', 'https://a.example/']);
  });

  test('parseHttpUrl resolves against a base and refuses other schemes', () => {
    expect(parseHttpUrl(' /a ', 'https://example.com/b/')?.href).toBe('https://example.com/a');
    expect(parseHttpUrl('data:text/plain,hi')).toBeUndefined();
  });
});

describe('one rule for "on the site"', () => {
  test.each([
    ['https://example.com/a', true],
    ['http://WWW.example.com/a', true],
    ['https://blog.example.com/', true],
    ['https://example.com.:8080/', true],
    ['https://example.com.evil.net/', false],
    ['https://notexample.com/', false],
    ['mailto:hi@example.com', false],
  ])('%s on example.com → %s (and on www.example.com the same)', (url, expected) => {
    expect(isOnSite(url, 'example.com')).toBe(expected);
    expect(isOnSite(url, 'www.example.com')).toBe(expected);
  });
});

describe('sources and cited pages are canonical', () => {
  const answer = (platform: string, citations: string[], text = 'Acme makes anvils.'): MemoryResult => ({
    platform,
    status: 'known',
    answer: text,
    reputation: 'neutral',
    citations,
    model: 'm',
    latencyMs: 1,
  });

  test('the same page with and without tracking, www. or a trailing slash is one source cited by two platforms', () => {
    const sources = aggregateSources([
      answer('ChatGPT', ['https://www.acme.example/anvils/?utm_source=chatgpt.com']),
      answer('Perplexity', [], 'See http://acme.example/anvils?ref=perplexity. Also (https://news.example/acme#x).'),
    ]);
    expect(sources).toEqual([
      { url: 'https://acme.example/anvils', domain: 'acme.example', count: 2, platforms: ['ChatGPT', 'Perplexity'] },
      { url: 'https://news.example/acme', domain: 'news.example', count: 1, platforms: ['Perplexity'] },
    ]);
    expect(citedPagesOf(sources, 'www.acme.example').map((page) => page.url)).toEqual(['https://acme.example/anvils']);
  });
});

test('URLs in an answer’s text, canonical and each once, sentence punctuation left out', () => {
  expect(urlsInText('See https://www.example.com/a?utm_source=x. Also (https://example.com/a) and [b](https://b.example/)!')).toEqual([
    'https://example.com/a',
    'https://b.example/',
  ]);
});

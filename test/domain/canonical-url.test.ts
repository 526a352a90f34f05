import { canonicalUrl, urlsInText } from '../../domain/canonical-url';

test.each([
  ['host lower case', 'https://Example.COM/Page', 'https://example.com/Page'],
  ['https', 'http://example.com/a', 'https://example.com/a'],
  ['no www.', 'https://www.example.com/a', 'https://example.com/a'],
  ['default port dropped', 'https://example.com:443/a', 'https://example.com/a'],
  ['http default port dropped with the scheme', 'http://example.com:80/a', 'https://example.com/a'],
  ['other ports kept', 'https://example.com:8443/a', 'https://example.com:8443/a'],
  ['fragment dropped', 'https://example.com/a#section-2', 'https://example.com/a'],
  ['text fragment dropped', 'https://example.com/a#:~:text=hello', 'https://example.com/a'],
  ['utm_* dropped', 'https://example.com/a?utm_source=openai&utm_medium=chat', 'https://example.com/a'],
  ['gclid, fbclid, ref dropped; others kept', 'https://example.com/a?gclid=1&id=7&fbclid=2&ref=hn&mc_cid=3&ref_src=twsrc', 'https://example.com/a?id=7'],
  ['other parameters sorted', 'https://example.com/a?b=2&a=1&c=3', 'https://example.com/a?a=1&b=2&c=3'],
  ['trailing slash dropped', 'https://example.com/blog/post/', 'https://example.com/blog/post'],
  ['root keeps its slash', 'https://example.com', 'https://example.com/'],
  ['unreserved escapes decoded', 'https://example.com/%7Ejoe/%41bc', 'https://example.com/~joe/Abc'],
  ['reserved escapes kept (upper case)', 'https://example.com/a%2fb', 'https://example.com/a%2Fb'],
  ['sentence punctuation after a URL is not part of it', 'https://example.com/a).', 'https://example.com/a'],
  ['IDN hosts in punycode', 'https://bücher.de/x', 'https://xn--bcher-kva.de/x'],
])('%s: %s → %s', (_rule, raw, canonical) => {
  expect(canonicalUrl(raw)).toBe(canonical);
});

test.each(['mailto:me@example.com', 'javascript:alert(1)', 'not a url', 'ftp://example.com/file'])('%s is not a web URL', (raw) => {
  expect(canonicalUrl(raw)).toBeUndefined();
});

test('one page in many forms is one canonical URL', () => {
  const forms = ['https://www.example.com/guide/?utm_source=chatgpt.com', 'http://example.com/guide#intro', 'https://EXAMPLE.com:443/guide'];
  expect(new Set(forms.map(canonicalUrl))).toEqual(new Set(['https://example.com/guide']));
});

test('URLs in an answer’s text, canonical and each once', () => {
  expect(urlsInText('See https://www.example.com/a?utm_source=x. Also (https://example.com/a) and [b](https://b.example/)!')).toEqual(['https://example.com/a', 'https://b.example/']);
});

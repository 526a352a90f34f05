import { extractPageSignals, JS_ONLY_MAX_CHARACTERS } from '../../domain/page-signals';

const page = (html: string, headers: Record<string, string | string[]> = {}) => extractPageSignals({ html, url: 'https://www.example.com/', headers });

const marketingPage = `<!doctype html><html lang="en-GB"><head>
  <title>  Example Tools &amp; Hardware | Since 1999 </title>
  <meta name="description" content="Hand tools for trade customers across Europe.">
  <link rel="canonical" href="/">
  <meta property="og:title" content="Example Tools"><meta property="og:image" content="https://cdn.example.com/og.png">
  <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"Example"},{"@type":["WebSite","Thing"]}]}</script>
  <script type="application/ld+json">{ broken json </script>
  <style>.hero { color: red }</style>
</head><body>
  <h1>Tools that last</h1><h2>Hammers</h2><h2>Saws</h2><h3>Tenon saws</h3>
  <p>${'We make durable hand tools for carpenters, builders and hobbyists. '.repeat(10)}</p>
  <a href="/hammers">Hammers</a> <a href="https://example.com/saws">Saws</a> <a href="https://shop.other.com/">Partner</a>
  <a href="mailto:hi@example.com">Mail</a> <a href="#top">Top</a> <a href="javascript:void(0)">Menu</a>
  <script>window.analytics = {}</script>
</body></html>`;

test('a normal marketing page: metadata, headings, JSON-LD, Open Graph and links', () => {
  const signals = page(marketingPage);
  expect(signals).toMatchObject({
    title: 'Example Tools & Hardware | Since 1999',
    metaDescription: 'Hand tools for trade customers across Europe.',
    canonical: 'https://www.example.com/',
    lang: 'en-GB',
    headings: { h1: ['Tools that last'], h2: 2, h3: 1 },
    jsonLd: { types: ['Organization', 'WebSite', 'Thing'], invalidBlocks: 1 },
    openGraph: { 'og:title': 'Example Tools', 'og:image': 'https://cdn.example.com/og.png' },
    robots: { noindex: false, nofollow: false, noai: false, noimageai: false, sources: [] },
    links: { internal: 2, external: 1 },
    jsOnly: false,
  });
  expect(signals.text.words).toBeGreaterThan(100);
  expect(signals.text.ratio).toBeGreaterThan(0);
});

test('visible text leaves out scripts, styles and the head', () => {
  const signals = page('<html><head><title>T</title><style>p{}</style></head><body><p>Hello world</p><script>var secret = 1</script><noscript>x</noscript></body></html>');
  expect(signals.text).toMatchObject({ characters: 'Hello world'.length, words: 2 });
});

test('a React/Next.js app shell is JavaScript-only', () => {
  const shell = '<!doctype html><html><head><title>App</title><script src="/_next/static/main.js" defer></script></head><body><div id="__next"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>';
  const signals = page(shell);
  expect(signals.jsOnly).toBe(true);
  expect(signals.text.characters).toBeLessThan(JS_ONLY_MAX_CHARACTERS);
});

test('a short static page without scripts is not JavaScript-only', () => {
  expect(page('<html><body><h1>Coming soon</h1></body></html>').jsOnly).toBe(false);
});

test('noindex, nofollow and noai from meta tags and X-Robots-Tag headers, with where each came from', () => {
  const signals = page('<html><head><meta name="robots" content="NOINDEX, follow"><meta name="GPTBot" content="noai"></head><body></body></html>', {
    'x-robots-tag': ['googlebot: nofollow', 'noimageai'],
  });
  expect(signals.robots).toEqual({
    noindex: true,
    nofollow: true,
    noai: true,
    noimageai: true,
    sources: ['meta robots: noindex', 'meta gptbot: noai', 'X-Robots-Tag (googlebot): nofollow', 'X-Robots-Tag: noimageai'],
  });
});

test('"none" means noindex and nofollow; other metas are not robots directives', () => {
  const signals = page('<html><head><meta name="robots" content="none"><meta name="viewport" content="noindex"></head></html>');
  expect(signals.robots).toMatchObject({ noindex: true, nofollow: true, sources: ['meta robots: noindex', 'meta robots: nofollow'] });
});

test('hostile markup cannot bloat the report or break extraction', () => {
  const hostile = `<html><head><title>${'<script>alert(1)</script>'.repeat(100)}${'x'.repeat(10_000)}</title>
    ${Array.from({ length: 100 }, (_, i) => `<meta property="og:k${i}" content="${'v'.repeat(2000)}">`).join('')}
    <link rel="canonical" href="http://[::1">
    <script type="application/ld+json">${JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ '@type': `Type${i}` })))}</script>
  </head><body>${'<h1>heading</h1>'.repeat(100)}<a href="http://[bad">x</a></body></html>`;
  const signals = page(hostile);
  expect(signals.title!.length).toBeLessThanOrEqual(300);
  expect(Object.keys(signals.openGraph)).toHaveLength(30);
  expect(Object.values(signals.openGraph).every((value) => value.length <= 500)).toBe(true);
  expect(signals.jsonLd.types).toHaveLength(20);
  expect(signals.headings.h1).toHaveLength(10);
  expect(signals.canonical).toBeUndefined();
});

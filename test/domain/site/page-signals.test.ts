import { withinNestingLimit } from '../../../domain/shared/html/nesting-limit';
import { extractPageSignals } from '../../../domain/site/page-signals';

type Headers = Record<string, string | string[] | undefined>;
const signalsOf = (html: string, headers: Headers = {}, url = 'https://www.example.com/') => extractPageSignals({ html, url, headers });

const marketingPage = `<!DOCTYPE html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>  Acme Tools &amp; Hardware
     | Since 1999 </title>
  <meta name="description" content="Hand tools for carpenters &amp; builders, shipped across Europe.">
  <link rel="stylesheet" href="/css/site.css">
  <link rel="Canonical" href="/">
  <meta property="og:title" content="Acme Tools">
  <meta property="og:type" content="website">
  <meta property="og:image" content="https://cdn.example.com/og/home.png">
  <meta property="og:image" content="https://cdn.example.com/og/second.png">
  <script async src="https://www.googletagmanager.com/gtag/js?id=G-XXXX"></script>
  <style>.hero { background: url(/hero.jpg) }</style>
</head>
<body>
  <header>
    <nav>
      <a href="/">Home</a>
      <a href="/products">Products</a>
      <a href="https://example.com/about">About</a>
      <a href="https://blog.example.com/">Blog</a>
      <a href="#main">Skip to content</a>
      <a href="javascript:void(0)">Menu</a>
      <a href="mailto:sales@example.com">Email us</a>
      <a href="tel:+441234567890">Call us</a>
    </nav>
  </header>
  <main id="main">
    <h1>
      Tools that   last a lifetime
    </h1>
    <p>Acme has made hand tools in Sheffield since 1999. Every hammer, saw and chisel is forged from
       high-carbon steel, tempered by hand and tested before it leaves the workshop.</p>
    <h2>Hammers</h2><p>Claw hammers, lump hammers and mallets for every trade.</p>
    <h2>Saws</h2><h3>Tenon saws</h3><p>Fine-toothed saws for joinery, sharpened by hand.</p>
    <p>Trade customers get next-day delivery across the UK and Europe.
       <a href="https://twitter.com/acmetools">Follow us on Twitter</a></p>
  </main>
  <footer>© 1999–2025 Acme Tools Ltd</footer>
  <script src="/js/site.js" defer></script>
  <script>window.dataLayer = window.dataLayer || [];</script>
</body>
</html>`;

describe('a normal marketing page', () => {
  const signals = signalsOf(marketingPage);

  test('title, description, canonical and language are read, with entities decoded and whitespace collapsed', () => {
    expect(signals).toMatchObject({
      title: 'Acme Tools & Hardware | Since 1999',
      metaDescription: 'Hand tools for carpenters & builders, shipped across Europe.',
      canonical: 'https://www.example.com/',
      lang: 'en-GB',
    });
  });

  test('headings: the h1 text and how many h2 and h3 there are', () => {
    expect(signals.headings).toEqual({ h1: ['Tools that last a lifetime'], h2: 2, h3: 1 });
  });

  test('Open Graph keeps the first value of each property', () => {
    expect(signals.openGraph).toEqual({
      'og:title': 'Acme Tools',
      'og:type': 'website',
      'og:image': 'https://cdn.example.com/og/home.png',
    });
  });

  test('links: www., the bare domain and its subdomains are one site (as for citations), other sites are external, non-web links are ignored', () => {
    expect(signals.links).toEqual({ internal: 4, external: 1 });
  });

  test('it is readable without JavaScript and nothing keeps it out of an index', () => {
    expect(signals.jsOnly).toBe(false);
    expect(signals.text.words).toBeGreaterThan(60);
    expect(signals.robots).toEqual({ noindex: false, nofollow: false, noai: false, noimageai: false, sources: [] });
    expect(signals.scripts).toBe(3);
  });
});

describe('visible text', () => {
  test('leaves out the head, scripts, styles, noscript, templates and SVG; words in adjacent elements stay apart', () => {
    const html = `<html><head><title>Not counted</title><style>body { margin: 0 }</style></head><body>
      <svg viewBox="0 0 10 10"><title>Logo</title><text>ACME</text></svg>
      <ul><li>Pricing</li><li>Docs</li></ul>
      <p>Fish &amp; Chips&nbsp;&nbsp;shop</p>
      <script>document.write("hidden words")</script>
      <noscript>Please enable JavaScript</noscript>
      <template><p>Inert template text</p></template>
    </body></html>`;
    const { text } = signalsOf(html);
    expect(text.characters).toBe('Pricing Docs Fish & Chips shop'.length);
    expect(text.words).toBe(6);
  });

  test('htmlBytes counts UTF-8 bytes of the raw page, and ratio is visible characters per byte', () => {
    const html = '<p>Crème brûlée</p>';
    expect(signalsOf(html).text).toEqual({
      characters: 12,
      words: 2,
      htmlBytes: Buffer.byteLength(html, 'utf8'),
      ratio: Math.round((12 / Buffer.byteLength(html, 'utf8')) * 1000) / 1000,
    });
  });

  test('an empty page has no text and a ratio of 0', () => {
    expect(signalsOf('').text).toEqual({ characters: 0, words: 0, htmlBytes: 0, ratio: 0 });
  });
});

describe('a WordPress page with JSON-LD', () => {
  const yoastGraph = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebPage',
        '@id': 'https://www.example.com/#webpage',
        breadcrumb: { '@id': 'https://www.example.com/#breadcrumb' },
        primaryImageOfPage: { '@type': 'ImageObject', url: 'https://www.example.com/wp-content/uploads/hero.jpg' },
      },
      { '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Home' }] },
      { '@type': 'WebSite', potentialAction: [{ '@type': 'SearchAction', target: 'https://www.example.com/?s={search_term_string}' }] },
      {
        '@type': ['Organization', 'https://schema.org/LocalBusiness'],
        name: 'Acme Bakery',
        founder: { '@type': 'schema:Person', name: 'Ann' },
      },
    ],
  };
  const html = `<!DOCTYPE html><html lang="en-US"><head>
    <title>Acme Bakery &#8211; Fresh bread every morning</title>
    <meta name="robots" content="index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1">
    <meta name="generator" content="WordPress 6.6.2">
    <link rel="canonical" href="https://www.example.com/">
    <meta property="og:locale" content="en_US">
    <meta property="og:site_name" content="Acme Bakery">
    <script type="application/ld+json" class="yoast-schema-graph">${JSON.stringify(yoastGraph)}</script>
    <script type='application/LD+JSON'>[{"@context":"https://schema.org","@type":"Bakery","name":"Acme"},{"@type":"Organization"}]</script>
    <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Event", "name": "Open day",}</script>
    <script type="application/ld+json"></script>
    <script src="https://www.example.com/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
  </head><body class="home page-template-default">
    <div id="page" class="site"><main><article>
      <h1 class="entry-title">Fresh bread every morning</h1>
      <div class="entry-content"><p>Sourdough, rye and baguettes, baked before dawn in our wood-fired oven.</p></div>
    </article></main></div>
  </body></html>`;
  const signals = signalsOf(html);

  test('reads @type values from @graph, arrays and nested objects, top-level first, deduplicated and without schema.org prefixes', () => {
    expect(signals.jsonLd.types).toEqual([
      'WebPage',
      'BreadcrumbList',
      'WebSite',
      'Organization',
      'LocalBusiness',
      'ImageObject',
      'Person',
      'ListItem',
      'SearchAction',
      'Bakery',
    ]);
  });

  test('counts blocks that are not valid JSON, without failing the page', () => {
    expect(signals.jsonLd.invalidBlocks).toBe(2);
    expect(signals.title).toBe('Acme Bakery – Fresh bread every morning');
  });

  test('index, follow and max-* directives restrict nothing; the JSON-LD script is not counted as a script', () => {
    expect(signals.robots.sources).toEqual([]);
    expect(signals.robots.noindex).toBe(false);
    expect(signals.scripts).toBe(1);
  });
});

describe('JavaScript-only pages', () => {
  test('a Create React App shell with an empty #root and an "enable JavaScript" notice', () => {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Dashboard</title>
      <script defer="defer" src="/static/js/main.4f3a9c1e.js"></script><link href="/static/css/main.8c2b1d.css" rel="stylesheet">
      </head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;
    const signals = signalsOf(html);
    expect(signals.jsOnly).toBe(true);
    expect(signals.text.characters).toBe(0);
    expect(signals.title).toBe('Acme Dashboard');
  });

  test('a Vue shell whose #app holds only a loading spinner', () => {
    const html = `<html><body><div id="app"><div class="spinner"><svg width="40" height="40"><circle cx="20" cy="20" r="18"/></svg></div></div>
      <script type="module" src="/assets/index-9d8c7b.js"></script></body></html>`;
    expect(signalsOf(html).jsOnly).toBe(true);
  });

  test('a server-rendered Next.js page fills #__next and is readable', () => {
    const copy = 'Acme helps small shops take card payments in person and online, with next-day payouts and no monthly fee. ';
    const html = `<html><body><div id="__next"><main><h1>Payments for small shops</h1><p>${copy.repeat(3)}</p></main></div>
      <script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}},"page":"/"}</script>
      <script src="/_next/static/chunks/main-3b1c.js" defer></script></body></html>`;
    const signals = signalsOf(html);
    expect(signals.jsOnly).toBe(false);
    expect(signals.scripts).toBe(1);
  });

  test('a short static page without an app shell is just short, not JavaScript-only', () => {
    const signals = signalsOf('<html><body><h1>Coming soon</h1><p>Our new shop opens in May.</p></body></html>');
    expect(signals.text.characters).toBeLessThan(250);
    expect(signals.jsOnly).toBe(false);
  });

  test('an app shell with plenty of server-rendered text elsewhere is not JavaScript-only', () => {
    const article = '<p>Our bakery has been open since 1984 and bakes sourdough, rye and seeded loaves every morning.</p>'.repeat(4);
    expect(signalsOf(`<html><body>${article}<div id="root"></div></body></html>`).jsOnly).toBe(false);
  });
});

describe('robots directives', () => {
  test('meta robots and crawler-specific metas, case-insensitively, with where each came from', () => {
    const html = `<html><head>
      <meta name="ROBOTS" content="NoIndex, follow">
      <meta name="GPTBot" content="noai, noimageai">
      <meta name="googlebot" content="nofollow">
    </head><body><p>Members only</p></body></html>`;
    expect(signalsOf(html).robots).toEqual({
      noindex: true,
      nofollow: true,
      noai: true,
      noimageai: true,
      sources: ['meta ROBOTS: noindex', 'meta GPTBot: noai', 'meta GPTBot: noimageai', 'meta googlebot: nofollow'],
    });
  });

  test('"none" means noindex and nofollow', () => {
    expect(signalsOf('<meta name="robots" content="none">').robots).toEqual({
      noindex: true,
      nofollow: true,
      noai: false,
      noimageai: false,
      sources: ['meta robots: none'],
    });
  });

  test('repeated X-Robots-Tag headers, with and without a user agent', () => {
    const robots = signalsOf('<p>Hello</p>', { 'x-robots-tag': ['googlebot: noindex, nofollow', 'noai'] }).robots;
    expect(robots).toEqual({
      noindex: true,
      nofollow: true,
      noai: true,
      noimageai: false,
      sources: ['X-Robots-Tag googlebot: noindex', 'X-Robots-Tag googlebot: nofollow', 'X-Robots-Tag: noai'],
    });
  });

  test('headers joined into one line keep each agent, and the header name is matched in any case', () => {
    const robots = signalsOf('<p>Hello</p>', {
      'X-Robots-Tag': 'unavailable_after: 2030-01-01, otherbot: noimageai, ClaudeBot: noindex',
    }).robots;
    expect(robots.sources).toEqual(['X-Robots-Tag otherbot: noimageai', 'X-Robots-Tag ClaudeBot: noindex']);
    expect(robots).toMatchObject({ noindex: true, noimageai: true, nofollow: false });
  });

  test('metas that are not robots directives do not count, even when their content reads like one', () => {
    const html = `<head>
      <meta name="description" content="None">
      <meta name="keywords" content="noindex">
      <meta property="og:description" content="none">
      <meta name="viewport" content="width=device-width">
      <meta name="x-status" content="none, pending">
    </head>`;
    expect(signalsOf(html).robots).toEqual({ noindex: false, nofollow: false, noai: false, noimageai: false, sources: [] });
  });
});

describe('URLs', () => {
  test('<base href> changes where relative links and the canonical point', () => {
    const html = `<head><base href="https://shop.example.net/en/"><link rel="canonical" href="home"></head>
      <body><a href="cart">Cart</a><a href="https://www.example.com/">Main site</a></body>`;
    const signals = signalsOf(html);
    expect(signals.canonical).toBe('https://shop.example.net/en/home');
    expect(signals.links).toEqual({ internal: 1, external: 1 });
  });

  test('a canonical that is not a web address is left out', () => {
    expect(signalsOf('<link rel="canonical" href="javascript:alert(1)">').canonical).toBeUndefined();
    expect(signalsOf('<link rel="canonical" href="http://[::1">').canonical).toBeUndefined();
  });

  test('a page URL that does not parse still yields signals, with absolute links counted as external', () => {
    const signals = signalsOf(
      '<title>Hi</title><a href="/relative">x</a><a href="https://example.org/">y</a><link rel="canonical" href="/">',
      {},
      'not a url',
    );
    expect(signals.title).toBe('Hi');
    expect(signals.canonical).toBeUndefined();
    expect(signals.links).toEqual({ internal: 0, external: 1 });
  });
});

describe('hostile and broken markup', () => {
  test('every string is capped, so a hostile page cannot bloat the report', () => {
    const html = `<html lang="${'en-'.repeat(100)}"><head>
      <title>${'Cheap pills '.repeat(100)}</title>
      <meta name="description" content="${'spam '.repeat(500)}">
      ${Array.from({ length: 100 }, (_, i) => `<meta property="og:key${i}" content="${'v'.repeat(2000)}">`).join('')}
      <script type="application/ld+json">${JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ '@type': `Type${i}` })))}</script>
      ${Array.from({ length: 50 }, (_, i) => `<meta name="bot${i}" content="noindex">`).join('')}
    </head><body>${`<h1>${'Heading '.repeat(100)}</h1>`.repeat(50)}</body></html>`;
    const signals = signalsOf(html);
    expect(signals.title).toHaveLength(300);
    expect(signals.title!.endsWith('…')).toBe(true);
    expect(signals.metaDescription!.length).toBeLessThanOrEqual(500);
    expect(signals.lang!.length).toBeLessThanOrEqual(35);
    expect(Object.keys(signals.openGraph)).toHaveLength(30);
    expect(Object.values(signals.openGraph).every((value) => value.length <= 500)).toBe(true);
    expect(signals.jsonLd.types).toHaveLength(20);
    expect(signals.headings.h1).toHaveLength(10);
    expect(signals.headings.h1.every((h1) => h1.length <= 200)).toBe(true);
    expect(signals.robots.sources).toHaveLength(20);
  });

  test('a cut never splits an emoji in half', () => {
    const title = signalsOf(`<title>${'a'.repeat(298)}😀😀</title>`).title!;
    expect(title).toBe(`${'a'.repeat(298)}…`);
  });

  test('markup hidden in scripts, comments and attributes is not taken for page content', () => {
    const html = `<html><head><title>Real title</title></head><body>
      <!-- <h1>Old heading</h1> <meta name="robots" content="noindex"> -->
      <script>var tpl = '</div><h1>Injected</h1>'; if (a < b && c > d) {}</script>
      <img alt="<h1>not a heading</h1>" src="x.png">
      <h1>Real heading</h1>
    </body></html>`;
    const signals = signalsOf(html);
    expect(signals.headings.h1).toEqual(['Real heading']);
    expect(signals.robots.noindex).toBe(false);
    expect(signals.text.characters).toBe('Real heading'.length);
  });

  test('unclosed and stray tags do not lose the content', () => {
    const html = '<html><body><div><p>First paragraph<p>Second <b>bold <i>text</div></span></td><h1>Still here';
    const signals = signalsOf(html);
    expect(signals.headings.h1).toEqual(['Still here']);
    expect(signals.text.words).toBe(7);
  });

  // Past MAX_NESTING_DEPTH the tags are flattened away (the heading stops being one), but no word is lost.
  test('nesting deeper than the call stack goes neither throws nor loses text', () => {
    const depth = 20_000;
    const html = `${'<div>'.repeat(depth)}<h1>Bottom</h1><p>deep text</p>${'</div>'.repeat(depth)}<h1>After</h1>`;
    const signals = signalsOf(html);
    expect(signals.headings.h1).toEqual(['After']);
    expect(signals.text.words).toBe(4);
  });

  test('a script nested past the limit stays a script, not visible text', () => {
    const html = `${'<div>'.repeat(3_000)}<script>var secret = "hidden";</script>visible${'</div>'.repeat(3_000)}`;
    expect(signalsOf(html).text).toMatchObject({ words: 1 });
  });

  test('deeply nested JSON-LD is read without overflowing the stack', () => {
    const depth = 100_000;
    const json = `${'{"@type":"WebPage","mainEntity":'.repeat(depth)}{"@type":"Product"}${'}'.repeat(depth)}`;
    expect(signalsOf(`<script type="application/ld+json">${json}</script>`).jsonLd).toEqual({
      types: ['WebPage', 'Product'],
      invalidBlocks: 0,
    });
  });

  test.each([
    ['nothing at all', ''],
    ['angle brackets only', '<<<>>></></<'],
    ['an unclosed script swallowing the page', '<title>T</title><script>var a = "<h1>x</h1>'],
    ['binary garbage', String.fromCharCode(...Array.from({ length: 512 }, (_, i) => (i * 37) % 256))],
    ['broken attributes', '<a href="https://example.com/ x=\'<div y=>z</a><meta name= content=><html lang=>'],
  ])('%s gives signals, not an error', (_, html) => {
    const signals = signalsOf(html);
    expect(signals.headings.h2).toBe(0);
    expect(signals.jsOnly).toBe(false);
  });
});

describe('hostile nesting', () => {
  // Unflattened, parsing this takes minutes (the parser is quadratic in depth): the test timeout would catch it.
  test('a page of 300,000 unclosed <div>s is flattened at the nesting limit, keeping its words', () => {
    const html = `<html><head><title>Deep</title></head><body><p>${'Real words before the trap. '.repeat(20)}</p>${'<div>x '.repeat(300_000)}tail</body></html>`;
    const signals = extractPageSignals({ html, url: 'https://deep.example/', headers: {} });
    expect(signals.title).toBe('Deep');
    expect(signals.text.words).toBe(20 * 5 + 300_000 + 1);
  });

  test('ordinary sloppy HTML (thousands of unclosed <p> and <li>) is never cut', () => {
    const html = `<html><body><ul>${'<li>item '.repeat(5_000)}</ul>${'<p>para '.repeat(5_000)}<footer>end of page</footer></body></html>`;
    expect(withinNestingLimit(html)).toBe(html);
  });
});

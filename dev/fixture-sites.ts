import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { startHttpFixture, type HttpFixture } from './http-fixture';

/**
 * Sites played by one loopback server, told apart by the Host header: the service reaches them through
 * FETCH_ORIGIN_OVERRIDES, exactly as it reaches real sites through DNS.
 */
type Page = { status?: number; type?: string; body: string | Buffer; headers?: Record<string, string> };
type Site = Record<string, Page | ((req: IncomingMessage, res: ServerResponse) => void)>;

const html = (body: string, head = '') => `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

const healthyHome = html(
  `<h1>Acme Widgets</h1><p>${'Acme Widgets makes durable steel widgets for workshops, factories and home makers. '.repeat(12)}</p><a href="/pricing">Pricing</a>`,
  '<title>Acme Widgets – steel widgets for workshops</title><meta name="description" content="Durable steel widgets since 1999."><link rel="canonical" href="https://acme-widgets.test/"><script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme Widgets"}</script>',
);

const sitemap = (host: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://${host}/</loc><lastmod>${new Date().toISOString().slice(0, 10)}</lastmod></url><url><loc>https://${host}/pricing</loc></url></urlset>`;

const signalsMarkdown = '# Acme Widgets\n\nAcme Widgets makes durable steel widgets for workshops.\n\n- [Pricing](/pricing)\n';

const llmsTxt =
  '# Acme Widgets\n\n> Durable steel widgets for workshops.\n\n## Docs\n\n- [Pricing](https://acme-widgets.test/pricing): plans and prices\n';

/** The facts of the fixture article, sentence by sentence: stand-in answers reuse them to cover it. */
export const ARTICLE_FACTS = [
  'A vegetable garden needs at least six hours of direct sunlight a day, so the first step is to find the sunniest spot in your yard.',
  'Most vegetables grow best in loose, well-drained soil with a pH between 6.0 and 7.0, and a simple soil test costs about 15 dollars.',
  'Beginners should start with a plot of about 10 by 10 feet, which is enough to feed a family of four through the summer.',
  'Tomatoes, lettuce, zucchini and bush beans are the easiest crops for a first garden because they tolerate mistakes and produce quickly.',
  'Vegetables need about one inch of water per week, and drip irrigation uses up to 50 percent less water than overhead sprinklers.',
  'Rotating crop families every year prevents soil-borne diseases such as blight and keeps the nutrients in the soil balanced.',
];

const articlePage = (canonical: string) =>
  html(
    `<div class="cookie-banner">We use cookies to improve your experience. <button>Accept all cookies</button></div>
<header><a href="/">Green Thumb</a><nav><a href="/">Home</a> <a href="/blog">Blog</a> <a href="/shop">Shop</a> <a href="/newsletter">Subscribe to our newsletter</a> <a href="/contact">Contact</a></nav></header>
<main><article>
<h1>How to plan a vegetable garden</h1>
<p class="byline">By Jane Doe, March 1, 2026</p>
<p>${ARTICLE_FACTS[0]} Morning sun is best, because it dries the leaves early and keeps fungal diseases away from young plants.</p>
<p>${ARTICLE_FACTS[1]} If the soil is heavy clay, mix in two to three inches of compost before the first planting.</p>
<h2>Choose the right size</h2>
<p>${ARTICLE_FACTS[2]} A small plot that is well cared for produces more than a large one that is full of weeds by July.</p>
<h2>Pick what to grow</h2>
<p>${ARTICLE_FACTS[3]} Grow what your family actually eats, and plant a few herbs such as basil and parsley near the kitchen door.</p>
<h2>Plan your watering</h2>
<p>${ARTICLE_FACTS[4]} Water early in the morning, deeply and less often, so that the roots grow down instead of staying near the surface.</p>
<h2>Rotate your crops</h2>
<p>${ARTICLE_FACTS[5]} Keep a simple notebook with a sketch of each bed so that you remember what grew where last season.</p>
</article>
<section class="comments"><h3>2 comments</h3><p>Great post, thanks! – Bob</p><p>Where do I buy seeds? – Alice</p></section></main>
<footer><p>© 2026 Green Thumb. All rights reserved.</p><a href="/privacy">Privacy policy</a> <a href="/terms">Terms of use</a></footer>`,
    `<title>How to plan a vegetable garden | Green Thumb Blog</title><link rel="canonical" href="${canonical}"><meta property="article:published_time" content="2026-03-01T09:00:00Z"><meta name="description" content="Sun, soil, size, crops and water: a beginner's plan.">`,
  );

export const FIXTURE_HOSTS = {
  healthy: 'acme-widgets.test',
  blocking: 'no-ai.test',
  waf: 'waf.test',
  noRobots: 'no-robots.test',
  jsOnly: 'spa.test',
  huge: 'huge.test',
  privateRedirect: 'sneaky.test',
  dead: 'dead.test',
  docs: 'docs.test',
  bomb: 'bomb.test',
  blog: 'blog.test',
  signals: 'signals.test',
  paid: 'paid.test',
} as const;

/** The fixture article, and a copy of it whose rel=canonical names another address. */
export const ARTICLE_URL = `https://${'blog.test'}/posts/garden-planning`;
export const MOVED_ARTICLE_URL = `https://${'blog.test'}/posts/garden-planning-old`;

/** x402 v2's PAYMENT-REQUIRED header: the payment requirements as base64 JSON (x402 specification v2). */
const x402Requirements = (url: string) =>
  Buffer.from(
    JSON.stringify({
      x402Version: 2,
      error: 'PAYMENT-SIGNATURE header is required',
      resource: { url, description: 'The home page', mimeType: 'text/html' },
      accepts: [
        {
          scheme: 'exact',
          network: 'eip155:8453',
          amount: '10000',
          asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
          payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C',
          maxTimeoutSeconds: 60,
          extra: { name: 'USDC', version: '2' },
        },
      ],
    }),
  ).toString('base64');

/** 60 MB of zeros, a few dozen KB gzipped: made once, on first request. */
let gzipBomb: Buffer | undefined;

const urlset = (entries: { loc: string; lastmod?: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries
    .map(({ loc, lastmod }) => `<url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
    .join('')}</urlset>`;

function sites(privateOrigin: string): Record<string, Site> {
  return {
    [FIXTURE_HOSTS.healthy]: {
      '/': { body: healthyHome },
      '/robots.txt': {
        type: 'text/plain',
        body: `User-agent: *\nDisallow: /cart\n\nSitemap: https://${FIXTURE_HOSTS.healthy}/sitemap.xml\n`,
      },
      '/sitemap.xml': { type: 'application/xml', body: sitemap(FIXTURE_HOSTS.healthy) },
      '/llms.txt': { type: 'text/markdown', body: llmsTxt },
      '/pricing': { body: html('<h1>Pricing</h1>', '<title>Pricing – Acme Widgets</title>') },
    },
    [FIXTURE_HOSTS.blocking]: {
      '/': { body: healthyHome },
      '/robots.txt': {
        type: 'text/plain',
        body: 'User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: PerplexityBot\nUser-agent: OAI-SearchBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
      },
    },
    [FIXTURE_HOSTS.waf]: {
      '/': (req, res) => {
        const agent = req.headers['user-agent'] ?? '';
        if (/bot|spider|crawl|GPT|Claude|Perplexity/i.test(agent))
          res.writeHead(403, { 'content-type': 'text/html' }).end('<title>Access denied</title>');
        else res.writeHead(200, { 'content-type': 'text/html' }).end(healthyHome);
      },
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
    },
    [FIXTURE_HOSTS.noRobots]: { '/': { body: healthyHome } },
    [FIXTURE_HOSTS.jsOnly]: {
      '/': {
        body: html(
          '<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript><script src="/static/js/main.js"></script>',
          '<title>App</title>',
        ),
      },
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
    },
    [FIXTURE_HOSTS.huge]: {
      '/': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write(`<html><head><title>${'<script>alert(1)</script>'.repeat(3)}</title></head><body>`);
        const chunk = `<p>${'endless text '.repeat(500)}</p>`;
        const pump = () => {
          while (res.write(chunk)) {
            /* fill the socket */
          }
        };
        res.on('drain', pump);
        pump();
      },
    },
    // A sitemap index whose children are a gzip file and a stale plain one; an llms.txt that is a soft 404.
    [FIXTURE_HOSTS.docs]: {
      '/': { body: healthyHome },
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n\nSitemap: https://docs.test/sitemap_index.xml\n' },
      '/sitemap_index.xml': {
        type: 'application/xml',
        body: '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://docs.test/post-sitemap.xml.gz</loc></sitemap><sitemap><loc>https://docs.test/page-sitemap.xml</loc></sitemap></sitemapindex>',
      },
      '/post-sitemap.xml.gz': {
        type: 'application/gzip',
        body: gzipSync(
          urlset([
            { loc: 'https://docs.test/guide', lastmod: '2019-03-01' },
            { loc: 'https://docs.test/private/draft' },
            { loc: 'https://elsewhere.example/page' },
          ]),
        ),
      },
      '/page-sitemap.xml': {
        type: 'application/xml',
        body: urlset([{ loc: 'https://docs.test/about', lastmod: '2018-01-15' }, { loc: 'https://docs.test/contact' }]),
      },
      '/llms.txt': { body: html('<div id="root"></div>') },
      '/.well-known/ai-plugin.json': { type: 'application/json', body: '{"schema_version":"v1","name_for_human":"Docs"}' },
    },
    [FIXTURE_HOSTS.bomb]: {
      '/': { body: healthyHome },
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\nSitemap: https://bomb.test/sitemap.xml.gz\n' },
      '/sitemap.xml.gz': (_req, res) => {
        gzipBomb ??= gzipSync(Buffer.alloc(60 * 1024 * 1024));
        res.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipBomb);
      },
    },
    // The 2026 signals: Cloudflare's managed Content-Signal, IETF aipref Content-Usage (a line and a header),
    // and the home page as Markdown to an agent that asks for it (as Cloudflare's Markdown for Agents answers).
    [FIXTURE_HOSTS.signals]: {
      '/': (req, res) => {
        if (/text\/markdown/.test(req.headers.accept ?? '')) {
          res
            .writeHead(200, { 'content-type': 'text/markdown; charset=utf-8', 'x-markdown-tokens': '42', vary: 'accept' })
            .end(signalsMarkdown);
        } else {
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-usage': 'train-ai=n, search=y', vary: 'accept' })
            .end(healthyHome);
        }
      },
      '/robots.txt': {
        type: 'text/plain',
        body: '# As a condition of accessing this website, you agree to abide by the following content signals.\nUser-Agent: *\nContent-Signal: search=yes,ai-train=no\nContent-Usage: /blog/ train-ai=n\nAllow: /\nDisallow: /cart\n',
      },
    },
    // Pay per crawl (Cloudflare's documented answer: 402 with crawler-price) for AI crawlers, x402 v2
    // (PAYMENT-REQUIRED: base64 JSON requirements, 0.01 USDC on Base) for Perplexity's fetcher; browsers get the page.
    [FIXTURE_HOSTS.paid]: {
      '/': (req, res) => {
        const agent = req.headers['user-agent'] ?? '';
        if (/Perplexity-User/i.test(agent)) {
          res.writeHead(402, {
            'content-type': 'application/json',
            'payment-required': x402Requirements(`https://${FIXTURE_HOSTS.paid}/`),
          });
          res.end('{}');
        } else if (/bot|spider|crawl|GPT|Claude|Perplexity|ChatGPT/i.test(agent)) {
          res.writeHead(402, { 'content-type': 'text/plain; charset=utf-8', 'crawler-price': 'USD 0.01' }).end('Payment Required');
        } else {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(healthyHome);
        }
      },
      '/robots.txt': {
        type: 'text/plain',
        body: 'User-Agent: *\nContent-Signal: search=yes,ai-input=yes,ai-train=no\nContent-Usage: train-ai=n\nAllow: /\n',
      },
    },
    [FIXTURE_HOSTS.privateRedirect]: { '/': { status: 302, body: '', headers: { location: `${privateOrigin}/admin` } } },
    [FIXTURE_HOSTS.blog]: {
      '/posts/garden-planning': { body: articlePage(ARTICLE_URL) },
      '/posts/garden-planning-old': { body: articlePage(ARTICLE_URL) },
      '/files/garden-guide.pdf': { type: 'application/pdf', body: Buffer.from('%PDF-1.7\n% a garden guide\n') },
      '/about': { body: html('<h1>About</h1><p>We write about gardens.</p>', '<title>About – Green Thumb</title>') },
    },
  };
}

export interface FixtureSites {
  server: HttpFixture;
  /** FETCH_ORIGIN_OVERRIDES for every fixture host (dead.test points at a closed port). */
  overrides: Record<string, string>;
  close(): Promise<void>;
}

export async function startFixtureSites(): Promise<FixtureSites> {
  const privateService = await startHttpFixture((_req, res) => res.end('internal admin page'));
  let table: Record<string, Site> = {};
  const server = await startHttpFixture((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const route = table[host]?.[(req.url ?? '/').split('?')[0]!];
    if (!route) return res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    if (typeof route === 'function') return route(req, res);
    res.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'text/html; charset=utf-8', ...route.headers }).end(route.body);
  });
  table = sites(privateService.origin);
  const overrides = Object.fromEntries(Object.values(FIXTURE_HOSTS).map((host) => [host, server.origin]));
  overrides[FIXTURE_HOSTS.dead] = 'http://127.0.0.1:9';
  return {
    server,
    overrides,
    close: async () => {
      await Promise.all([server.close(), privateService.close()]);
    },
  };
}

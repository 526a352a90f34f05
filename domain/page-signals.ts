import * as cheerio from 'cheerio';

/**
 * What a fetched home page tells about how well AI crawlers can read it. Most AI crawlers do not run
 * JavaScript, so what counts is the raw HTML. Every string is capped: the page is someone else's.
 */
export interface PageSignals {
  title?: string;
  metaDescription?: string;
  /** Absolute, resolved against the page URL. */
  canonical?: string;
  lang?: string;
  headings: { h1: string[]; h2: number; h3: number };
  jsonLd: { types: string[]; invalidBlocks: number };
  openGraph: Record<string, string>;
  robots: { noindex: boolean; nofollow: boolean; noai: boolean; noimageai: boolean; sources: string[] };
  /** Visible text (no script, style, noscript, template, svg), whitespace collapsed. */
  text: { characters: number; words: number; htmlBytes: number; ratio: number };
  scripts: number;
  links: { internal: number; external: number };
  /** Little visible text and an app-shell sign: the content needs JavaScript. */
  jsOnly: boolean;
}

/** Below this much visible text, a page with an app-shell sign is judged JavaScript-only. */
export const JS_ONLY_MAX_CHARACTERS = 250;
const LIMITS = { title: 300, description: 500, ogValue: 500, ogKeys: 30, jsonLdTypes: 20, h1: 10, h1Length: 200 } as const;

type Headers = Record<string, string | string[] | undefined>;

const clean = (text: string | undefined, max: number) => {
  const collapsed = (text ?? '').replace(/\s+/g, ' ').trim();
  return collapsed ? collapsed.slice(0, max) : undefined;
};

function resolve(href: string | undefined, base: string): URL | undefined {
  if (!href) return undefined;
  try {
    return new URL(href.trim(), base);
  } catch {
    return undefined;
  }
}

const siteHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

export function extractPageSignals({ html, url, headers }: { html: string; url: string; headers: Headers }): PageSignals {
  const $ = cheerio.load(html);
  const pageHost = siteHost(resolve(url, 'http://invalid/')?.hostname ?? '');

  const openGraph: Record<string, string> = {};
  $('meta[property^="og:"]').each((_, element) => {
    const key = $(element).attr('property')!.trim().toLowerCase();
    const value = clean($(element).attr('content'), LIMITS.ogValue);
    if (value && !(key in openGraph) && Object.keys(openGraph).length < LIMITS.ogKeys) openGraph[key] = value;
  });

  const jsonLd = readJsonLd($);
  const robots = readRobotsDirectives($, headers);

  let internal = 0;
  let external = 0;
  $('a[href]').each((_, element) => {
    const href = $(element).attr('href')!.trim();
    if (/^(javascript:|mailto:|tel:|#)/i.test(href)) return;
    const target = resolve(href, url);
    if (!target || !/^https?:$/.test(target.protocol)) return;
    if (siteHost(target.hostname) === pageHost) internal++;
    else external++;
  });

  const appShell =
    $('#root, #app, #__next, #__nuxt, [data-reactroot], app-root').filter((_, element) => $(element).text().trim() === '').length > 0 ||
    /enable javascript|requires javascript|javascript (is )?(required|disabled)/i.test($('noscript').text());
  const scripts = $('script').length;

  $('script, style, noscript, template, svg, head').remove();
  const visible = $('body').length > 0 ? $('body').text() : $.root().text();
  const text = visible.replace(/\s+/g, ' ').trim();
  const htmlBytes = new TextEncoder().encode(html).length;
  const characters = text.length;

  return {
    title: clean($('title').first().text(), LIMITS.title),
    metaDescription: clean($('meta[name="description" i]').attr('content'), LIMITS.description),
    canonical: resolve($('link[rel~="canonical" i]').attr('href'), url)?.toString(),
    lang: clean($('html').attr('lang'), 35),
    headings: {
      h1: $('h1')
        .map((_, element) => clean($(element).text(), LIMITS.h1Length))
        .get()
        .filter(Boolean)
        .slice(0, LIMITS.h1),
      h2: $('h2').length,
      h3: $('h3').length,
    },
    jsonLd,
    openGraph,
    robots,
    text: { characters, words: text ? text.split(' ').length : 0, htmlBytes, ratio: htmlBytes ? Math.round((characters / htmlBytes) * 1000) / 1000 : 0 },
    scripts,
    links: { internal, external },
    jsOnly: characters < JS_ONLY_MAX_CHARACTERS && (appShell || scripts > 0),
  };
}

function readJsonLd($: cheerio.CheerioAPI): PageSignals['jsonLd'] {
  const types = new Set<string>();
  let invalidBlocks = 0;
  const collect = (node: unknown): void => {
    if (types.size >= LIMITS.jsonLdTypes || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(collect);
    const record = node as Record<string, unknown>;
    const type = record['@type'];
    for (const value of Array.isArray(type) ? type : [type]) {
      if (typeof value === 'string' && value.trim()) types.add(value.trim().slice(0, 100));
    }
    if (record['@graph']) collect(record['@graph']);
  };
  $('script[type="application/ld+json" i]').each((_, element) => {
    try {
      collect(JSON.parse($(element).text()));
    } catch {
      invalidBlocks++;
    }
  });
  return { types: [...types].slice(0, LIMITS.jsonLdTypes), invalidBlocks };
}

function readRobotsDirectives($: cheerio.CheerioAPI, headers: Headers): PageSignals['robots'] {
  const robots = { noindex: false, nofollow: false, noai: false, noimageai: false, sources: [] as string[] };
  const apply = (directives: string, source: string) => {
    for (const directive of directives.toLowerCase().split(',').map((part) => part.trim())) {
      const flags = directive === 'none' ? ['noindex', 'nofollow'] : [directive];
      for (const flag of flags) {
        if (flag === 'noindex' || flag === 'nofollow' || flag === 'noai' || flag === 'noimageai') {
          robots[flag] = true;
          if (robots.sources.length < 20) robots.sources.push(`${source}: ${flag}`);
        }
      }
    }
  };
  $('meta[name][content]').each((_, element) => {
    const name = $(element).attr('name')!.trim().toLowerCase();
    // Only robots-directive metas: "robots" or a crawler's name (googlebot, gptbot, ...).
    if (name === 'robots' || /bot|crawler|spider|^google|^anthropic|^cohere/.test(name)) apply($(element).attr('content')!, `meta ${name}`);
  });
  const header = headers['x-robots-tag'];
  for (const value of Array.isArray(header) ? header : header ? [header] : []) {
    // "googlebot: noindex, nofollow" applies to that agent; the directive still tells the site owner something.
    const agent = /^\s*([a-z][\w-]*)\s*:\s*(.*)$/i.exec(value);
    const known = agent && !/^(noindex|nofollow|noai|noimageai|none|all|max-\w+|unavailable_after)$/i.test(agent[1]!);
    if (known) apply(agent[2]!, `X-Robots-Tag (${agent[1]})`);
    else apply(value, 'X-Robots-Tag');
  }
  return robots;
}

/**
 * What a fetched home page tells a site owner about how well AI crawlers can read it: its metadata,
 * structured data and robots directives, and how much real text the raw HTML holds. Most AI crawlers do
 * not run JavaScript, so text that only a script renders is invisible to them.
 *
 * Pure. cheerio/slim parses with htmlparser2 only, so no Node built-in or I/O module is loaded.
 * Everything taken from the page is capped, so that a hostile page cannot bloat the report.
 */
import { load } from 'cheerio/slim';
import { parseHttpUrl } from '../shared/canonical-url';
import { isOnSite, siteHost } from '../shared/site-host';
import { attr, collapse, indexElements, rawText, visibleText, type MarkupNode } from '../shared/html/markup-tree';
import { withinNestingLimit } from '../shared/html/nesting-limit';
import { truncate } from '../shared/text';

export interface PageSignals {
  title?: string;
  metaDescription?: string;
  /** Absolute URL, resolved against the page URL (or its <base href>). */
  canonical?: string;
  /** <html lang> */
  lang?: string;
  /** h1: the texts of the first 10 h1 elements (empty ones left out), each at most 200 characters. */
  headings: { h1: string[]; h2: number; h3: number };
  /** types: @type values, including those inside @graph, arrays and nested objects, deduplicated, at most 20. */
  jsonLd: { types: string[]; invalidBlocks: number };
  /** og:* properties (og:title, og:description, og:image, og:type ...): the first value of each, at most 30 keys. */
  openGraph: Record<string, string>;
  robots: {
    noindex: boolean;
    nofollow: boolean;
    noai: boolean;
    noimageai: boolean;
    /** where each directive came from, e.g. 'meta robots: noindex', 'X-Robots-Tag: noai', 'meta GPTBot: noindex' */
    sources: string[];
  };
  /** Visible text (no script/style/noscript/template/svg), whitespace-collapsed; ratio = characters / htmlBytes. */
  text: { characters: number; words: number; htmlBytes: number; ratio: number };
  /** Scripts a browser would run: JSON-LD and other data blocks are not counted. */
  scripts: number;
  /** <a href> by whether they stay on this site (www. and the bare domain are one site). */
  links: { internal: number; external: number };
  /** Little visible text, and an app-shell sign (an empty #root/#app/#__next/#__nuxt/#___gatsby/app-root mount point, or a noscript that mentions JavaScript) */
  jsOnly: boolean;
}

/**
 * Below this many visible characters (about two sentences) a page tells a crawler that does not run
 * JavaScript next to nothing: more than a shell's "Loading…" or cookie notice, less than any real home
 * page's copy. Little text alone can be a genuinely short page, so jsOnly also needs an app-shell sign.
 */
const JS_ONLY_MAX_CHARACTERS = 250;

const MAX = {
  title: 300,
  description: 500,
  url: 2048,
  lang: 35,
  h1Count: 10,
  h1Text: 200,
  ogKeys: 30,
  ogKey: 100,
  ogValue: 500,
  jsonLdTypes: 20,
  jsonLdType: 100,
  robotsSources: 20,
  agentName: 60,
};

/** Where single-page apps mount (React, Vue, Next.js, Nuxt, Gatsby, Angular): empty in the raw HTML when only JavaScript fills them. */
const APP_MOUNT_POINTS = ['#root', '#app', '#__next', '#__nuxt', '#___gatsby', 'app-root'];

type RobotsFlag = 'noindex' | 'nofollow' | 'noai' | 'noimageai';
const RESTRICTIONS = new Map<string, RobotsFlag[]>([
  ['noindex', ['noindex']],
  ['nofollow', ['nofollow']],
  ['none', ['noindex', 'nofollow']],
  ['noai', ['noai']],
  ['noimageai', ['noimageai']],
]);
/** Every robots directive name (Google's, Bing's, and the noai convention), to tell a crawler's meta tag from any other. */
const DIRECTIVES = new Set([
  ...RESTRICTIONS.keys(),
  'all',
  'index',
  'follow',
  'noarchive',
  'nocache',
  'nosnippet',
  'noimageindex',
  'notranslate',
  'indexifembedded',
  'noodp',
  'noydir',
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
]);
/** Common meta names whose content could read like a directive ("None") without being one. */
const NOT_CRAWLER_NAMES = new Set([
  'description',
  'keywords',
  'author',
  'generator',
  'title',
  'subject',
  'abstract',
  'rating',
  'copyright',
]);

export function extractPageSignals(input: {
  html: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}): PageSignals {
  const root = load(withinNestingLimit(input.html)).root()[0];
  const find = indexElements(root);
  const first = (key: string) => find(key)[0];
  const pageUrl = parseHttpUrl(input.url);
  // Relative URLs resolve against <base href> where the page sets one, as crawlers resolve them.
  const baseUrl = parseHttpUrl(attr(first('base'), 'href'), pageUrl) ?? pageUrl;

  const title = clean(visibleText(first('title')), MAX.title);
  const descriptionMeta = find('meta').find((meta) => attr(meta, 'name').trim().toLowerCase() === 'description');
  const metaDescription = clean(attr(descriptionMeta, 'content'), MAX.description);
  const canonicalLink = find('link').find((link) => attr(link, 'rel').toLowerCase().split(/\s+/).includes('canonical'));
  const canonical = parseHttpUrl(attr(canonicalLink, 'href'), baseUrl)?.href;
  const lang = clean(attr(first('html'), 'lang'), MAX.lang);

  const text = visibleText(root);
  const appShell =
    APP_MOUNT_POINTS.map(first).some((mount) => mount && visibleText(mount) === '') ||
    find('noscript').some((notice) => /javascript/i.test(visibleText(notice)));

  return {
    ...(title && { title }),
    ...(metaDescription && { metaDescription }),
    ...(canonical && canonical.length <= MAX.url && { canonical }),
    ...(lang && { lang }),
    headings: {
      h1: find('h1')
        .slice(0, MAX.h1Count)
        .map((h1) => clean(visibleText(h1), MAX.h1Text))
        .filter(Boolean),
      h2: find('h2').length,
      h3: find('h3').length,
    },
    jsonLd: jsonLdSignals(find('script').filter((script) => scriptType(script) === 'application/ld+json')),
    openGraph: openGraph(find('meta')),
    robots: robotsSignals(find('meta'), input.headers),
    text: textStats(text, input.html),
    scripts: find('script').filter(isExecutable).length,
    links: countLinks(find('a'), baseUrl, pageUrl),
    jsOnly: text.length < JS_ONLY_MAX_CHARACTERS && appShell,
  };
}

/** "text/JavaScript; charset=utf-8" → "text/javascript" */
function scriptType(script: MarkupNode): string {
  return attr(script, 'type').split(';')[0]!.trim().toLowerCase();
}

function textStats(text: string, html: string): PageSignals['text'] {
  const htmlBytes = new TextEncoder().encode(html).byteLength;
  return {
    characters: text.length,
    words: text === '' ? 0 : text.split(' ').length,
    htmlBytes,
    ratio: htmlBytes === 0 ? 0 : Math.round((text.length / htmlBytes) * 1000) / 1000,
  };
}

function jsonLdSignals(blocks: MarkupNode[]): PageSignals['jsonLd'] {
  const types = new Set<string>();
  let invalidBlocks = 0;
  for (const block of blocks) {
    let data: unknown;
    try {
      data = JSON.parse(rawText(block));
    } catch {
      invalidBlocks++;
      continue;
    }
    collectTypes(data, types);
  }
  return { types: [...types], invalidBlocks };
}

/** Breadth-first, so that the top-level types (Organization, WebSite) come before nested ones (an author's Person). */
function collectTypes(data: unknown, types: Set<string>): void {
  const pending = [data];
  for (let i = 0; i < pending.length && types.size < MAX.jsonLdTypes; i++) {
    const value = pending[i];
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      if (key !== '@type') {
        pending.push(child);
        continue;
      }
      for (const type of [child].flat()) {
        // "https://schema.org/Organization" and "schema:Organization" are the same type as "Organization".
        const name = typeof type === 'string' ? clean(type.replace(/^(https?:\/\/schema\.org\/|schema:)/i, ''), MAX.jsonLdType) : '';
        if (name && types.size < MAX.jsonLdTypes) types.add(name);
      }
    }
  }
}

function openGraph(metas: MarkupNode[]): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const meta of metas) {
    // Many sites write name="og:…" instead of property="og:…"; crawlers accept both.
    const key = (attr(meta, 'property') || attr(meta, 'name')).trim().toLowerCase();
    const value = clean(attr(meta, 'content'), MAX.ogValue);
    if (!key.startsWith('og:') || key.length > MAX.ogKey || !value || Object.hasOwn(properties, key)) continue;
    if (Object.keys(properties).length >= MAX.ogKeys) break;
    properties[key] = value;
  }
  return properties;
}

function robotsSignals(metas: MarkupNode[], headers: Record<string, string | string[] | undefined>): PageSignals['robots'] {
  const robots: PageSignals['robots'] = { noindex: false, nofollow: false, noai: false, noimageai: false, sources: [] };
  const apply = (directive: string, where: string) => {
    const flags = RESTRICTIONS.get(directive.toLowerCase());
    if (!flags) return;
    for (const flag of flags) robots[flag] = true;
    const source = `${where}: ${directive.toLowerCase()}`;
    if (robots.sources.length < MAX.robotsSources && !robots.sources.includes(source)) robots.sources.push(source);
  };

  for (const meta of metas) {
    const name = collapse(attr(meta, 'name'));
    const directives = attr(meta, 'content')
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean);
    if (!isRobotsMeta(name, directives)) continue;
    for (const directive of directives) apply(directive, `meta ${truncate(name, MAX.agentName)}`);
  }

  const headerValues = Object.entries(headers)
    .filter(([key]) => key.toLowerCase() === 'x-robots-tag')
    .flatMap(([, value]) => value ?? []);
  for (const value of headerValues) {
    // "googlebot: noindex, nofollow" speaks to one crawler until the next "agent:" prefix; the directives count all the same.
    let agent = '';
    for (const token of value.split(',')) {
      let directive = token.trim();
      const prefixed = /^([^\s:]+)\s*:\s*(.*)$/.exec(directive);
      if (prefixed && !DIRECTIVES.has(prefixed[1]!.toLowerCase())) {
        agent = truncate(prefixed[1]!, MAX.agentName);
        directive = prefixed[2]!;
      }
      apply(directive, agent ? `X-Robots-Tag ${agent}` : 'X-Robots-Tag');
    }
  }
  return robots;
}

/** "robots" speaks to every crawler; any other name (googlebot, GPTBot …) to that one crawler, when its content is all directives. */
function isRobotsMeta(name: string, directives: string[]): boolean {
  const lower = name.toLowerCase();
  if (lower === 'robots') return true;
  if (lower === '' || lower.includes(':') || NOT_CRAWLER_NAMES.has(lower)) return false;
  return directives.length > 0 && directives.every((token) => DIRECTIVES.has(directiveName(token)));
}

/** "max-snippet: 50" → "max-snippet" */
function directiveName(token: string): string {
  return token.split(':')[0]!.trim().toLowerCase();
}

function countLinks(anchors: MarkupNode[], baseUrl: URL | undefined, pageUrl: URL | undefined): PageSignals['links'] {
  const links = { internal: 0, external: 0 };
  const site = siteHost(pageUrl?.hostname ?? '');
  for (const anchor of anchors) {
    const href = attr(anchor, 'href').trim();
    // Fragments stay on the page; javascript:, mailto: and tel: fail the http(s) check.
    if (href === '' || href.startsWith('#')) continue;
    const target = parseHttpUrl(href, baseUrl);
    if (!target) continue;
    if (site !== '' && isOnSite(target.href, site)) links.internal++;
    else links.external++;
  }
  return links;
}

/** What a browser would run; JSON-LD, __NEXT_DATA__ JSON and templates are data. */
function isExecutable(script: MarkupNode): boolean {
  const type = scriptType(script);
  return type === '' || type === 'module' || /(java|ecma)script/.test(type);
}

function clean(text: string, max: number): string {
  return truncate(collapse(text), max);
}

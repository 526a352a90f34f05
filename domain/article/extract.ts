import { Readability } from '@mozilla/readability';
import { parseHTML, type LightDocument } from './light-dom';
import { withinNestingLimit } from '../shared/html/nesting-limit';
import { blankCjk, countCjk } from '../shared/language/cjk';

/**
 * The article in a page, as a reader sees it: Mozilla's Readability (Firefox's reader view) over a
 * light DOM finds the main text without navigation, header, footer, cookie banners or comments.
 * Title, headings, language, canonical URL and publication date come from the page's markup.
 */

export interface ExtractedArticle {
  title: string;
  /** The article's own headings (h2–h4), in order. */
  headings: string[];
  /** Declared language, e.g. "en" or "zh-CN". */
  language?: string;
  /** Words in spaced scripts; each character in Chinese, Japanese and Korean. */
  wordCount: number;
  /** rel=canonical, absolute. */
  canonicalUrl?: string;
  /** ISO 8601, from meta tags or JSON-LD. */
  publishedAt?: string;
  /** The article's text blocks (paragraphs, list items, headings), in order. */
  blocks: string[];
}

/** Fewer words than this is not an article (a login wall, an app shell, a list of links). */
export const MIN_ARTICLE_WORDS = 150;
const MAX_BLOCKS = 2_000;
const CONSENT_SELECTOR = ['cookie', 'consent', 'gdpr', 'onetrust', 'cookiebot', 'cmp-']
  .flatMap((name) => [`[id*="${name}" i]`, `[class*="${name}" i]`])
  .join(', ');
const MAX_HEADINGS = 50;

export function countWords(text: string): number {
  const cjk = countCjk(text);
  const spaced = blankCjk(text).match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return cjk + spaced;
}

export function extractArticle({ html, url }: { html: string; url: string }): ExtractedArticle | undefined {
  const { document } = parseHTML(withinNestingLimit(html));
  const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content')?.trim() || undefined;
  const canonical = document.querySelector('link[rel~="canonical"]')?.getAttribute('href');
  const language = document.documentElement?.getAttribute('lang')?.trim() || meta('meta[http-equiv="content-language"]');
  const publishedAt =
    meta('meta[property="article:published_time"]') ??
    meta('meta[name="date"]') ??
    meta('meta[itemprop="datePublished"]') ??
    jsonLdDate(document);
  const fallbackTitle =
    meta('meta[property="og:title"]') ??
    document.querySelector('h1')?.textContent?.trim() ??
    document.querySelector('title')?.textContent?.trim();

  // Consent dialogs are not article text, and Readability does not know every one of them by name.
  for (const element of [...document.querySelectorAll(CONSENT_SELECTOR)]) element.remove();
  const heading = document.querySelector('h1')?.textContent?.replace(/\s+/gu, ' ').trim();
  const parsed = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse();
  if (!parsed?.content) return undefined;
  const { document: content } = parseHTML(`<!doctype html><html><body>${parsed.content}</body></html>`);
  const blocks = [...content.querySelectorAll('p, li, h2, h3, h4, blockquote, pre, td')]
    .filter((element) => !element.querySelector('p, li'))
    .map((element) => clean(element.textContent ?? ''))
    .filter(Boolean)
    .slice(0, MAX_BLOCKS);
  const headings = [...content.querySelectorAll('h2, h3, h4')]
    .map((element) => clean(element.textContent ?? ''))
    .filter(Boolean)
    .slice(0, MAX_HEADINGS);
  const text = clean(parsed.textContent ?? '');
  return {
    title: articleTitle(clean(parsed.title || fallbackTitle || ''), heading),
    headings,
    ...(language || parsed.lang ? { language: language || parsed.lang || undefined } : {}),
    // From the blocks: textContent runs a heading into its paragraph ("KostenDas").
    wordCount: countWords(blocks.length ? blocks.join(' ') : text),
    ...(canonical && URL.canParse(canonical, url) ? { canonicalUrl: new URL(canonical, url).toString() } : {}),
    ...(publishedAt && !Number.isNaN(Date.parse(publishedAt))
      ? { publishedAt: new Date(publishedAt).toISOString() }
      : parsed.publishedTime && !Number.isNaN(Date.parse(parsed.publishedTime))
        ? { publishedAt: new Date(parsed.publishedTime).toISOString() }
        : {}),
    blocks: blocks.length ? blocks : [text],
  };
}

/**
 * The article's own title: its h1 when the page's title is that h1 plus the site's name ("Der Titel –
 * Die Zeitung"), else the page's title.
 */
function articleTitle(pageTitle: string, heading: string | undefined): string {
  if (heading && heading.length >= 3 && pageTitle.toLowerCase().startsWith(heading.toLowerCase())) return heading;
  return pageTitle || heading || '';
}

function clean(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** datePublished from JSON-LD (an Article, BlogPosting, NewsArticle…, perhaps inside @graph). */
function jsonLdDate(document: LightDocument): string | undefined {
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? '');
    } catch {
      continue;
    }
    const queue: unknown[] = [data];
    while (queue.length) {
      const node = queue.shift();
      if (Array.isArray(node)) queue.push(...node);
      else if (node && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        if (typeof record.datePublished === 'string') return record.datePublished;
        if (record['@graph']) queue.push(record['@graph']);
      }
    }
  }
  return undefined;
}

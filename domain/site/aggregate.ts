import { canonicalUrls, urlsInText } from '../shared/canonical-url';
import { compareText } from '../shared/text';
import type { MemoryResult, Source } from './report';
import { isOnSite } from '../shared/site-host';

/**
 * What the platforms' answers add up to: the sources they cite or mention, and which of the site's
 * own pages they cite (the terms they use: keywords.ts). Pure and deterministic.
 */

const MAX_SOURCES = 30;

interface Tally {
  count: number;
  platforms: Set<string>;
}

function tally<K>(map: Map<K, Tally>, key: K, platform: string): void {
  const entry = map.get(key) ?? { count: 0, platforms: new Set<string>() };
  entry.count++;
  entry.platforms.add(platform);
  map.set(key, entry);
}

/** Every URL a platform cited or wrote in its answer, counted once per platform and answer. */
export function aggregateSources(memory: readonly MemoryResult[]): Source[] {
  const sources = new Map<string, Tally>();
  for (const result of memory) {
    if (result.status === 'error') continue;
    const urls = new Set([...canonicalUrls(result.citations), ...urlsInText(result.answer)]);
    for (const url of urls) tally(sources, url, result.platform);
  }
  return [...sources.entries()]
    .sort(([urlA, a], [urlB, b]) => b.platforms.size - a.platforms.size || b.count - a.count || compareText(urlA, urlB))
    .slice(0, MAX_SOURCES)
    .map(([url, entry]) => ({ url, domain: new URL(url).hostname, count: entry.count, platforms: [...entry.platforms].sort() }));
}

/** The site's own pages among the sources (titles are fetched afterwards). */
export function citedPagesOf(sources: readonly Source[], domain: string): { url: string; count: number; platforms: string[] }[] {
  return sources.filter((source) => isOnSite(source.url, domain)).map(({ url, count, platforms }) => ({ url, count, platforms }));
}

export { extractKeywords } from './keywords';

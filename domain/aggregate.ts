import { canonicalUrl } from './canonical-url';
import type { Keyword, MemoryResult, Source } from './report';
import { isOnSite } from './site-host';

/**
 * What the platforms' answers add up to: the terms they associate with the site, the sources they
 * cite or mention, and which of the site's own pages they cite. Pure and deterministic.
 */

const MAX_KEYWORDS = 15;
const MAX_SOURCES = 30;

// Words that carry no meaning about a site, in the languages the answers mostly come in.
const STOPWORDS = new Set(
  (
    'a about above after again all also an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just like may me might more most must my no nor not now of off on once only or other our out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours based known information website site sites page pages company service services offers offer provides provide including include includes use used using users user online also however generally appears appear seems well may many much one two new best often various available according official www com org net http https reputation reputable specific details detail related known see visit'
  ).split(/\s+/),
);

/** Code-point order: unlike localeCompare, the same on every worker (this runs in workflow code). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

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

/** Terms the platforms that know the site use about it: single words and two-word phrases, ranked by how many platforms use them. */
export function extractKeywords(memory: readonly MemoryResult[], domain: string, brand: string): Keyword[] {
  const ownWords = new Set([...domain.split(/[.-]/), ...brand.toLowerCase().split(/\s+/)].filter(Boolean));
  const terms = new Map<string, Tally>();
  const knowing = memory.filter((result) => result.status === 'known');
  // With several platforms, a term counts once two of them use it; a single platform's words all count.
  const minPlatforms = Math.min(2, knowing.length);
  for (const result of knowing) {
    // URLs and the domain itself ("acme-widgets.com") are not associations.
    const text = result.answer.toLowerCase().replace(/https?:\/\/\S+/g, ' ').split(domain).join(' ');
    const words = (text.match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? [])
      .map((word) => word.replace(/'s$/, ''))
      .filter((word) => word.length >= 3 && !STOPWORDS.has(word));
    // Brand words go only as whole terms: "tools" of "Acme Tools" alone says nothing, "hand tools" does.
    const seen = new Set<string>();
    words.forEach((word, index) => {
      if (!ownWords.has(word)) seen.add(word);
      const next = words[index + 1];
      if (next && !(ownWords.has(word) && ownWords.has(next))) seen.add(`${word} ${next}`);
    });
    for (const term of seen) tally(terms, term, result.platform);
  }
  return [...terms.entries()]
    .filter(([, entry]) => entry.platforms.size >= minPlatforms)
    .sort(([termA, a], [termB, b]) => b.platforms.size - a.platforms.size || Number(termB.includes(' ')) - Number(termA.includes(' ')) || compareText(termA, termB))
    .slice(0, MAX_KEYWORDS)
    .map(([keyword, entry]) => ({ keyword, count: entry.platforms.size, platforms: [...entry.platforms].sort() }));
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`)\]]+/g;

/** A URL written in prose, without the sentence's closing punctuation. */
function urlInText(raw: string): string | undefined {
  return canonicalUrl(raw.replace(/[.,;:!?]+$/, ''));
}

/** Every URL a platform cited or wrote in its answer, counted once per platform and answer. */
export function aggregateSources(memory: readonly MemoryResult[]): Source[] {
  const sources = new Map<string, Tally>();
  for (const result of memory) {
    if (result.status === 'error') continue;
    const urls = new Set([...result.citations.map(canonicalUrl), ...(result.answer.match(URL_IN_TEXT) ?? []).map(urlInText)].filter((url): url is string => Boolean(url)));
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

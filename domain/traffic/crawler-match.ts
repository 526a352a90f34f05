import { ALL_CRAWLERS, type Crawler } from '../shared/crawlers';
import identity from './crawler-identity.json';
import { escapeRegExp } from '../shared/text';

/**
 * Which crawler a User-Agent claims: the robots.txt tokens of every known crawler that sends one (and
 * the User-Agent names that differ from them), found as whole words, case-insensitive; the longest name wins, so
 * `Claude-SearchBot` is not read as a shorter token. Only a claim: verification says whether it is true.
 */
const NAME_TO_CRAWLER = new Map<string, Crawler>();
for (const crawler of ALL_CRAWLERS) {
  // A token no crawler sends (Google-Extended, Applebot-Extended): a request naming it is not that
  // crawler (not Google's, not Apple's), and counting it as one would set it beside robots.txt ("robots.txt
  // blocks Google-Extended, yet it fetched…") as if Google trained on pages it never fetched that way.
  // So it is an ordinary request; a crawler named beside it in the same User-Agent is still read.
  if (crawler.robotsOnly) continue;
  const extra = (identity.userAgentTokens as Record<string, string[]>)[crawler.token] ?? [];
  for (const name of [crawler.token, ...extra]) NAME_TO_CRAWLER.set(name.toLowerCase(), crawler);
}

// A name is a whole word: not preceded or followed by a letter, digit, `-` or `_` (Googlebot is not Googlebot-Image).
const NAMES = new RegExp(
  `(?<![A-Za-z0-9_-])(${[...NAME_TO_CRAWLER.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})(?![A-Za-z0-9_-])`,
  'gi',
);

/** User agents repeat: their answers are kept, up to this many. */
const CACHE_LIMIT = 20_000;
const cache = new Map<string, Crawler | null>();

export function crawlerOf(userAgent: string): Crawler | undefined {
  const cached = cache.get(userAgent);
  if (cached !== undefined) return cached ?? undefined;
  let best: string | undefined;
  for (const match of userAgent.matchAll(NAMES)) if (!best || match[1]!.length > best.length) best = match[1]!;
  const crawler = best ? NAME_TO_CRAWLER.get(best.toLowerCase()) : undefined;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(userAgent, crawler ?? null);
  return crawler;
}

import data from './crawlers.json';

/** The purpose enum of bots[] (docs/checks/site.md). */
export type CrawlerPurpose = 'training' | 'search' | 'user' | 'other';
/** Finer than purpose: an agent acts for a user; a data crawler builds open data sets. */
export type CrawlerRole = CrawlerPurpose | 'agent' | 'data';

export interface Crawler {
  /** robots.txt product token. */
  token: string;
  name: string;
  operator: string;
  purpose: CrawlerPurpose;
  role: CrawlerRole;
  /** Tried against the home page with its published User-Agent. */
  simulate: boolean;
  userAgent: string | null;
  /**
   * A robots.txt token that no request carries (Google-Extended, Applebot-Extended: their vendors
   * crawl with their other crawlers and read this token only to decide what the pages may train).
   */
  robotsOnly?: boolean;
}

/** The crawlers bots[] reports (docs/checks/site.md: 39), as data in crawlers.json so the list changes without code changes. */
export const CRAWLERS: readonly Crawler[] = data.crawlers as Crawler[];

/**
 * Every crawler recognised in access logs: the 39 and those the vendors documented since (the same
 * file's `later` list), which bots[] leaves out so the site check's output keeps its published shape (docs/checks/site.md).
 */
export const ALL_CRAWLERS: readonly Crawler[] = [...CRAWLERS, ...(data.later as Crawler[])];

/** The browser the crawler simulation compares against. */
export const BROWSER = data.browser;

/** What robots.txt lets a crawler reach: the site check reads it, the crawler-traffic report compares traffic with it. */
export type BotAccess = 'allowed' | 'partial' | 'blocked' | 'none';

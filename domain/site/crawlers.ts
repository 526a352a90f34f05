import data from './crawlers.json';

/** DESIGN.md's purpose enum for bots[]. */
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
}

/** The crawlers, as data in crawlers.json so the list changes without code changes. */
export const CRAWLERS: readonly Crawler[] = data.crawlers as Crawler[];

/** The browser the crawler simulation compares against. */
export const BROWSER = data.browser;

import { CRAWLERS } from '../domain/shared/crawlers';
import { crawlerAccess, parseRobotsTxt, ROBOTS_MAX_BYTES, rulesFor, type RobotsOutcome } from '../domain/site/robots';
import type { RobotsResult } from '../domain/site/stage-results';
import { SiteFetchError } from '../infra/site-fetcher';
import type { SiteAccess } from './support/site-access';

const MAX_GENERIC_RULES = 500;

/** robots.txt of the origin that served the home page, and the verdict for every crawler. */
export function createCheckRobots(site: SiteAccess) {
  return async function checkRobots(homeUrl: string): Promise<RobotsResult> {
    const fetcher = site.fetcherFor('robots');
    const url = new URL('/robots.txt', homeUrl).toString();
    let outcome: RobotsOutcome;
    let status: number | undefined;
    let bytes = 0;
    let truncated = false;
    try {
      const response = await fetcher.fetch(url, { maxBytes: ROBOTS_MAX_BYTES, accept: 'text/plain,*/*;q=0.5' });
      ({ status, bytes, truncated } = response);
      if (status >= 200 && status < 300) outcome = { kind: 'ok', robots: parseRobotsTxt(response.body.toString('utf8')) };
      // RFC 9309 §2.3.1.3/4: 4xx means no rules; 5xx (Google counts 429 too) means disallow all.
      else if (status >= 400 && status < 500 && status !== 429) outcome = { kind: 'missing', status };
      else outcome = { kind: 'unavailable', reason: `HTTP ${status}` };
    } catch (error) {
      if (!(error instanceof SiteFetchError)) throw error;
      outcome = { kind: 'unavailable', reason: error.message };
    }
    return {
      url,
      outcome: outcome.kind,
      status,
      reason: outcome.kind === 'unavailable' ? outcome.reason : undefined,
      bytes,
      truncated,
      sitemaps: outcome.kind === 'ok' ? outcome.robots.sitemaps.slice(0, 50) : [],
      bots: CRAWLERS.map((crawler) => ({ token: crawler.token, ...crawlerAccess(outcome, crawler.token) })),
      genericRules: outcome.kind === 'ok' ? (rulesFor(outcome.robots, '*') ?? []).slice(0, MAX_GENERIC_RULES) : [],
      preferences: outcome.kind === 'ok' ? outcome.robots.preferences : [],
      requests: fetcher.requestsMade,
    };
  };
}

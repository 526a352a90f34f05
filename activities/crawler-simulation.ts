import { BROWSER } from '../domain/shared/crawlers';
import { REDIRECTS, SIMULATED_CRAWLERS } from '../domain/site/request-budget';
import { isChallengePage, isRefusal } from '../domain/site/bot-blocking';
import { chargeOf } from '../domain/site/paid-crawling';
import type { SimulatedFetch, SimulationResult } from '../domain/site/stage-results';
import { SiteFetchError, type SiteFetcher } from '../infra/site-fetcher';
import { mapWithConcurrency } from '../domain/shared/concurrency';
import type { SiteAccess } from './support/site-access';

/** Enough of the page to recognise a challenge page; the rest is not needed. */
const SNIFF_BYTES = 64 * 1024;
/** At most this many simulated requests at once, so the site sees a trickle, not a burst. */
const CONCURRENCY = 3;

async function fetchAs(fetcher: SiteFetcher, url: string, userAgent: string): Promise<Omit<SimulatedFetch, 'blocked'>> {
  try {
    const response = await fetcher.fetch(url, { userAgent, maxBytes: SNIFF_BYTES, maxRedirects: REDIRECTS.resource, timeoutMs: 8_000 });
    const body = response.body.toString('utf8');
    const charged = chargeOf(response.status, response.headers, body);
    return { status: response.status, challenge: isChallengePage(response.headers, body), ...(charged && { charged }) };
  } catch (error) {
    if (!(error instanceof SiteFetchError)) throw error;
    return { status: null, error: error.code, challenge: false };
  }
}

/** The home page fetched as a browser and as each simulated AI crawler, to find WAF/CDN blocks by User-Agent, and charges (pay per crawl, x402). */
export function createSimulateCrawlers(site: SiteAccess) {
  return async function simulateCrawlers(homeUrl: string): Promise<SimulationResult> {
    const fetcher = site.fetcherFor('simulation');
    const browserFetch = await fetchAs(fetcher, homeUrl, BROWSER.userAgent);
    const browserRefused = isRefusal(browserFetch.status, browserFetch.challenge);

    const crawlers = await mapWithConcurrency(SIMULATED_CRAWLERS, CONCURRENCY, async (crawler) => {
      const result = await fetchAs(fetcher, homeUrl, crawler.userAgent!);
      // A charge is no refusal: the crawler gets the page once it pays.
      return { token: crawler.token, ...result, blocked: !browserRefused && !result.charged && isRefusal(result.status, result.challenge) };
    });

    return {
      browser: { ...browserFetch, blocked: browserRefused },
      crawlers,
      inconclusive: browserRefused,
      requests: fetcher.requestsMade,
    };
  };
}

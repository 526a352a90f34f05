import { ApplicationFailure } from '@temporalio/common';
import { FAILURE } from '../contract/failures';
import { allHeaders, firstHeader, looksLikeHtml } from '../domain/shared/http-response';
import { extractPageSignals } from '../domain/site/page-signals';
import type { HomePageResult } from '../domain/site/stage-results';
import type { CheckTarget } from '../domain/shared/target';
import { SiteFetchError, type FetchResult } from '../infra/site-fetcher';
import type { SiteAccess } from './support/site-access';
import { privateAddressFailure } from './support/site-failures';

/** The home page, https first then http: any HTTP answer means the site is reachable. */
export function createFetchHomePage(site: SiteAccess) {
  return async function fetchHomePage(target: CheckTarget): Promise<HomePageResult> {
    const fetcher = site.fetcherFor('home');
    const failures: string[] = [];
    for (const scheme of ['https', 'http'] as const) {
      const requestedUrl = `${scheme}://${target.host}/`;
      let response: FetchResult;
      try {
        response = await fetcher.fetch(requestedUrl);
      } catch (error) {
        if (!(error instanceof SiteFetchError)) throw error;
        if (error.code === 'blocked-address') {
          throw privateAddressFailure(target.host);
        }
        failures.push(`${scheme}: ${error.message}`);
        continue;
      }
      const contentType = firstHeader(response.headers['content-type']);
      const isHtml = looksLikeHtml(contentType, response.body.subarray(0, 200).toString());
      return {
        requestedUrl,
        finalUrl: response.url,
        status: response.status,
        redirects: response.redirects,
        contentType,
        bytes: response.bytes,
        truncated: response.truncated,
        timeMs: response.timeMs,
        https: response.url.startsWith('https:'),
        signals: isHtml ? extractPageSignals({ html: response.body.toString('utf8'), url: response.url, headers: response.headers }) : undefined,
        xRobotsTag: allHeaders(response.headers['x-robots-tag']),
        contentUsage: allHeaders(response.headers['content-usage']),
        requests: fetcher.requestsMade,
      };
    }
    // Retryable: the site profile tries once more after a pause before the check fails for good.
    throw ApplicationFailure.create({ type: FAILURE.siteUnreachable, message: `${target.host} could not be reached (${failures.join('; ')})` });
  };
}

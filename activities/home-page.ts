import { allHeaders, firstHeader, looksLikeHtml } from '../domain/shared/http-response';
import { extractPageSignals } from '../domain/site/page-signals';
import type { HomePageResult } from '../domain/site/stage-results';
import type { CheckTarget } from '../domain/shared/target';
import type { SiteAccess } from './support/site-access';
import { fetchCheckedPage, unreachableFailure } from './support/site-failures';

/** The home page, https first then http: any HTTP answer means the site is reachable. */
export function createFetchHomePage(site: SiteAccess) {
  return async function fetchHomePage(target: CheckTarget): Promise<HomePageResult> {
    const fetcher = site.fetcherFor('home');
    const failures: string[] = [];
    for (const scheme of ['https', 'http'] as const) {
      const requestedUrl = `${scheme}://${target.host}/`;
      const fetched = await fetchCheckedPage(fetcher, requestedUrl, target.host);
      if ('reason' in fetched) {
        failures.push(`${scheme}: ${fetched.reason}`);
        continue;
      }
      const { response } = fetched;
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
        signals: isHtml
          ? extractPageSignals({ html: response.body.toString('utf8'), url: response.url, headers: response.headers })
          : undefined,
        xRobotsTag: allHeaders(response.headers['x-robots-tag']),
        contentUsage: allHeaders(response.headers['content-usage']),
        requests: fetcher.requestsMade,
      };
    }
    throw unreachableFailure(target.host, failures.join('; '));
  };
}

import { ApplicationFailure } from '@temporalio/common';
import { FAILURE } from '../../contract/failures';
import { SiteFetchError, type FetchResult, type SiteFetcher } from '../../infra/site-fetcher';

/** A site whose name resolves to a private or reserved address: retrying cannot help, and nothing private was fetched. */
export function privateAddressFailure(host: string): ApplicationFailure {
  return ApplicationFailure.create({
    type: FAILURE.siteUnreachable,
    nonRetryable: true,
    message: `${host} points to a private or reserved address; only public sites can be checked`,
  });
}

/** The checked site gave no answer. Retryable: the site profile tries once more after a pause before the check fails for good. */
export function unreachableFailure(what: string, reasons: string): ApplicationFailure {
  return ApplicationFailure.create({ type: FAILURE.siteUnreachable, message: `${what} could not be reached (${reasons})` });
}

/**
 * A page of the checked site (the home page, an article), or the fetcher's reason it got no answer. A
 * private address fails the check at once; an error that is not the fetcher's is thrown on.
 */
export async function fetchCheckedPage(
  fetcher: SiteFetcher,
  url: string,
  host: string,
): Promise<{ response: FetchResult } | { reason: string }> {
  try {
    return { response: await fetcher.fetch(url) };
  } catch (error) {
    if (!(error instanceof SiteFetchError)) throw error;
    if (error.code === 'blocked-address') throw privateAddressFailure(host);
    return { reason: error.message };
  }
}

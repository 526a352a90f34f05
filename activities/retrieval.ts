import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../domain/shared/config';
import { FAILURE } from '../contract/failures';
import { retrievalNotConfigured, retrievalQueries, summariseRetrieval, type RetrievalSummary } from '../domain/site/retrieval';
import { createSearchProvider, SearchError } from '../infra/search-provider';
import { recordRateLimited } from './support/vendor-metrics';

/** A few searches a person would run for the site, through the configured provider. */
export function createSearchLiveWeb(config: Pick<Config, 'retrieval'>) {
  const provider = createSearchProvider(config.retrieval);
  return async function searchLiveWeb({ domain, brand }: { domain: string; brand: string }): Promise<RetrievalSummary> {
    if (!provider) return retrievalNotConfigured();
    try {
      const signal = Context.current().cancellationSignal;
      // At once: the stage's timeout then bounds one search, not the sum of them.
      const perQuery = await Promise.all(
        retrievalQueries(domain, brand).map(async (query) => ({ query, results: await provider.search(query, { signal }) })),
      );
      return summariseRetrieval(domain, provider.name, perQuery);
    } catch (error) {
      if (!(error instanceof SearchError)) throw error;
      if (error.status === 429) recordRateLimited(Context.current(), provider.name);
      throw ApplicationFailure.create({ type: FAILURE.searchUnavailable, message: error.message, nonRetryable: !error.retryable });
    }
  };
}

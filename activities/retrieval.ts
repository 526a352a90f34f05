import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../domain/config';
import { retrievalNotConfigured, retrievalQueries, summariseRetrieval, type RetrievalSummary } from '../domain/retrieval';
import { createSearchProvider, SearchError } from '../infra/search-provider';

/** A few searches a person would run for the site, through the configured provider. */
export function createSearchLiveWeb(config: Config) {
  const provider = createSearchProvider(config.retrieval);
  return async function searchLiveWeb({ domain, brand }: { domain: string; brand: string }): Promise<RetrievalSummary> {
    if (!provider) return retrievalNotConfigured();
    try {
      const perQuery = [];
      for (const query of retrievalQueries(domain, brand)) perQuery.push({ query, results: await provider.search(query, { signal: Context.current().cancellationSignal }) });
      return summariseRetrieval(domain, provider.name, perQuery);
    } catch (error) {
      if (!(error instanceof SearchError)) throw error;
      throw ApplicationFailure.create({ type: 'SearchUnavailable', message: error.message, nonRetryable: !error.retryable });
    }
  };
}

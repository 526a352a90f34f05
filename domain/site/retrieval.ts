import { isOnSite, siteHost } from '../shared/site-host';
/**
 * Live web retrieval, the pure part: which searches to run for a site, and where the site ranks in
 * what came back. AI assistants that browse start from results like these, so a site that does not
 * rank for its own name is hard for them to cite.
 */

export interface RetrievalResult {
  url: string;
  title: string;
  /** 1-based position in the provider's list. */
  rank: number;
  onSite: boolean;
}

export interface RetrievalQueryResult {
  query: string;
  results: RetrievalResult[];
  /** Best 1-based rank of a result on the site. */
  siteRank?: number;
}

export interface RetrievalSummary {
  status: 'ok' | 'not-configured' | 'error';
  provider?: string;
  queries: RetrievalQueryResult[];
  found: boolean;
  bestRank?: number;
  error?: string;
}

/** Results kept per query: people rarely look past the first page. */
export const RESULTS_PER_QUERY = 10;

/**
 * The searches a person would run to find the site: its brand, its domain, and the brand with "reviews".
 * The domain search is left out when the brand is only the domain's name, as it finds the same thing.
 */
export function retrievalQueries(domain: string, brand: string): string[] {
  const site = siteHost(domain);
  const label = site.split('.')[0] ?? site;
  const name = brand.trim().replace(/\s+/g, ' ') || label;
  const brandIsDomainName = [label, site].some((candidate) => comparable(candidate) === comparable(name));
  return brandIsDomainName ? [name, `${name} reviews`] : [name, site, `${name} reviews`];
}

export function summariseRetrieval(
  domain: string,
  provider: string,
  perQuery: { query: string; results: { url: string; title: string }[] }[],
): RetrievalSummary {
  const site = siteHost(domain);
  const queries = perQuery.map(({ query, results }): RetrievalQueryResult => {
    const ranked = results.slice(0, RESULTS_PER_QUERY).map((result, index) => ({
      url: result.url,
      title: result.title,
      rank: index + 1,
      onSite: isOnSite(result.url, site),
    }));
    const siteRank = ranked.find((result) => result.onSite)?.rank;
    return siteRank === undefined ? { query, results: ranked } : { query, results: ranked, siteRank };
  });
  const ranks = queries.flatMap((query) => (query.siteRank === undefined ? [] : [query.siteRank]));
  const summary: RetrievalSummary = { status: 'ok', provider, queries, found: ranks.length > 0 };
  if (ranks.length > 0) summary.bestRank = Math.min(...ranks);
  return summary;
}

/** No SEARXNG_URL or BRAVE_API_KEY: reported as such, not as a failure (docs/checks/site.md). */
export function retrievalNotConfigured(): RetrievalSummary {
  return { status: 'not-configured', queries: [], found: false };
}

export function retrievalFailed(provider: string, error: string): RetrievalSummary {
  return { status: 'error', provider, queries: [], found: false, error };
}

/** "My Brand", "my-brand" and "mybrand" are the same search to a person. */
function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

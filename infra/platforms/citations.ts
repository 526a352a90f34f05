import { parseHttpUrl } from '../../domain/shared/canonical-url';

/**
 * Citation URLs in the order the platform gave them, each once. Anything that is not an http(s) URL is
 * dropped: platforms differ in what they put in these fields, and the report counts citations by domain.
 * requestAnswer then makes them canonical.
 */
export function uniqueUrls(candidates: readonly unknown[]): string[] {
  return [
    ...new Set(
      candidates.filter((candidate): candidate is string => typeof candidate === 'string' && parseHttpUrl(candidate) !== undefined),
    ),
  ];
}

/** The URLs of `urls` that `cited` does not hold: what a search found and the answer did not cite. */
export function notIn(urls: readonly string[], cited: readonly unknown[]): string[] {
  const taken = new Set(cited);
  return urls.filter((url) => !taken.has(url));
}

/**
 * The ApplicationFailure types the service raises on purpose. Their messages are written for the
 * people who read them (a report, an SSE viewer, an HTTP error); any other failure's message is
 * internal and never shown. The gateway maps the first three to HTTP statuses.
 */
export const FAILURE = {
  /** Input is not a host or URL at all → 400. */
  malformedTarget: 'MalformedTarget',
  /** Host is not a public domain name → 422. */
  notPublicTarget: 'NotPublicTarget',
  /** The site does not answer → 422, and no snapshot is stored. */
  siteUnreachable: 'SiteUnreachable',
  /** An AI platform failed in a way a retry may fix (429, 5xx, timeout). */
  platformUnavailable: 'PlatformUnavailable',
  /** The live-search provider failed. */
  searchUnavailable: 'SearchUnavailable',
} as const;

export const SHOWABLE_FAILURES: ReadonlySet<string> = new Set(Object.values(FAILURE));

/**
 * Names of the ApplicationFailure types the service raises on purpose. Non-retryable ones are listed
 * in the activity retry policies, and the gateway maps them to HTTP statuses.
 */
export const FAILURE = {
  /** Input is not a host or URL at all → 400. */
  malformedTarget: 'MalformedTarget',
  /** Host is not a public domain name → 422. */
  notPublicTarget: 'NotPublicTarget',
  /** The site does not answer → 422, and no snapshot is stored. */
  siteUnreachable: 'SiteUnreachable',
} as const;

export type FailureType = (typeof FAILURE)[keyof typeof FAILURE];

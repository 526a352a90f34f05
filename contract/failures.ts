import type { TargetProblem } from '../domain/shared/target';

/**
 * The ApplicationFailure types the service raises on purpose. Their messages are written for the
 * people who read them (a report, an SSE viewer, an HTTP error); any other failure's message is
 * internal and never shown.
 */
export const FAILURE = {
  /** Input is not a host or URL at all. */
  malformedTarget: 'MalformedTarget',
  /** Host is not a public domain name. */
  notPublicTarget: 'NotPublicTarget',
  /** The site does not answer; no snapshot is stored. */
  siteUnreachable: 'SiteUnreachable',
  /** An AI platform failed in a way a retry may fix (429, 5xx, timeout). */
  platformUnavailable: 'PlatformUnavailable',
  /**
   * A question a check someone waits for reached a worker when less time was left than the platform
   * takes to answer now: not sent (docs/platform-budgets.md, "The time promise").
   */
  notAskedInTime: 'NotAskedInTime',
  /** The live-search provider failed. */
  searchUnavailable: 'SearchUnavailable',
  /** The address answers, but with no article: an error status, not HTML, or too little text. */
  noArticle: 'NoArticle',
  /** Not one vendor's IP-range file could be fetched (the vendors or the network are down): a traffic report says so. */
  rangeFilesUnavailable: 'RangeFilesUnavailable',
} as const;

export type FailureType = (typeof FAILURE)[keyof typeof FAILURE];

/** The failure a target that cannot be checked raises, by what is wrong with it (domain/shared/target.ts). */
export const TARGET_FAILURE = { malformed: FAILURE.malformedTarget, 'not-public': FAILURE.notPublicTarget } as const satisfies Record<
  TargetProblem,
  FailureType
>;

/**
 * The ApplicationFailure types the worker raises on purpose for its own sake (a retry policy, a run's
 * history): their messages are internal, like any other failure's.
 */
export const INTERNAL_FAILURE = {
  /** The webhook's address may not be fetched (private, or not a URL): no retry. */
  webhookRefused: 'WebhookRefused',
  /** The webhook's receiver answered neither 2xx nor 410: retried with backoff for up to 24 hours. */
  webhookRejected: 'WebhookRejected',
  /** A report saved in parts lost some before the snapshot was stored. */
  reportPartsMissing: 'ReportPartsMissing',
  /** An uploaded log's part, or the counts read from it, is gone from the store before the report was composed. */
  logPartMissing: 'LogPartMissing',
  /** A platform's answer came back read for another kind of check than the one asking: a deployment mixing versions. */
  lensMismatch: 'LensMismatch',
} as const;

/**
 * An error and each cause it wraps, outermost first: Temporal delivers a failure raised on purpose
 * wrapped (an ActivityFailure in the workflow, a WorkflowFailedError at the client).
 */
export function* causeChain(error: unknown): Generator<Error> {
  for (let current = error; current instanceof Error; current = current.cause) yield current;
}

/** What a client is told of any other failure (HTTP 500, an SSE error event, an MCP answer). */
export const UNEXPECTED_FAILURE = 'the check failed unexpectedly; please try again';

export const SHOWABLE_FAILURES: ReadonlySet<string> = new Set(Object.values(FAILURE));

/**
 * The one table from a failure that ends a check to the HTTP status its client gets: 400 for input
 * that is not an address at all, 422 for one the service cannot check. Any other failure is 500.
 */
export const FAILURE_STATUS: Partial<Record<FailureType, 400 | 422>> = {
  [FAILURE.malformedTarget]: 400,
  [FAILURE.notPublicTarget]: 422,
  [FAILURE.siteUnreachable]: 422,
  [FAILURE.noArticle]: 422,
};

/** The HTTP status of a failure type: its entry in FAILURE_STATUS, else 500. */
export function failureStatus(type: FailureType): 400 | 422 | 500 {
  return FAILURE_STATUS[type] ?? 500;
}

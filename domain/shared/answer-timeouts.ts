/**
 * How long one question to a platform may take (docs/surfaces.md, "Time limits"). Apart from the
 * registry (platforms.ts, where a platform whose answers take longer says its own limit) so that
 * workflow code can set the ask's attempt limit without bundling the registry.
 */

/** The platform client's limit on one request, response body included, for a platform that states none. */
export const DEFAULT_ANSWER_TIMEOUT_MS = 60_000;

/** What an attempt needs beyond its request: reading the answer and handing the reply back. */
const ATTEMPT_MARGIN_MS = 10_000;

/** The ask activity's start-to-close limit for a platform whose requests may take `timeoutMs`: always above the request's own limit. */
export function askAttemptTimeoutMs(timeoutMs: number = DEFAULT_ANSWER_TIMEOUT_MS): number {
  return timeoutMs + ATTEMPT_MARGIN_MS;
}

/**
 * How asking an AI platform can fail, in terms the caller acts on: whether Temporal should retry,
 * and how long the platform asked us to wait.
 */

export type PlatformErrorKind =
  | 'not-configured'
  | 'auth'
  | 'bad-request'
  /** A retired or unknown model: the operator must choose another (<PREFIX>_MODEL). */
  | 'model-unavailable'
  /** Quota, credit or spend limit exhausted: waiting a few seconds will not refill it. */
  | 'quota'
  | 'rate-limited'
  | 'server'
  | 'timeout'
  | 'network'
  | 'empty';

// Retrying cannot fix a missing or rejected key, a request or model the platform refuses, or an empty account.
const RETRYABLE: Record<PlatformErrorKind, boolean> = {
  'not-configured': false,
  auth: false,
  'bad-request': false,
  'model-unavailable': false,
  quota: false,
  'rate-limited': true,
  server: true,
  timeout: true,
  network: true,
  empty: true,
};

export class PlatformError extends Error {
  readonly retryable: boolean;
  /** The platform's HTTP status, when it answered with one. */
  readonly status?: number;
  /** How long the platform asked us to wait before trying again (retry-after, rate-limit resets, RetryInfo). */
  readonly retryAfterMs?: number;

  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    details: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'PlatformError';
    this.retryable = RETRYABLE[kind];
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
  }
}

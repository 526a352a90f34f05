import { PlatformError, type PlatformErrorKind } from './platform-error';
import type { PlatformRequest } from './protocol';
import { retryDelayFrom } from './retry-delay';
import { truncate } from '../../domain/shared/text';

/** An HTTP error answer as any vendor gives it, read out of its own error shape by its adapter. */
export interface VendorFailure {
  status: number;
  headers?: Headers;
  /** The vendor's own message. */
  message?: string;
  /** The vendor's machine-readable reason: OpenAI's error.code, Anthropic's error type or error_code, Gemini's status. */
  codes?: (string | undefined)[];
  /** Gemini's google.rpc.RetryInfo.retryDelay, from the body ("2s"). */
  retryDelay?: string;
}

/**
 * Turns a vendor's HTTP error into a PlatformError that says whether to retry, how long to wait, and
 * what the operator must change. The vendor's own message is kept, with the API key cut out: some
 * compatible servers echo the key they got.
 */
export function httpFailure(
  request: Pick<PlatformRequest, 'platformName' | 'env' | 'apiKey' | 'model'>,
  failure: VendorFailure,
): PlatformError {
  const kind = kindOf(failure);
  const retryAfterMs = kind === 'rate-limited' || kind === 'server' ? retryDelayFrom(failure.headers, failure.retryDelay) : undefined;
  const said = failure.message ? `: ${redact(failure.message, request.apiKey)}` : '';
  const wait = retryAfterMs === undefined ? '' : ` (retry after ${Math.ceil(retryAfterMs / 1000)} s)`;
  const fix = FIX[kind]?.(request) ?? '';
  return new PlatformError(kind, `${request.platformName} ${summary(kind, request.model)} (HTTP ${failure.status})${said}${wait}${fix}`, {
    status: failure.status,
    retryAfterMs,
  });
}

// Quota and spend limits answer 429 like a rate limit, but no wait refills them.
const QUOTA_CODE = /insufficient_quota|credit_balance|spend_limit|billing|insufficient_balance|quota_exceeded/i;
const AUTH_CODE = /API_KEY_INVALID|authentication_error|invalid_api_key|UNAUTHENTICATED/;
const MODEL_CODE = /model_not_found|model_not_available|unknown_model/i;
const MODEL_MESSAGE =
  /^model:|\bmodels?\b.*\b(not found|does not exist|not supported|is not available|retired|deprecated|decommissioned|shut ?down)|\b(unknown|invalid) model\b|\bno such model\b|\bmodel not exist/i;

function kindOf({ status, codes = [], message = '' }: VendorFailure): PlatformErrorKind {
  const code = codes.filter(Boolean).join(' ');
  if (status === 401 || status === 403 || AUTH_CODE.test(code)) return 'auth';
  if (status === 402 || QUOTA_CODE.test(code)) return 'quota';
  if (MODEL_CODE.test(code) || ((status === 400 || status === 404) && MODEL_MESSAGE.test(message))) return 'model-unavailable';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate-limited';
  // 409 is a lock conflict on the platform's side (the SDKs retry it too); 529 is Anthropic's "overloaded".
  if (status === 409 || status >= 500) return 'server';
  return 'bad-request';
}

function summary(kind: PlatformErrorKind, model: string): string {
  return kind === 'model-unavailable' ? `does not serve the model "${model}" (retired or unknown)` : SUMMARY[kind];
}

const SUMMARY: Record<PlatformErrorKind, string> = {
  'not-configured': 'is not configured',
  auth: 'rejected the API key',
  'bad-request': 'rejected the request',
  'model-unavailable': 'does not serve the model',
  quota: 'has no quota or credit left',
  'rate-limited': 'is rate-limiting requests',
  server: 'had a server error',
  timeout: 'timed out',
  network: 'could not be reached',
  empty: 'returned an empty answer',
};

const FIX: Partial<Record<PlatformErrorKind, (request: Pick<PlatformRequest, 'env'>) => string>> = {
  auth: ({ env }) => `; check ${env}_API_KEY`,
  'model-unavailable': ({ env }) => `; set ${env}_MODEL to a current model`,
  quota: () => '; top up the account or raise its spend limit',
};

const MAX_VENDOR_MESSAGE = 300;

/** Removes the key from text that came from elsewhere, and keeps it short enough for a report. */
export function redact(text: string, apiKey: string): string {
  const safe = apiKey ? text.split(apiKey).join('[redacted]') : text;
  return truncate(safe, MAX_VENDOR_MESSAGE);
}

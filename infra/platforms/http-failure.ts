import { PlatformError, type PlatformErrorKind } from './platform-error';
import { truncate } from '../../domain/text';

/**
 * Turns an HTTP error answer from any platform into a PlatformError. The platform's own message is kept
 * for the operator, but with the API key cut out: some OpenAI-compatible servers echo the key they got.
 */
export function httpFailure(
  platformName: string,
  status: number,
  headers: Headers | undefined,
  vendorMessage: string | null | undefined,
  apiKey: string,
): PlatformError {
  const kind = kindOfStatus(status);
  const retryAfterMs = kind === 'rate-limited' || kind === 'server' ? retryAfterFrom(headers) : undefined;
  const said = vendorMessage ? `: ${redact(vendorMessage, apiKey)}` : '';
  const wait = retryAfterMs === undefined ? '' : ` (retry after ${Math.ceil(retryAfterMs / 1000)} s)`;
  return new PlatformError(kind, `${platformName} ${SUMMARY[kind]} (HTTP ${status})${said}${wait}`, { status, retryAfterMs });
}

const SUMMARY: Record<PlatformErrorKind, string> = {
  'not-configured': 'is not configured',
  auth: 'rejected the API key',
  'bad-request': 'rejected the request',
  'rate-limited': 'is rate-limiting requests',
  server: 'had a server error',
  timeout: 'timed out',
  network: 'could not be reached',
  empty: 'returned an empty answer',
};

function kindOfStatus(status: number): PlatformErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate-limited';
  // 409 is a lock conflict on the platform's side (the SDKs retry it too); 529 is Anthropic's "overloaded".
  if (status === 409 || status >= 500) return 'server';
  return 'bad-request';
}

const MAX_VENDOR_MESSAGE = 300;

/** Removes the key from text that came from elsewhere, and keeps it short enough for a report. */
export function redact(text: string, apiKey: string): string {
  const safe = apiKey ? text.split(apiKey).join('[redacted]') : text;
  return truncate(safe, MAX_VENDOR_MESSAGE);
}

const NON_NEGATIVE_NUMBER = /^\d+(\.\d+)?$/;

/** retry-after-ms (OpenAI, Anthropic) is more precise; Retry-After is seconds or an HTTP date (RFC 9110). */
export function retryAfterFrom(headers: Headers | undefined, now = Date.now()): number | undefined {
  const milliseconds = headers?.get('retry-after-ms')?.trim();
  if (milliseconds && NON_NEGATIVE_NUMBER.test(milliseconds)) return Math.round(Number(milliseconds));

  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (NON_NEGATIVE_NUMBER.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

import { PlatformError } from './platform-error';
import type { PlatformRequest } from './protocol';

/** Failures before any HTTP answer, shared by every protocol (sdk-failure.ts maps the SDKs' own classes to them). */

export function timeoutFailure(request: PlatformRequest): PlatformError {
  return new PlatformError('timeout', `${request.platformName} did not answer within ${formatSeconds(request.timeoutMs)}`);
}

/** Names the socket-level cause (ECONNREFUSED, ENOTFOUND…) but never the host: reports are public. */
export function networkFailure(request: PlatformRequest, error: unknown): PlatformError {
  const code = socketErrorCode(error);
  return new PlatformError('network', `${request.platformName} could not be reached${code ? ` (${code})` : ''}`);
}

function socketErrorCode(error: unknown): string | undefined {
  // fetch wraps the socket error: SDK error → TypeError("fetch failed") → Error { code }.
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth += 1) {
    if ('code' in current && typeof current.code === 'string') return current.code;
  }
  return undefined;
}

function formatSeconds(milliseconds: number): string {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${(milliseconds / 1000).toFixed(1)} s`;
}

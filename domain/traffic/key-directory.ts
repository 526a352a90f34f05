/**
 * A signing agent's key directory (Web Bot Auth: `/.well-known/http-message-signatures-directory`, a JWKS
 * of Ed25519 keys; docs/checks/traffic.md, "Signed agents"). A key is known by its RFC 7638 SHA-256
 * thumbprint, computed by the verifier: a directory's own `kid` is not trusted to be it.
 */
export const DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';

/** A directory's Ed25519 public key as published (JWK members kept for the store). */
export interface DirectoryKey {
  x: string;
  /** Epoch seconds the directory says the key is valid from and until, when it says. */
  nbf?: number;
  exp?: number;
}

/** Keys beyond this many are not read: a directory holds a few (old and new during a rotation). */
export const DIRECTORY_MAX_KEYS = 32;

/** The directory's URL for a Signature-Agent value that names an origin; undefined when the value is no http(s) origin. */
export function directoryUrlOf(agent: string): string | undefined {
  let url: URL;
  try {
    url = new URL(agent.replace(/^<|>$/g, ''));
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return `${url.origin}${DIRECTORY_PATH}`;
}

/** The JSON whose SHA-256 is a key's thumbprint: the JWK's required members in lexicographic order (RFC 7638 §3, RFC 8037 A.3). */
export const thumbprintInput = (x: string) => `{"crv":"Ed25519","kty":"OKP","x":"${x}"}`;

/** Checks a signature over bytes with one key (Node's Ed25519, infra/ed25519-keys.ts). */
export type KeyCheck = (data: Uint8Array, signature: Uint8Array) => boolean;

/** The Ed25519 keys of a directory's JSON; throws when it is not a JWKS. Other key types are left out. */
export function parseDirectory(text: string): DirectoryKey[] {
  const parsed: unknown = JSON.parse(text);
  const keys = typeof parsed === 'object' && parsed !== null ? (parsed as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(keys)) throw new SyntaxError('not a key directory (no "keys" array)');
  return keys.slice(0, DIRECTORY_MAX_KEYS).flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { kty, crv, x, nbf, exp } = entry as Record<string, unknown>;
    if (kty !== 'OKP' || crv !== 'Ed25519' || typeof x !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(x)) return [];
    return [{ x, ...(typeof nbf === 'number' && { nbf }), ...(typeof exp === 'number' && { exp }) }];
  });
}

/** How long a fetched directory is used before it is fetched again: its Cache-Control max-age, within these bounds. */
export const DIRECTORY_FRESHNESS = { minSeconds: 5 * 60, defaultSeconds: 3600, maxSeconds: 24 * 3600 } as const;
/** After a failed fetch, the directory is not asked again for this long (the draft: a negative cache of at most 5 minutes). */
export const DIRECTORY_RETRY_AFTER_MS = 5 * 60_000;

/** Seconds a directory stays fresh, from its Cache-Control header. */
export function freshnessOf(cacheControl: string | undefined): number {
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)/i.exec(cacheControl ?? '')?.[1];
  const seconds = maxAge === undefined ? DIRECTORY_FRESHNESS.defaultSeconds : Number(maxAge);
  return Math.min(DIRECTORY_FRESHNESS.maxSeconds, Math.max(DIRECTORY_FRESHNESS.minSeconds, seconds));
}

/** Whether a directory is fetched now: never fetched, or stale and not failed within the last minutes. */
export function directoryDue(stored: { fetchedAt?: Date; maxAgeSeconds?: number; failure?: { at: Date } } | undefined, now: Date): boolean {
  if (!stored) return true;
  if (stored.failure && now.getTime() - stored.failure.at.getTime() < DIRECTORY_RETRY_AFTER_MS) return false;
  if (!stored.fetchedAt) return true;
  return now.getTime() - stored.fetchedAt.getTime() >= (stored.maxAgeSeconds ?? DIRECTORY_FRESHNESS.defaultSeconds) * 1000;
}

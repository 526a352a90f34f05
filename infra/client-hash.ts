import { createHash } from 'node:crypto';

/**
 * A client's rate-limit key as it may be written where operators read it (run details, fairness
 * keys): SHA-256, 16 hex digits. A pseudonym, not anonymity: an IPv4 key can be found by trying
 * every address.
 */
export const hashedClientKey = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

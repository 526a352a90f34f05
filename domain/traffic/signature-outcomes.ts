/**
 * The Web Bot Auth verdict of one logged request that carries signature headers (docs/checks/traffic.md,
 * "Signed agents"): `verified`, `invalid` with its reason, or `unverified` when the log or the agent's
 * key directory leaves nothing to check against.
 */
export type SignatureOutcome = 'verified' | 'invalid' | 'unverified';
export const SIGNATURE_OUTCOMES: readonly SignatureOutcome[] = ['verified', 'invalid', 'unverified'];

export type InvalidReason = 'bad-signature' | 'expired' | 'unknown-key' | 'missing-component' | 'wrong-tag' | 'unparseable';
export const INVALID_REASONS: readonly InvalidReason[] = [
  'bad-signature',
  'expired',
  'unknown-key',
  'missing-component',
  'wrong-tag',
  'unparseable',
];

/** Why a signature could not be checked: its directory could not be fetched, or it covers a header the log does not record. */
export type UnverifiedReason = 'directory-unreachable' | 'not-logged';
export const UNVERIFIED_REASONS: readonly UnverifiedReason[] = ['directory-unreachable', 'not-logged'];

export type SignatureVerdict =
  { outcome: 'verified' } | { outcome: 'invalid'; reason: InvalidReason } | { outcome: 'unverified'; reason: UnverifiedReason };

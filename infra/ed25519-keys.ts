import { createHash, createPublicKey, verify } from 'node:crypto';
import { thumbprintInput, type DirectoryKey, type KeyCheck } from '../domain/traffic/key-directory';

/** base64url SHA-256 thumbprint of an Ed25519 JWK (RFC 7638): the Web Bot Auth keyid. */
export function thumbprintOf(x: string): string {
  return createHash('sha256').update(thumbprintInput(x)).digest('base64url');
}

/** A directory's keys by thumbprint, each a check of a signature with Node's Ed25519 (docs/checks/traffic.md, "Signed agents"). */
export function keysByThumbprint(keys: readonly DirectoryKey[]): Map<string, KeyCheck> {
  return new Map(
    keys.map(({ x }) => {
      const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
      return [thumbprintOf(x), (data, signature) => verify(null, data, key, signature)];
    }),
  );
}

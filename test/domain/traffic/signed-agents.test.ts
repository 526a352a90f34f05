import { newSigningKey, RFC9421_TEST_KEY, signingKeyOf, signRequest } from '../../../dev/signed-agents';
import { directoryDue, freshnessOf, parseDirectory } from '../../../domain/traffic/key-directory';
import { keysByThumbprint, thumbprintOf } from '../../../infra/ed25519-keys';
import type { LogRequest } from '../../../domain/traffic/log-request';
import { signatureVerdict, type DirectoryKeys } from '../../../domain/traffic/signed-agents';

/** The draft's Ed25519 vectors (web_bot_auth_architecture_v2.json, signed with RFC 9421 B.1.4's key). */
const VECTOR_DICTIONARY = {
  agent: 'agent2="https://signature-agent.test"',
  input:
    'sig2=("@authority" "signature-agent";key="agent2");created=1735689600;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";expires=4889289600;nonce="n9p433xm+NJ3ph3upfBIGmsuwHw387YV7Q/F+6BSpGCVjYCqQw6rznNA8PVVLySrAWsv0hQtFioQb6E1YsauiA==";tag="web-bot-auth"',
  signature: 'sig2=:RdNFx5Bj6au3YgAMQL/RzmUlZE8QZLIaXGRpw985hWnwPfMxT228NMk6ehRS1PSl4e8PhbNZACSanGdhEwYCCg==:',
};
const VECTOR_AUTHORITY_ONLY = {
  input:
    'sig1=("@authority");created=1735689600;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";expires=4889289600;nonce="zIW8+cdmA3vdYagbxojpONwa/l0EKJ/O3/wD486VvsQjO/RxPaSt6ZxvQaMcQzNnqKN/mQ6hpGiFro2L2qkz5A==";tag="web-bot-auth"',
  signature: 'sig1=:QKN4fTdIYfh82fvoZCQiQA1weuozfCS/Led2zTMbewMMqH8PI2Wsy/5c4ao6B6D09nraNQdBNOADg8aM1MqfCg==:',
};
const TEST_KEY = signingKeyOf(RFC9421_TEST_KEY);
const OTHER_KEY = newSigningKey();

const directoryOf = (...keys: { x: string }[]): DirectoryKeys => ({ keys: keysByThumbprint(keys) });
const request = (signature: LogRequest['signature'], overrides: Partial<LogRequest> = {}): LogRequest => ({
  time: Date.parse('2026-11-25T10:00:00Z'),
  ip: '198.51.100.7',
  method: 'GET',
  path: '/path/to/resource',
  status: 200,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  host: 'example.com',
  signature,
  ...overrides,
});

test("RFC 7638 thumbprint of the RFC 9421 test key is the draft's keyid", () => {
  expect(thumbprintOf(RFC9421_TEST_KEY.x)).toBe('poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U');
});

test("the draft's dictionary vector verifies against its directory, label sig2 with member agent2", () => {
  const directories = new Map([
    ['https://signature-agent.test/.well-known/http-message-signatures-directory', directoryOf(RFC9421_TEST_KEY)],
  ]);
  expect(signatureVerdict(request(VECTOR_DICTIONARY), (url) => directories.get(url))).toEqual({
    origin: 'https://signature-agent.test',
    verdict: { outcome: 'verified' },
  });
  // Another host: the @authority line differs, the signature no longer matches.
  expect(signatureVerdict(request(VECTOR_DICTIONARY, { host: 'example.org' }), (url) => directories.get(url)).verdict).toEqual({
    outcome: 'invalid',
    reason: 'bad-signature',
  });
  // @authority is the host lower-cased, its default port dropped.
  expect(signatureVerdict(request(VECTOR_DICTIONARY, { host: 'Example.COM:443' }), (url) => directories.get(url)).verdict.outcome).toBe(
    'verified',
  );
});

test("the draft's @authority-only vector names no Signature-Agent: invalid, a component is missing", () => {
  expect(signatureVerdict(request(VECTOR_AUTHORITY_ONLY), () => directoryOf(RFC9421_TEST_KEY)).verdict).toEqual({
    outcome: 'invalid',
    reason: 'missing-component',
  });
});

test('the legacy quoted form (ChatGPT agent) and the dictionary form, signed by a test signer, verify; the key is found by (directory, thumbprint)', () => {
  const at = Date.parse('2026-11-25T10:00:00Z') / 1000;
  const legacy = signRequest({
    key: TEST_KEY,
    agent: 'https://chatgpt.com',
    form: 'legacy',
    authority: 'shop.example',
    created: at - 10,
    expires: at + 300,
  });
  const dictionary = signRequest({
    key: OTHER_KEY,
    agent: 'https://agents.example',
    form: 'dictionary',
    authority: 'shop.example',
    created: at - 10,
    expires: at + 300,
    label: 'sig7',
    member: 'a1',
  });
  const directories = new Map([
    ['https://chatgpt.com/.well-known/http-message-signatures-directory', directoryOf(TEST_KEY)],
    ['https://agents.example/.well-known/http-message-signatures-directory', directoryOf(OTHER_KEY)],
  ]);
  const lookup = (url: string) => directories.get(url);
  expect(signatureVerdict(request(legacy, { host: 'shop.example' }), lookup)).toEqual({
    origin: 'https://chatgpt.com',
    verdict: { outcome: 'verified' },
  });
  expect(signatureVerdict(request(dictionary, { host: 'shop.example' }), lookup)).toEqual({
    origin: 'https://agents.example',
    verdict: { outcome: 'verified' },
  });
  // The same keyid under another agent's directory names no key there: never looked up by keyid alone.
  const claimsChatgpt = signRequest({
    key: OTHER_KEY,
    agent: 'https://chatgpt.com',
    form: 'legacy',
    authority: 'shop.example',
    created: at - 10,
    expires: at + 300,
  });
  expect(signatureVerdict(request(claimsChatgpt, { host: 'shop.example' }), lookup).verdict).toEqual({
    outcome: 'invalid',
    reason: 'unknown-key',
  });
});

test('expired, not yet valid, wrong tag, forged, unparseable and unreachable, each judged at the logged time', () => {
  const at = Date.parse('2026-11-25T10:00:00Z') / 1000;
  const sign = (overrides: Partial<Parameters<typeof signRequest>[0]>) =>
    signRequest({
      key: TEST_KEY,
      agent: 'https://chatgpt.com',
      form: 'legacy',
      authority: 'example.com',
      created: at - 10,
      expires: at + 300,
      ...overrides,
    });
  const chatgpt = directoryOf(TEST_KEY);
  const verdict = (signature: LogRequest['signature'], directory: DirectoryKeys | undefined = chatgpt) =>
    signatureVerdict(request(signature), () => directory).verdict;

  expect(verdict(sign({ created: at - 600, expires: at - 300 }))).toEqual({ outcome: 'invalid', reason: 'expired' });
  expect(verdict(sign({ created: at + 3600, expires: at + 7200 }))).toEqual({ outcome: 'invalid', reason: 'expired' });
  // Valid when read long after: the logged time decides, not the clock.
  expect(verdict(sign({ created: at - 10, expires: at + 1 }))).toEqual({ outcome: 'verified' });
  expect(verdict(sign({ tag: 'web-bot-auth-other' }))).toEqual({ outcome: 'invalid', reason: 'wrong-tag' });
  const forged = sign({});
  const tampered = {
    ...forged,
    signature: forged.signature.replace(/^sig1=:(.)/, (_, first: string) => `sig1=:${first === 'A' ? 'B' : 'A'}`),
  };
  expect(verdict(tampered)).toEqual({ outcome: 'invalid', reason: 'bad-signature' });
  expect(verdict({ ...forged, input: 'sig1=("@authority" "signature-agent"' })).toEqual({ outcome: 'invalid', reason: 'unparseable' });
  expect(verdict({ ...forged, signature: 'sig1=not-bytes' })).toEqual({ outcome: 'invalid', reason: 'unparseable' });
  expect(verdict({ agent: forged.agent })).toEqual({ outcome: 'invalid', reason: 'unparseable' });
  expect(verdict(forged, { unreachable: 'HTTP 503' })).toEqual({ outcome: 'unverified', reason: 'directory-unreachable' });
});

test('a directory keeps Ed25519 keys only, by their computed thumbprint (a kid that lies is ignored), and refuses what is not a JWKS', () => {
  const keys = parseDirectory(
    JSON.stringify({
      keys: [
        { kty: 'OKP', crv: 'Ed25519', kid: 'made-up', x: RFC9421_TEST_KEY.x },
        { kty: 'RSA', n: 'x', e: 'AQAB' },
      ],
    }),
  );
  expect([...keysByThumbprint(keys).keys()]).toEqual(['poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U']);
  expect(() => parseDirectory('<html></html>')).toThrow();
  expect(() => parseDirectory('{"jwks":[]}')).toThrow(/no "keys"/);
});

test('a directory stays fresh for its max-age, held between 5 minutes and a day; after a failed fetch it is not asked again for 5 minutes', () => {
  expect(freshnessOf('public, max-age=86400')).toBe(86_400);
  expect(freshnessOf('max-age=10')).toBe(300);
  expect(freshnessOf('max-age=31536000')).toBe(86_400);
  expect(freshnessOf(undefined)).toBe(3600);
  const now = new Date('2026-11-25T10:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  expect(directoryDue(undefined, now)).toBe(true);
  expect(directoryDue({ fetchedAt: ago(30), maxAgeSeconds: 3600 }, now)).toBe(false);
  expect(directoryDue({ fetchedAt: ago(61), maxAgeSeconds: 3600 }, now)).toBe(true);
  // Stale, but it failed 2 minutes ago: the stored keys go on verifying until the 5 minutes are past.
  expect(directoryDue({ fetchedAt: ago(120), maxAgeSeconds: 3600, failure: { at: ago(2) } }, now)).toBe(false);
  expect(directoryDue({ fetchedAt: ago(120), maxAgeSeconds: 3600, failure: { at: ago(6) } }, now)).toBe(true);
});

import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Web Bot Auth signer and key directories, written from the IETF draft (draft-ietf-webbotauth-httpsig-protocol,
 * the editor's copy) and RFC 9421 §2.5, apart from the verifier they test: the signature base is spelled out
 * here line by line. Keys are Ed25519; a directory is served at `/.well-known/http-message-signatures-directory`
 * as `application/http-message-signatures-directory+json`, `{"keys":[{kty,crv,kid,x,use}]}`, `kid` the RFC 7638 thumbprint.
 */

/** RFC 9421 B.1.4's Ed25519 test key: the draft's vectors are signed with it. */
export const RFC9421_TEST_KEY = {
  kty: 'OKP',
  crv: 'Ed25519',
  d: 'n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU',
  x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs',
} as const;

export interface SigningKey {
  privateKey: KeyObject;
  x: string;
  /** RFC 7638 thumbprint: the keyid. */
  kid: string;
}

export function signingKeyOf(jwk: { d: string; x: string }): SigningKey {
  const privateKey = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: jwk.d, x: jwk.x }, format: 'jwk' });
  return { privateKey, x: jwk.x, kid: kidOf(jwk.x) };
}

export function newSigningKey(): SigningKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  const x = createPublicKey(privateKey).export({ format: 'jwk' }).x!;
  return { privateKey, x, kid: kidOf(x) };
}

function kidOf(x: string): string {
  // RFC 8037 A.3: the thumbprint of the required members, in this order, without spaces.
  return createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
}

export interface SignOptions {
  key: SigningKey;
  /** The agent's origin, e.g. https://chatgpt.com. */
  agent: string;
  /** legacy: `Signature-Agent: "https://…"` covered whole; dictionary: `member="https://…"` covered with `;key=`. */
  form: 'legacy' | 'dictionary';
  authority: string;
  /** Epoch seconds. */
  created: number;
  expires: number;
  label?: string;
  member?: string;
  tag?: string;
  nonce?: string;
}

/** The three headers of a signed request, as a signing agent sends them. */
export function signRequest(options: SignOptions): { agent: string; input: string; signature: string } {
  const { key, agent, form, authority, created, expires, label = 'sig1', member = 'sig1', tag = 'web-bot-auth' } = options;
  const agentHeader = form === 'legacy' ? `"${agent}"` : `${member}="${agent}"`;
  const agentComponent = form === 'legacy' ? '"signature-agent"' : `"signature-agent";key="${member}"`;
  // Either way the covered value is the quoted URL: the whole field, or the member re-serialised.
  const agentValue = `"${agent}"`;
  const nonce = options.nonce === undefined ? '' : `;nonce="${options.nonce}"`;
  const params = `("@authority" ${agentComponent});created=${created};keyid="${key.kid}";alg="ed25519";expires=${expires}${nonce};tag="${tag}"`;
  const base = [`"@authority": ${authority}`, `${agentComponent}: ${agentValue}`, `"@signature-params": ${params}`].join('\n');
  const signature = sign(null, Buffer.from(base), key.privateKey).toString('base64');
  return { agent: agentHeader, input: `${label}=${params}`, signature: `${label}=:${signature}:` };
}

export interface DirectoryStandIn {
  origin: string;
  /** host → this server, for FETCH_ORIGIN_OVERRIDES. */
  fetchOverrides(): Record<string, string>;
  /** Requests served, by host. */
  requests: Map<string, number>;
  /** Changes how a host's directory answers from now on. */
  set(host: string, answer: DirectoryAnswer): void;
  close(): Promise<void>;
}

/** How a host's directory answers: its keys, or a misbehaviour the verifier must survive. */
export type DirectoryAnswer =
  { keys: SigningKey[] } | { status: number } | { redirect: string } | { huge: true } | { notJson: true } | { slowMs: number };

/** One loopback server standing in for every agent origin's key directory (route the hosts here). */
export async function startDirectoryStandIn(initial: Record<string, DirectoryAnswer>): Promise<DirectoryStandIn> {
  const directories = { ...initial };
  const requests = new Map<string, number>();
  const server = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const answer = directories[host];
    requests.set(host, (requests.get(host) ?? 0) + 1);
    if (!answer || request.method !== 'GET' || request.url !== '/.well-known/http-message-signatures-directory') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    if ('status' in answer) return void response.writeHead(answer.status, { 'content-type': 'text/plain' }).end('unavailable');
    if ('redirect' in answer) return void response.writeHead(302, { location: answer.redirect }).end();
    if ('notJson' in answer) return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>');
    if ('huge' in answer) {
      response.writeHead(200, { 'content-type': 'application/http-message-signatures-directory+json' });
      return void response.end(`{"keys":[${Array.from({ length: 40_000 }, () => '{"kty":"OKP","crv":"Ed25519","x":"AAAA"}').join(',')}]}`);
    }
    if ('slowMs' in answer) {
      const timer = setTimeout(() => response.writeHead(200).end('{"keys":[]}'), answer.slowMs);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    const keys = answer.keys.map((key) => ({ kty: 'OKP', crv: 'Ed25519', kid: key.kid, x: key.x, use: 'sig' }));
    response
      .writeHead(200, { 'content-type': 'application/http-message-signatures-directory+json', 'cache-control': 'max-age=86400' })
      .end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    fetchOverrides: () => Object.fromEntries(Object.keys(directories).map((host) => [host, origin])),
    requests,
    set: (host, answer) => {
      directories[host] = answer;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

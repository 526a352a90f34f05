import { serializeInnerList, serializeItem, type Item } from 'structured-headers';
import { directoryUrlOf, type KeyCheck } from './key-directory';
import type { LogRequest } from './log-request';
import { readSignature, type SignedParts } from './signature-headers';
import type { SignatureVerdict } from './signature-outcomes';

/** The agents known by name, by origin. Others are named by their origin. */
export const SIGNED_AGENT_NAMES: Readonly<Record<string, string>> = { 'https://chatgpt.com': 'ChatGPT agent' };

/** A key directory as the verifier has it: its keys by RFC 7638 thumbprint, or why it could not be fetched. */
export type DirectoryKeys = { keys: ReadonlyMap<string, KeyCheck> } | { unreachable: string };

/** A created time this far ahead of the logged time is still accepted: the signer's clock and the server's differ. */
const CLOCK_SKEW_MS = 60_000;

/** The origin a signed request names (counted under it), or undefined when its Signature-Agent cannot be read. */
export function agentOriginOf(agent: string | undefined): string | undefined {
  const url = agent === undefined ? undefined : directoryUrlOf(agent);
  return url === undefined ? undefined : new URL(url).origin;
}

/** One request's verdict, with the agent origin it is counted under. `directory` answers for a directory URL. */
export function signatureVerdict(
  request: LogRequest,
  directory: (url: string) => DirectoryKeys | undefined,
): { origin: string | undefined; verdict: SignatureVerdict } {
  const read = readSignature(request.signature ?? {});
  const origin = agentOriginOf(read.agent);
  if (read.problem || !read.signed) return { origin, verdict: { outcome: 'invalid', reason: read.problem ?? 'unparseable' } };
  if (origin === undefined) return { origin, verdict: { outcome: 'invalid', reason: 'unparseable' } };
  return { origin, verdict: judge(request, read.signed, directory(directoryUrlOf(origin)!)) };
}

function judge(request: LogRequest, signed: SignedParts, directory: DirectoryKeys | undefined): SignatureVerdict {
  // Judged at the logged request's time, not now: a log is read days after it was written.
  if (request.time !== undefined && (signed.expires * 1000 <= request.time || signed.created * 1000 > request.time + CLOCK_SKEW_MS))
    return { outcome: 'invalid', reason: 'expired' };
  if (!directory || 'unreachable' in directory) return { outcome: 'unverified', reason: 'directory-unreachable' };
  // Looked up by (directory, thumbprint): a keyid alone names no key.
  const check = directory.keys.get(signed.keyid);
  if (!check) return { outcome: 'invalid', reason: 'unknown-key' };
  const base = signatureBase(request, signed);
  if (base === undefined) return { outcome: 'unverified', reason: 'not-logged' };
  const good = signed.signature.length === 64 && check(new TextEncoder().encode(base), signed.signature);
  return good ? { outcome: 'verified' } : { outcome: 'invalid', reason: 'bad-signature' };
}

/** `@authority` as RFC 9421 §2.2.3 makes it: lower-case, the default port dropped. */
function authorityOf(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:(443|80)$/, '');
}

/** A covered component's value from what the log recorded; undefined when the log does not record it. */
function componentValue(request: LogRequest, signed: SignedParts, [name, params]: Item): string | undefined {
  const [path = '', query] = splitTarget(request.path);
  const onlyKey = [...params.keys()].every((param) => param === 'key');
  if (!onlyKey) return undefined;
  switch (name) {
    case '@authority':
      return request.host === undefined ? undefined : authorityOf(request.host);
    case '@method':
      return request.method?.toUpperCase();
    case '@path':
      return path;
    case '@query':
      return `?${query ?? ''}`;
    // The scheme is not logged: a signed agent fetches over https (the draft requires TLS).
    case '@target-uri':
      return request.host === undefined ? undefined : `https://${authorityOf(request.host)}${request.path}`;
    case 'signature-agent':
      return signed.agentMember ? serializeItem(signed.agentMember) : request.signature?.agent?.trim();
    case 'user-agent':
      return request.userAgent === '' ? undefined : request.userAgent;
    default:
      return undefined;
  }
}

const splitTarget = (target: string): [string, string | undefined] => {
  const mark = target.indexOf('?');
  return mark < 0 ? [target, undefined] : [target.slice(0, mark), target.slice(mark + 1)];
};

/** RFC 9421 §2.5: a line per covered component, then `"@signature-params"`, joined by LF, no LF at the end. */
export function signatureBase(request: LogRequest, signed: SignedParts): string | undefined {
  const lines: string[] = [];
  for (const component of signed.components) {
    const value = componentValue(request, signed, component);
    if (value === undefined) return undefined;
    lines.push(`${serializeItem(component)}: ${value}`);
  }
  lines.push(`"@signature-params": ${serializeInnerList(signed.input)}`);
  return lines.join('\n');
}

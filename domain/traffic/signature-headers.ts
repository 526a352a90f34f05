import { isInnerList, parseDictionary, parseItem, type Dictionary, type InnerList, type Item } from 'structured-headers';
import type { SignatureHeaders } from './log-request';
import type { InvalidReason } from './signature-outcomes';

/**
 * The Web Bot Auth headers of one logged request read as RFC 9421 says (Structured Fields, RFC 9651):
 * which agent the request names, and the signature to check, or why it cannot be checked
 * (docs/checks/traffic.md, "Signed agents"). Pure: no key, no clock.
 */
export const WEB_BOT_AUTH_TAG = 'web-bot-auth';

export interface ReadSignature {
  /** The Signature-Agent value the request names (an origin URL), when one can be read. */
  agent?: string;
  /** Why the signature is invalid before any key is looked at. */
  problem?: InvalidReason;
  signed?: SignedParts;
}

export interface SignedParts {
  /** The covered components, in order (`"@authority"`, `"signature-agent";key="sig1"`, …). */
  components: Item[];
  /** The inner list and its parameters, as Signature-Input gives them: `@signature-params` is their serialisation. */
  input: InnerList;
  keyid: string;
  created: number;
  expires: number;
  signature: Uint8Array;
  /** The covered Signature-Agent's value as RFC 9421 §2.1 makes it: the raw field (legacy) or the dictionary member re-serialised. */
  agentMember: Item | undefined;
}

type AgentField = { kind: 'legacy'; value: string } | { kind: 'dictionary'; members: Dictionary };

/**
 * Signature-Agent in its three shapes: the dictionary `sig1="https://…"` (the draft), the legacy quoted
 * string `"https://chatgpt.com"`, and a bare URL (some proxies strip the quotes; OpenBotAuth saw it).
 */
function readAgentField(raw: string | undefined): AgentField | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  try {
    if (value.startsWith('"')) {
      const [item] = parseItem(value);
      return typeof item === 'string' ? { kind: 'legacy', value: item } : undefined;
    }
    if (/^<?https?:\/\//i.test(value)) return { kind: 'legacy', value: value.replace(/^<|>$/g, '') };
    return { kind: 'dictionary', members: parseDictionary(value) };
  } catch {
    return undefined;
  }
}

/** The first member's string value of a dictionary field: whom an uncovered or unreadable signature claims to be. */
function firstAgent(field: AgentField | undefined): string | undefined {
  if (!field) return undefined;
  if (field.kind === 'legacy') return field.value;
  for (const member of field.members.values()) if (!isInnerList(member) && typeof member[0] === 'string') return member[0];
  return undefined;
}

const parse = (raw: string | undefined): Dictionary | undefined => {
  if (raw === undefined) return undefined;
  try {
    return parseDictionary(raw);
  } catch {
    return undefined;
  }
};

/** Reads the three headers; never throws, whatever the log holds. */
export function readSignature(headers: SignatureHeaders): ReadSignature {
  const agentField = readAgentField(headers.agent);
  const claimed = firstAgent(agentField);
  const invalid = (problem: InvalidReason, agent = claimed): ReadSignature => ({ ...(agent !== undefined && { agent }), problem });
  const inputs = parse(headers.input);
  const signatures = parse(headers.signature);
  if (!inputs || !signatures || inputs.size === 0) return invalid('unparseable');
  // The Web Bot Auth signature is the one tagged so; a request may carry others beside it.
  const label = [...inputs.keys()].find((key) => {
    const member = inputs.get(key)!;
    return isInnerList(member) && member[1].get('tag') === WEB_BOT_AUTH_TAG;
  });
  if (label === undefined) return invalid([...inputs.values()].every(isInnerList) ? 'wrong-tag' : 'unparseable');
  const input = inputs.get(label) as InnerList;
  const signature = signatures.get(label);
  if (!signature || isInnerList(signature) || !(signature[0] instanceof ArrayBuffer)) return invalid('unparseable');
  const [components, params] = input;
  if (components.some(([name]) => typeof name !== 'string')) return invalid('unparseable');

  const agentComponent = components.find(([name]) => name === 'signature-agent');
  const memberKey = agentComponent?.[1].get('key');
  let agent = claimed;
  let agentMember: Item | undefined;
  if (agentComponent) {
    if (memberKey === undefined) {
      // Covered whole: the legacy string (`"https://chatgpt.com"`), read as the field's value.
      if (agentField?.kind !== 'legacy') return invalid('unparseable');
    } else {
      const member = agentField?.kind === 'dictionary' && typeof memberKey === 'string' ? agentField.members.get(memberKey) : undefined;
      if (!member || isInnerList(member) || typeof member[0] !== 'string') return invalid('unparseable');
      agent = member[0];
      agentMember = member;
    }
  }
  const covers = (name: string) => components.some(([component]) => component === name);
  if (!agentComponent || !(covers('@authority') || covers('@target-uri'))) return invalid('missing-component', agent);
  const { keyid, created, expires } = { keyid: params.get('keyid'), created: params.get('created'), expires: params.get('expires') };
  if (typeof keyid !== 'string' || !Number.isInteger(created) || !Number.isInteger(expires)) return invalid('missing-component', agent);
  return {
    ...(agent !== undefined && { agent }),
    signed: {
      components,
      input,
      keyid,
      created: created as number,
      expires: expires as number,
      signature: new Uint8Array(signature[0]),
      agentMember,
    },
  };
}

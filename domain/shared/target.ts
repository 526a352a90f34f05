import { brandFromDomain } from './brand-name';
import { truncate } from './text';
import { siteHost } from './site-host';

/**
 * Turns what a user typed ("example.com", "https://www.Example.com/page?q") into the host to check.
 * Pure: the WHATWG URL parser (a global in Node and in Temporal's workflow sandbox) does IDNA → punycode.
 */

export interface CheckTarget {
  /** Normalised domain the report is about: lower case, punycode, no trailing dot, no leading "www.". */
  domain: string;
  /** Host to fetch first: the domain as the user gave it (keeps "www." if given). */
  host: string;
  /** The site's name as people say it, from the Public Suffix List: "Acme Tools" for shop.acme-tools.co.uk. */
  brand: string;
}

/** `malformed`: not a host or URL at all (HTTP 400); `not-public`: not a public domain name (HTTP 422; contract/failures.ts maps both). */
export type TargetProblem = 'malformed' | 'not-public';

export class InvalidTargetError extends Error {
  constructor(
    readonly problem: TargetProblem,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidTargetError';
  }
}

export const MAX_TARGET_LENGTH = 2048;

/** Special-use and private-use names (RFC 6761, RFC 6762, RFC 8375, ICANN's .internal) that no public site has. */
export const RESERVED_SUFFIXES = [
  'localhost',
  'local',
  'test',
  'example',
  'invalid',
  'internal',
  'intranet',
  'lan',
  'home.arpa',
  'arpa',
  'onion',
  'corp',
  'home',
];

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export interface NormaliseOptions {
  /** Hosts that may use reserved names (FETCH_ORIGIN_OVERRIDES: tests and demos). */
  allowedHosts?: ReadonlySet<string>;
}

export function normaliseTarget(input: string, options: NormaliseOptions = {}): CheckTarget {
  const text = input.trim();
  if (text === '')
    throw new InvalidTargetError('malformed', 'url is empty: give a domain such as example.com or a URL such as https://example.com');
  if (text.length > MAX_TARGET_LENGTH) throw new InvalidTargetError('malformed', `url is longer than ${MAX_TARGET_LENGTH} characters`);

  const schemeMatch = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text);
  if (schemeMatch && !/^https?$/i.test(schemeMatch[1]!)) {
    throw new InvalidTargetError('malformed', `only http and https addresses can be checked, not ${schemeMatch[1]}:`);
  }
  let url: URL;
  try {
    url = new URL(schemeMatch ? text : `https://${text}`);
  } catch {
    throw new InvalidTargetError('malformed', `"${truncate(text, 78)}" is not a domain name or URL`);
  }

  const host = url.hostname.replace(/\.$/, '');
  if (host === '') throw new InvalidTargetError('malformed', `"${truncate(text, 78)}" has no host name`);
  if (host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    throw new InvalidTargetError('not-public', `${host} is an IP address; give the site's domain name instead`);
  }
  if (options.allowedHosts?.has(host)) return describe(host);

  if (host === 'localhost' || host.endsWith('.localhost')) {
    throw new InvalidTargetError('not-public', `${host} is this machine, not a public site`);
  }
  const labels = host.split('.');
  if (labels.length < 2)
    throw new InvalidTargetError('not-public', `${host} is not a public domain name (it has no top-level domain such as .com)`);
  if (host.length > 253 || !labels.every((label) => LABEL.test(label))) {
    throw new InvalidTargetError('not-public', `${host} is not a valid domain name`);
  }
  const tld = labels.at(-1)!;
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) {
    throw new InvalidTargetError('not-public', `${host} does not end in a valid top-level domain`);
  }
  const reserved = RESERVED_SUFFIXES.find((suffix) => host === suffix || host.endsWith(`.${suffix}`));
  if (reserved) throw new InvalidTargetError('not-public', `${host} uses the reserved name .${reserved}, which no public site has`);

  return describe(host);
}

function describe(host: string): CheckTarget {
  const domain = siteHost(host);
  return { domain, host, brand: brandFromDomain(domain) };
}

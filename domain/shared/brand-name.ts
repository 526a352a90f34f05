import { toUnicode } from 'punycode/';
import { parse } from 'tldts';
import { siteHost } from './site-host';

/**
 * A site's name as people say it, from its domain and the Public Suffix List (tldts, private domains
 * included): 'shop.acme-tools.co.uk' → 'Acme Tools', 'user.github.io' → 'User', 'xn--bcher-kva.de' →
 * 'Bücher'. Runs in activities (the list is large), never in workflow code.
 */

/** The label just left of the public suffix: 'example' for shop.example.com.au; the host itself when it has none. */
export function registrableLabel(host: string): string {
  const bare = siteHost(host);
  return parse(bare, { allowPrivateDomains: true }).domainWithoutSuffix || bare.split('.')[0] || bare;
}

/** A punycode label (xn--…) in Unicode; any other label as it is. */
export function decodeLabel(label: string): string {
  if (!label.startsWith('xn--')) return label;
  try {
    return toUnicode(label);
  } catch {
    return label;
  }
}

export function brandFromDomain(domain: string): string {
  const label = registrableLabel(domain);
  const decoded = decodeLabel(label);
  // A label that only looks like punycode is not split into words.
  if (decoded === label && label.startsWith('xn--')) return label;
  return decoded
    .split(/[-_]+/u)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

import type ipaddr from 'ipaddr.js';
import { parseAddress } from './ip-ranges';

/**
 * Reverse DNS then forward confirmation, as Google, Microsoft, Apple, Amazon and Yandex document it:
 * the address's PTR name must end in one of the vendor's domains, and that name must resolve back to
 * the same address (else anyone controlling their own reverse zone could claim `crawl-1.googlebot.com`).
 * Pure: the activity does the lookups and hands the answers here.
 */
export interface DnsAnswers {
  /** PTR names of the address (empty when it has none). */
  reverse: string[];
  /** For each PTR name, the addresses it resolves to (A and AAAA). */
  forward: Record<string, string[]>;
}

/**
 * Whether a host name is under a vendor pattern: `googlebot.com` covers any name ending in `.googlebot.com`;
 * `google-proxy-*.google.com` allows one label of that form directly under `google.com` (never `google.com`
 * at large, nor `googleusercontent.com`, which any cloud VM can have).
 */
export function hostMatches(host: string, pattern: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!pattern.includes('*')) return name === pattern || name.endsWith(`.${pattern}`);
  const [label, ...rest] = pattern.split('.');
  const parent = rest.join('.');
  if (!name.endsWith(`.${parent}`)) return false;
  const first = name.slice(0, -(parent.length + 1));
  const [before, after] = label!.split('*') as [string, string];
  return !first.includes('.') && first.length >= before.length + after.length && first.startsWith(before) && first.endsWith(after);
}

/** True when a PTR name under the vendor's domains resolves forward to the very address. */
export function hostNameConfirms(ip: string, answers: DnsAnswers, patterns: readonly string[]): boolean {
  const address = parseAddress(ip);
  if (!address || patterns.length === 0) return false;
  const wanted = address.toNormalizedString();
  return answers.reverse.some(
    (name) =>
      patterns.some((pattern) => hostMatches(name, pattern)) &&
      (answers.forward[name] ?? answers.forward[name.replace(/\.$/, '')] ?? []).some(
        (forward) => parseAddress(forward)?.toNormalizedString() === wanted,
      ),
  );
}

/** The in-addr.arpa or ip6.arpa name whose PTR records name an address (RFC 1035 §3.5, RFC 3596 §2.5). */
export function reverseDnsName(ip: string): string {
  const address = parseAddress(ip);
  if (!address) throw new Error(`${ip} is not an IP address`);
  if (address.kind() === 'ipv4') return `${(address as ipaddr.IPv4).octets.slice().reverse().join('.')}.in-addr.arpa`;
  const nibbles = (address as ipaddr.IPv6).parts.map((part) => part.toString(16).padStart(4, '0')).join('');
  return `${nibbles.split('').reverse().join('.')}.ip6.arpa`;
}

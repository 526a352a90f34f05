import type ipaddr from 'ipaddr.js';
import { parseAddress } from './ip-ranges';

/**
 * The network an address belongs to, as forged requests are reported: its /24 (IPv4) or /48 (IPv6),
 * never the address itself. Anything that is not an address (a log with host names) is "unknown".
 */
export function networkOf(ip: string): string {
  const address = parseAddress(ip);
  if (!address) return 'unknown';
  if (address.kind() === 'ipv4') {
    const [a, b, c] = (address as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (address as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16));
  return `${parts.join(':')}::/48`;
}

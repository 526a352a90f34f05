import ipaddr from 'ipaddr.js';
import { isPublicAddress } from '../shared/addresses';

/**
 * The client of a request logged behind a proxy. A server behind a load balancer or reverse proxy in
 * its own network logs the proxy's address (private or loopback) as the connecting address; the client
 * is then in the X-Forwarded-For header the proxy passes on (NGINX's `"$http_x_forwarded_for"` after
 * the user agent). Decided here: when the connecting address is private, loopback, link-local,
 * unique-local or carrier-grade NAT, the left-most public address of X-Forwarded-For is the client (the
 * one the first proxy saw; a CDN before the site's own proxy appends its edge after it); otherwise,
 * and when X-Forwarded-For holds no public address, the connecting address is. A public connecting
 * address is never replaced: X-Forwarded-For is then only what the client says of itself.
 */

/** The ranges a proxy in the site's own network connects from. */
const PROXY_RANGES = new Set(['private', 'loopback', 'linkLocal', 'uniqueLocal', 'carrierGradeNat']);

/** An address as a log writes it, or undefined: IPv4 in four decimal parts, IPv6 (`[…]` and ports dropped). */
function addressOf(entry: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  let text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.indexOf(':'));
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (text.includes(':') && ipaddr.IPv6.isValid(text)) {
    const address = ipaddr.IPv6.parse(text);
    return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
  }
  return undefined;
}

/** Whether a connecting address is a proxy of the site's own network. */
export function isProxyAddress(ip: string): boolean {
  const address = addressOf(ip);
  return address !== undefined && PROXY_RANGES.has(address.range());
}

/** The client of a request: `connecting`, or the left-most public address of `forwardedFor` behind a proxy. */
export function clientAddress(connecting: string, forwardedFor: string | undefined): string {
  if (!forwardedFor || !isProxyAddress(connecting)) return connecting;
  for (const entry of forwardedFor.split(',')) {
    const address = addressOf(entry);
    if (address && isPublicAddress(address.toString())) return address.toString();
  }
  return connecting;
}

import ipaddr from 'ipaddr.js';

/**
 * Whether the service may connect to an IP address: only public unicast. Refuses loopback, private,
 * link-local (cloud metadata at 169.254.169.254 included), CGNAT, multicast, reserved, documentation,
 * unique-local and the IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo), judged
 * by the address they embed or refused outright.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}

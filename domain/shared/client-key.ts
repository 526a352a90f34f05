import ipaddr from 'ipaddr.js';

/**
 * Who a request counts against for rate limits: the IPv4 address, or the /64 network of an IPv6
 * address (one subscriber usually holds a whole /64, so counting single addresses would let anyone
 * rotate past the limit). IPv4-mapped IPv6 counts as its IPv4 address.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.fromByteArray([...parts.flatMap((part) => [part >> 8, part & 0xff]), ...new Array<number>(8).fill(0)]).toString()}/64`;
}

import type { AddressInfo } from 'node:net';
import DNS from 'dns2';
import ipaddr from 'ipaddr.js';
import { reverseDnsName } from '../domain/traffic/host-names';

/**
 * A DNS server on loopback (UDP) answering PTR, A and AAAA from a zone the test sets, for the reverse-DNS
 * verification of crawlers (point DNS_SERVERS at `server`). A name it does not hold is NXDOMAIN, as a real
 * resolver answers; `failing` makes it answer SERVFAIL to everything (a resolver outage).
 */
export interface DnsZone {
  /** Address → its PTR names. */
  ptr: Record<string, string[]>;
  /** Name → its addresses (IPv4 answered for A, IPv6 for AAAA). */
  addresses: Record<string, string[]>;
}

export interface DnsStandIn {
  /** host:port for DNS_SERVERS. */
  server: string;
  zone: DnsZone;
  failing: boolean;
  /** Questions asked, as `TYPE name`. */
  questions: string[];
  close(): Promise<void>;
}

export async function startDnsStandIn(zone: DnsZone = { ptr: {}, addresses: {} }): Promise<DnsStandIn> {
  const { Packet } = DNS;
  // dns2 encodes answers from their plain fields; its type declares the decoded class's methods too.
  const record = (fields: Record<string, unknown>) => fields as unknown as DNS.Packet.Resource;
  const state: DnsStandIn = { server: '', zone, failing: false, questions: [], close: async () => undefined };
  const server = DNS.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
      state.questions.push(`${Packet.TYPE_NAME[question?.type ?? 0] ?? '?'} ${name}`);
      if (state.failing) {
        response.header.rcode = Packet.RCODE.SERVFAIL;
        void send(response);
        return;
      }
      const ptrs = Object.entries(state.zone.ptr).find(([ip]) => reverseDnsName(ip) === name)?.[1];
      const addresses = state.zone.addresses[name];
      if (question?.type === Packet.TYPE.PTR && ptrs) {
        for (const domain of ptrs)
          response.answers.push(record({ name: question.name, type: Packet.TYPE.PTR, class: Packet.CLASS.IN, ttl: 300, domain }));
      } else if (addresses && (question?.type === Packet.TYPE.A || question?.type === Packet.TYPE.AAAA)) {
        const family = question.type === Packet.TYPE.A ? 'ipv4' : 'ipv6';
        for (const address of addresses.filter((entry) => ipaddr.parse(entry).kind() === family))
          response.answers.push(record({ name: question.name, type: question.type, class: Packet.CLASS.IN, ttl: 300, address }));
      } else if (!ptrs && !addresses) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  state.server = `127.0.0.1:${(addresses.udp as AddressInfo).port}`;
  state.close = () => server.close();
  return state;
}

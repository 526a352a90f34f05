import { startDnsStandIn, type DnsStandIn } from '../../dev/dns-stand-in';
import { ALL_CRAWLERS } from '../../domain/shared/crawlers';
import type { DnsAnswers } from '../../domain/traffic/host-names';
import { Verifier } from '../../domain/traffic/verification';
import { createHostNameLookup } from '../../infra/host-name-lookup';
import { testConfig } from '../support/config';

let dns: DnsStandIn;
beforeAll(async () => {
  dns = await startDnsStandIn({
    ptr: {
      // Bingbot, as Microsoft documents it: the address's name is under search.msn.com and resolves back.
      '157.55.40.12': ['msnbot-157-55-40-12.search.msn.com'],
      // Applebot over IPv6.
      '2a01:b747:3001::9': ['9.applebot.apple.com'],
      // Someone's own reverse zone claiming Bing's name, whose forward record is Bing's real address.
      '45.83.10.7': ['msnbot-157-55-40-12.search.msn.com'],
      // A look-alike domain.
      '203.0.113.50': ['crawl.search.msn.com.evil.example'],
    },
    addresses: {
      'msnbot-157-55-40-12.search.msn.com': ['157.55.40.12'],
      '9.applebot.apple.com': ['2a01:b747:3001::9'],
      'crawl.search.msn.com.evil.example': ['203.0.113.50'],
    },
  });
});
afterAll(() => dns?.close());

const bingbot = ALL_CRAWLERS.find((crawler) => crawler.token === 'bingbot')!;
const applebot = ALL_CRAWLERS.find((crawler) => crawler.token === 'Applebot')!;

async function verdicts(ips: string[], token = bingbot): Promise<string[]> {
  const lookup = createHostNameLookup(testConfig({ DNS_SERVERS: dns.server }).dnsServers, 1_000);
  const answers = new Map<string, DnsAnswers | undefined>();
  for (const ip of ips) answers.set(ip, await lookup(ip));
  // Bing's and Apple's range files are not fetched here: DNS alone decides.
  const verifier = new Verifier({ ranges: new Map(), dns: (ip) => answers.get(ip) });
  return ips.map((ip) => verifier.verdict(token, ip));
}

test('DNS_SERVERS is read as a list of resolvers, with ports; anything else is refused by name', () => {
  expect(testConfig({ DNS_SERVERS: '127.0.0.1:5353, [::1]:53,1.1.1.1' }).dnsServers).toEqual(['127.0.0.1:5353', '[::1]:53', '1.1.1.1']);
  expect(testConfig({ DNS_SERVERS: '' }).dnsServers).toBeUndefined();
  expect(() => testConfig({ DNS_SERVERS: 'resolver.example:53' })).toThrow(/DNS_SERVERS: .*"resolver.example:53" is not one/);
});

test('a name under the vendor domain that resolves back to the address verifies it, IPv6 included', async () => {
  expect(await verdicts(['157.55.40.12'])).toEqual(['verified']);
  expect(await verdicts(['2a01:b747:3001::9'], applebot)).toEqual(['verified']);
  expect(dns.questions).toEqual(
    expect.arrayContaining(['PTR 12.40.55.157.in-addr.arpa', 'A msnbot-157-55-40-12.search.msn.com', 'AAAA 9.applebot.apple.com']),
  );
});

test('a borrowed name that does not resolve back, a look-alike domain, or no PTR at all: forged', async () => {
  expect(await verdicts(['45.83.10.7', '203.0.113.50', '198.51.100.77'])).toEqual(['forged', 'forged', 'forged']);
});

test('a resolver that fails gives no answer: unverifiable, never forged', async () => {
  dns.failing = true;
  try {
    expect(await createHostNameLookup([dns.server], 1_000)('157.55.40.12')).toBeUndefined();
    expect(await verdicts(['157.55.40.12'])).toEqual(['unverifiable']);
  } finally {
    dns.failing = false;
  }
});

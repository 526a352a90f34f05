import { Resolver } from 'node:dns/promises';
import { reverseDnsName, type DnsAnswers } from '../domain/traffic/host-names';

/** PTR names looked up forward per address: a crawler's address has one; more is noise. */
const MAX_NAMES = 4;
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA']);

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? '';

/**
 * Reverse DNS then forward lookups of an address, for verifying the crawlers whose vendors publish host
 * names (domain/traffic/host-names.ts decides). Through the resolvers DNS_SERVERS names, else the
 * system's. An address without a PTR record is an answer (no name: nothing confirms it); a resolver that
 * fails or times out gives no answer (undefined), so the request stays unverifiable rather than forged.
 */
export function createHostNameLookup(
  servers: readonly string[] | undefined,
  timeoutMs = 2_000,
): (ip: string) => Promise<DnsAnswers | undefined> {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  const addressesOf = async (name: string, family: 4 | 6): Promise<string[]> => {
    try {
      return family === 4 ? await resolver.resolve4(name) : await resolver.resolve6(name);
    } catch (error) {
      if (NO_RECORD.has(codeOf(error))) return [];
      throw error;
    }
  };
  return async function hostNames(ip: string): Promise<DnsAnswers | undefined> {
    let reverse: string[];
    try {
      // resolvePtr, not reverse(): c-ares's reverse() reports a failing resolver as ENOTFOUND, like a missing record.
      reverse = (await resolver.resolvePtr(reverseDnsName(ip))).slice(0, MAX_NAMES);
    } catch (error) {
      return NO_RECORD.has(codeOf(error)) ? { reverse: [], forward: {} } : undefined;
    }
    try {
      const forward = Object.fromEntries(
        await Promise.all(
          reverse.map(async (name) => [name, [...(await addressesOf(name, 4)), ...(await addressesOf(name, 6))]] as [string, string[]]),
        ),
      );
      return { reverse, forward };
    } catch {
      return undefined;
    }
  };
}

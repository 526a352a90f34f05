import type ipaddr from 'ipaddr.js';
import type { Crawler } from '../shared/crawlers';
import identity from './crawler-identity.json';
import { hostNameConfirms, type DnsAnswers } from './host-names';
import { parseAddress, RangeIndex, type RangeFile } from './ip-ranges';
import type { LogRequest } from './log-request';
import { signatureVerdict, type DirectoryKeys } from './signed-agents';
import type { Verdict } from './verdicts';

/** The verdict of each request (verdicts.ts), from the vendors' ranges and host names (crawler-identity.json). */

export interface CrawlerIdentity {
  /** Range file ids (crawler-identity.json `rangeFiles`). */
  ranges: string[];
  /** Reverse-DNS host patterns. */
  hosts: string[];
}

const IDENTITIES = identity.crawlers as Record<string, Partial<CrawlerIdentity>>;

export function identityOf(token: string): CrawlerIdentity {
  const entry = IDENTITIES[token];
  return { ranges: entry?.ranges ?? [], hosts: entry?.hosts ?? [] };
}

/** What the verifier knows: range files by id, and DNS answers for the addresses that were looked up. */
export interface VerificationData {
  ranges: ReadonlyMap<string, RangeFile>;
  /** Undefined for an address not looked up (or whose lookup failed): its verdict then cannot be forged by DNS. */
  dns?: (ip: string) => DnsAnswers | undefined;
  /** Signing agents' key directories by URL, fetched before the part is read; undefined for one not fetched. */
  directories?: (url: string) => DirectoryKeys | undefined;
}

/** Verdicts repeat per address and crawler: they are kept, up to this many. */
const CACHE_LIMIT = 50_000;

export class Verifier {
  private readonly indexes = new Map<string, RangeIndex>();
  private readonly cache = new Map<string, Verdict>();

  constructor(private readonly data: VerificationData) {}

  /** Whether verifying this crawler needs DNS answers for an address outside its ranges. */
  needsDns(crawler: Crawler, ip: string): boolean {
    const { ranges, hosts } = identityOf(crawler.token);
    if (hosts.length === 0) return false;
    const address = parseAddress(ip);
    return !address || !this.inRanges(ranges, address);
  }

  verdict(crawler: Crawler, ip: string): Verdict {
    const key = `${crawler.token}|${ip}`;
    let verdict = this.cache.get(key);
    if (verdict === undefined) {
      verdict = this.decide(crawler, ip);
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(key, verdict);
    }
    return verdict;
  }

  /** The Web Bot Auth verdict of a request carrying signature headers, with the agent origin it names. */
  signature(request: LogRequest) {
    return signatureVerdict(request, (url) => this.data.directories?.(url));
  }

  private decide(crawler: Crawler, ip: string): Verdict {
    const { ranges, hosts } = identityOf(crawler.token);
    // A log that writes host names instead of addresses leaves nothing to check.
    if (ranges.length === 0 && hosts.length === 0) return 'unverifiable';
    const address = parseAddress(ip);
    if (!address) return 'unverifiable';
    if (this.inRanges(ranges, address)) return 'verified';
    let evidence = false;
    if (hosts.length > 0) {
      const answers = this.data.dns?.(ip);
      if (answers && hostNameConfirms(ip, answers, hosts)) return 'verified';
      evidence = answers !== undefined;
    }
    // Forged only on evidence: the vendor's ranges were at hand (or DNS answered) and none matched.
    const rangesKnown = ranges.length > 0 && ranges.every((id) => this.data.ranges.has(id));
    return rangesKnown || evidence ? 'forged' : 'unverifiable';
  }

  private inRanges(ranges: readonly string[], address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    return ranges.some((id) => this.indexOf(id)?.contains(address));
  }

  private indexOf(id: string): RangeIndex | undefined {
    let index = this.indexes.get(id);
    if (!index) {
      const file = this.data.ranges.get(id);
      if (!file) return undefined;
      index = new RangeIndex(file.prefixes);
      this.indexes.set(id, index);
    }
    return index;
  }
}

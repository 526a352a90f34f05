import { escapeRegExp } from '../shared/text';
import { crawlerOf } from './crawler-match';
import identity from './crawler-identity.json';
import { readLogLines, type LogFormat } from './log-format';
import type { Verifier } from './verification';

const HOST_VERIFIED = Object.entries(identity.crawlers as Record<string, { hosts?: string[] }>)
  .filter(([, entry]) => (entry.hosts ?? []).length > 0)
  .map(([token]) => escapeRegExp(token));
/** A quick look at the raw line: only lines naming a crawler verified by host name are read twice. */
const MAY_NEED_DNS = new RegExp(HOST_VERIFIED.join('|'), 'i');

/**
 * The addresses of a part whose verdict needs reverse DNS (a crawler whose vendor publishes host names,
 * from outside its published ranges), at most `limit` of them, so that the lookups can be made before
 * the part is counted. Beyond the limit, requests stay unverifiable rather than wait on DNS.
 */
export function addressesNeedingDns(lines: readonly string[], format: LogFormat, verifier: Verifier, limit: number): string[] {
  const addresses = new Set<string>();
  readLogLines(
    lines.filter((line) => MAY_NEED_DNS.test(line)),
    format,
    (request) => {
      if (addresses.size >= limit) return;
      const crawler = crawlerOf(request.userAgent);
      if (crawler && verifier.needsDns(crawler, request.ip)) addresses.add(request.ip);
    },
  );
  return [...addresses];
}

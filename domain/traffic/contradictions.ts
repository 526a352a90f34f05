import type { BotAccess, Crawler } from '../shared/crawlers';
import type { CrawlerTraffic } from './traffic-aggregate';

/** What robots.txt says against what the log shows, in a sentence a site owner understands. */
export interface Contradiction {
  token: string;
  /** refused: robots.txt lets it in, the server turns it away; ignored: robots.txt blocks it, it fetched pages anyway. */
  kind: 'refused' | 'ignored';
  text: string;
}

/** Statuses that turn a client away (not errors of the server). */
const REFUSALS = new Set(['401', '403', '406', '429', '451']);
/** Past this share of refused requests, the server is said to block the crawler; under it, to refuse some of its requests. */
const REFUSED_SHARE = 0.5;
const MIN_REFUSED = 2;

/**
 * With no robots.txt verdict (robots.txt could not be read), nothing is said about what it allows or
 * blocks; a server refusing a crawler is still named.
 */
export function contradictionOf(crawler: Crawler, traffic: CrawlerTraffic, access: BotAccess | undefined): Contradiction | undefined {
  const token = crawler.token;
  if (access === 'blocked') {
    const verified = traffic.fetched.verified;
    const unverified = traffic.fetched.unverifiable;
    if (verified + unverified === 0) return undefined;
    const why = crawler.purpose === 'user' ? ' (it fetches for a user, and such fetchers generally ignore robots.txt)' : '';
    const text =
      verified > 0
        ? `robots.txt blocks ${token}, yet it fetched ${verified.toLocaleString('en-US')} page${verified === 1 ? '' : 's'}${why}.`
        : `robots.txt blocks ${token}, yet requests claiming to be ${token} fetched ${unverified.toLocaleString('en-US')} page${unverified === 1 ? '' : 's'} (its vendor publishes no addresses to verify them)${why}.`;
    return { token, kind: 'ignored', text };
  }
  const verdict = traffic.verdicts.verified > 0 ? 'verified' : 'unverifiable';
  const total = traffic.verdicts[verdict];
  if (total === 0) return undefined;
  const refusals = Object.entries(traffic.statuses[verdict])
    .filter(([status]) => REFUSALS.has(status))
    .sort((a, b) => b[1] - a[1]);
  const refused = refusals.reduce((sum, [, count]) => sum + count, 0);
  // One refusal may be a page the site protects; two or more to a crawler robots.txt lets in are a pattern.
  if (refused < MIN_REFUSED && refused / total <= REFUSED_SHARE) return undefined;
  const codes = refusals.map(([status]) => status);
  const said = {
    none: `No robots.txt rule restricts ${token}`,
    partial: `robots.txt allows ${token} into part of the site`,
    allowed: `robots.txt allows ${token}`,
    unknown: `The server refuses ${token}`,
  }[access ?? 'unknown'];
  const whose = verdict === 'verified' ? 'its verified requests' : 'the requests claiming to be it (which cannot be verified)';
  const most = refused / total > REFUSED_SHARE;
  const cause =
    codes[0] === '429'
      ? most
        ? 'the server rate-limits it'
        : 'the server rate-limits it at times'
      : most
        ? 'a firewall blocks it'
        : 'a firewall blocks some of them';
  const share = most
    ? `${Math.round((100 * refused) / total)}%`
    : `${refused.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${Math.max(1, Math.round((100 * refused) / total))}%)`;
  const text = `${said}${access === undefined ? ':' : ', but'} ${share} of ${whose} got ${codes.slice(0, 2).join(' or ')}: ${cause}.`;
  return { token, kind: 'refused', text };
}

import type { Crawler } from '../shared/crawlers';
import type { LogRequest } from './log-request';
import { networkOf } from './networks';
import { referralOf } from './referrals';
import type { SignatureVerdict } from './signature-outcomes';
import { bump, CAPS, emptyCrawler, emptyReferrals, emptySignedAgent, type TrafficAggregate } from './traffic-aggregate';
import type { Verdict } from './verdicts';

/**
 * One request counted into an aggregate. Apart from traffic-aggregate.ts (the shape and the merge),
 * which the workflow imports: networks and referrals parse addresses and hosts, in activities only.
 */
const dayOf = (time: number | undefined) => (time === undefined ? 'unknown' : new Date(time).toISOString().slice(0, 10));

/** Counts one request a crawler claims, with its verdict. */
export function addCrawlerRequest(aggregate: TrafficAggregate, request: LogRequest, crawler: Crawler, verdict: Verdict): void {
  const tally = (aggregate.crawlers[crawler.token] ??= emptyCrawler());
  tally.requests++;
  tally.verdicts[verdict]++;
  const statuses = tally.statuses[verdict];
  statuses[request.status] = (statuses[request.status] ?? 0) + 1;
  const path = request.path;
  if (request.status >= 200 && request.status < 300 && !path.startsWith('/robots.txt')) tally.fetched[verdict]++;
  if (verdict === 'forged') {
    if (!bump(tally.forgedNetworks, networkOf(request.ip), 1, CAPS.forgedNetworks)) tally.otherForgedNetworks++;
    return;
  }
  if (!bump(tally.pages, path, 1, CAPS.pages)) tally.otherPages++;
  if (request.time !== undefined) {
    tally.firstSeen = Math.min(tally.firstSeen ?? request.time, request.time);
    tally.lastSeen = Math.max(tally.lastSeen ?? request.time, request.time);
  }
}

/** Counts a visit an assistant sent, if the request is one. */
export function addReferral(aggregate: TrafficAggregate, request: LogRequest): void {
  const referral = referralOf(request.path, request.referer);
  if (!referral) return;
  const tally = (aggregate.referrals[referral.assistant] ??= emptyReferrals());
  tally.visits++;
  if (!bump(tally.pages, referral.landingPage, 1, CAPS.referralPages)) tally.otherPages++;
  const day = dayOf(request.time);
  tally.days[day] = (tally.days[day] ?? 0) + 1;
}

/** Counts one request carrying Web Bot Auth headers under the agent it names (`unknown` when none can be read). */
export function addSignedRequest(
  aggregate: TrafficAggregate,
  request: LogRequest,
  origin: string | undefined,
  verdict: SignatureVerdict,
): void {
  const agents = (aggregate.signedAgents ??= {});
  const key = origin ?? 'unknown';
  const tally = (agents[key] ??= emptySignedAgent());
  tally.requests++;
  tally.outcomes[verdict.outcome]++;
  if (verdict.outcome === 'invalid') tally.invalid[verdict.reason]++;
  if (verdict.outcome === 'unverified') tally.unverified[verdict.reason]++;
  const statuses = tally.statuses[verdict.outcome];
  statuses[request.status] = (statuses[request.status] ?? 0) + 1;
  if (verdict.outcome !== 'verified') return;
  if (!bump(tally.pages, request.path, 1, CAPS.pages)) tally.otherPages++;
  if (request.time !== undefined) {
    tally.firstSeen = Math.min(tally.firstSeen ?? request.time, request.time);
    tally.lastSeen = Math.max(tally.lastSeen ?? request.time, request.time);
  }
}

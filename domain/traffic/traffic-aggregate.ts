import {
  INVALID_REASONS,
  SIGNATURE_OUTCOMES,
  UNVERIFIED_REASONS,
  type InvalidReason,
  type SignatureOutcome,
  type UnverifiedReason,
} from './signature-outcomes';
import { VERDICTS, type Verdict } from './verdicts';

/**
 * What a log (or a part of it) says, as counts: plain JSON that parts parsed in parallel merge into one,
 * holding no IP address (forged requests are counted by network, /24 or /48). Maps that grow with the
 * log are capped; what falls beyond a cap is still counted, in `other…`.
 */
export interface CrawlerTraffic {
  requests: number;
  verdicts: Record<Verdict, number>;
  /** Requests by status code ("0" when the log had none), per verdict. */
  statuses: Record<Verdict, Record<string, number>>;
  /** Requests answered 2xx (robots.txt aside), per verdict: the pages it got. */
  fetched: Record<Verdict, number>;
  /** Requests that were not forged, by path. */
  pages: Record<string, number>;
  /** Requests to paths beyond the cap of `pages`. */
  otherPages: number;
  /** Epoch ms of the first and last request that was not forged. */
  firstSeen?: number;
  lastSeen?: number;
  /** Forged requests by network. */
  forgedNetworks: Record<string, number>;
  otherForgedNetworks: number;
}

export interface AssistantReferrals {
  visits: number;
  /** Visits by landing page (path without query). */
  pages: Record<string, number>;
  otherPages: number;
  /** Visits by UTC day (YYYY-MM-DD, or "unknown"). */
  days: Record<string, number>;
}

/** The requests of one Web Bot Auth signing agent (by the origin its Signature-Agent names), by outcome. */
export interface SignedAgentTally {
  requests: number;
  outcomes: Record<SignatureOutcome, number>;
  invalid: Record<InvalidReason, number>;
  unverified: Record<UnverifiedReason, number>;
  /** Requests by status code, per outcome. */
  statuses: Record<SignatureOutcome, Record<string, number>>;
  /** Verified requests by path: what the agent was served. */
  pages: Record<string, number>;
  otherPages: number;
  /** Epoch ms of the first and last verified request. */
  firstSeen?: number;
  lastSeen?: number;
}

export interface TrafficAggregate {
  /** Non-blank lines read. */
  lines: number;
  unreadable: number;
  /** Line numbers of the first unreadable lines (never their text: it may hold addresses). */
  unreadableAt: number[];
  requests: number;
  crawlers: Record<string, CrawlerTraffic>;
  referrals: Record<string, AssistantReferrals>;
  /** By agent origin (`unknown` when its Signature-Agent cannot be read); absent from counts made before signatures were read. */
  signedAgents?: Record<string, SignedAgentTally>;
}

export const CAPS = { pages: 10_000, forgedNetworks: 1_000, referralPages: 5_000, unreadableAt: 10, signedAgents: 1_000 } as const;

export function emptyAggregate(): TrafficAggregate {
  return { lines: 0, unreadable: 0, unreadableAt: [], requests: 0, crawlers: {}, referrals: {}, signedAgents: {} };
}

const each = <K extends string, T>(keys: readonly K[], make: () => T): Record<K, T> =>
  Object.fromEntries(keys.map((key) => [key, make()])) as Record<K, T>;
const byVerdict = <T>(make: () => T): Record<Verdict, T> => each(VERDICTS, make);

export function emptyCrawler(): CrawlerTraffic {
  return {
    requests: 0,
    verdicts: byVerdict(() => 0),
    statuses: byVerdict(() => ({})),
    fetched: byVerdict(() => 0),
    pages: {},
    otherPages: 0,
    forgedNetworks: {},
    otherForgedNetworks: 0,
  };
}

export function emptySignedAgent(): SignedAgentTally {
  return {
    requests: 0,
    outcomes: each(SIGNATURE_OUTCOMES, () => 0),
    invalid: each(INVALID_REASONS, () => 0),
    unverified: each(UNVERIFIED_REASONS, () => 0),
    statuses: each(SIGNATURE_OUTCOMES, () => ({})),
    pages: {},
    otherPages: 0,
  };
}

export function emptyReferrals(): AssistantReferrals {
  return { visits: 0, pages: {}, otherPages: 0, days: {} };
}

/** Key counts of the capped maps, so that a new key does not cost a count of the keys (maps from JSON are counted once). */
const sizes = new WeakMap<Record<string, number>, number>();

/** Adds `count` to `key` unless the map is full and lacks the key: then the caller's overflow is told. */
export function bump(map: Record<string, number>, key: string, count: number, cap: number): boolean {
  if (key in map) {
    map[key]! += count;
    return true;
  }
  const size = sizes.get(map) ?? Object.keys(map).length;
  if (size >= cap) return false;
  map[key] = count;
  sizes.set(map, size + 1);
  return true;
}

/**
 * Adds every count of `from` into `into`, in place (an aggregate holds up to 10,000 pages per crawler: a
 * copy per slice would cost more than the counting); parts add up in any order to the same totals.
 */
export function addAggregate(into: TrafficAggregate, from: TrafficAggregate): void {
  into.lines += from.lines;
  into.unreadable += from.unreadable;
  into.unreadableAt = [...into.unreadableAt, ...from.unreadableAt].sort((a, b) => a - b).slice(0, CAPS.unreadableAt);
  into.requests += from.requests;
  for (const [token, part] of Object.entries(from.crawlers)) {
    const tally = (into.crawlers[token] ??= emptyCrawler());
    tally.requests += part.requests;
    for (const verdict of VERDICTS) {
      tally.verdicts[verdict] += part.verdicts[verdict];
      tally.fetched[verdict] += part.fetched[verdict];
      addAll(tally.statuses[verdict], part.statuses[verdict], Infinity);
    }
    tally.otherPages += part.otherPages + addAll(tally.pages, part.pages, CAPS.pages);
    tally.otherForgedNetworks += part.otherForgedNetworks + addAll(tally.forgedNetworks, part.forgedNetworks, CAPS.forgedNetworks);
    if (part.firstSeen !== undefined) tally.firstSeen = Math.min(tally.firstSeen ?? part.firstSeen, part.firstSeen);
    if (part.lastSeen !== undefined) tally.lastSeen = Math.max(tally.lastSeen ?? part.lastSeen, part.lastSeen);
  }
  for (const [assistant, part] of Object.entries(from.referrals)) {
    const tally = (into.referrals[assistant] ??= emptyReferrals());
    tally.visits += part.visits;
    tally.otherPages += part.otherPages + addAll(tally.pages, part.pages, CAPS.referralPages);
    addAll(tally.days, part.days, Infinity);
  }
  for (const [origin, part] of Object.entries(from.signedAgents ?? {})) addSignedAgent((into.signedAgents ??= {}), origin, part);
}

/** Adds one agent's counts; agents beyond the cap are counted under `other`. */
function addSignedAgent(into: Record<string, SignedAgentTally>, origin: string, part: SignedAgentTally): void {
  const key = origin in into || Object.keys(into).length < CAPS.signedAgents ? origin : 'other';
  const tally = (into[key] ??= emptySignedAgent());
  tally.requests += part.requests;
  for (const outcome of SIGNATURE_OUTCOMES) {
    tally.outcomes[outcome] += part.outcomes[outcome];
    addAll(tally.statuses[outcome], part.statuses[outcome], Infinity);
  }
  for (const reason of INVALID_REASONS) tally.invalid[reason] += part.invalid[reason];
  for (const reason of UNVERIFIED_REASONS) tally.unverified[reason] += part.unverified[reason];
  tally.otherPages += part.otherPages + addAll(tally.pages, part.pages, CAPS.pages);
  if (part.firstSeen !== undefined) tally.firstSeen = Math.min(tally.firstSeen ?? part.firstSeen, part.firstSeen);
  if (part.lastSeen !== undefined) tally.lastSeen = Math.max(tally.lastSeen ?? part.lastSeen, part.lastSeen);
}

/** Adds a map into another within a cap; returns the count that did not fit. */
function addAll(into: Record<string, number>, from: Record<string, number>, cap: number): number {
  let overflow = 0;
  for (const [key, count] of Object.entries(from)) if (!bump(into, key, count, cap)) overflow += count;
  return overflow;
}

import { ALL_CRAWLERS, type BotAccess, type CrawlerPurpose } from '../shared/crawlers';
import { contradictionOf, type Contradiction } from './contradictions';
import type { TrafficAggregate } from './traffic-aggregate';
import { VERDICTS, type Verdict } from './verdicts';
import { compareText } from '../shared/text';

/** The report pieces of a traffic check, from the merged aggregate and the robots.txt verdicts. */
export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'none';

export interface CrawlerReport {
  token: string;
  name: string;
  operator: string;
  purpose: CrawlerPurpose;
  requests: number;
  verdicts: Record<Verdict, number>;
  statusClasses: Record<Verdict, Record<StatusClass, number>>;
  /** Distinct paths requested by the crawler itself (forged requests aside); a lower bound past 10,000. */
  distinctPages: number;
  topPages: { path: string; requests: number }[];
  firstSeen?: string;
  lastSeen?: string;
  forgedNetworks: { network: string; requests: number }[];
  /** The robots.txt verdict for this crawler, when one was given. */
  robots?: BotAccess;
}

export interface ReferralReport {
  assistant: string;
  visits: number;
  topPages: { page: string; visits: number }[];
  days: { day: string; visits: number }[];
}

export interface TrafficReportPieces {
  lines: number;
  requests: number;
  unreadable: number;
  unreadableAt: number[];
  crawlers: CrawlerReport[];
  contradictions: Contradiction[];
  referrals: ReferralReport[];
}

const TOP = 10;

function statusClass(status: string): StatusClass {
  const code = Number(status);
  return code >= 200 && code < 600 ? (`${Math.floor(code / 100)}xx` as StatusClass) : 'none';
}

/** Requests by status code, as classes. */
export function statusClassesOf(statuses: Record<string, number>): Record<StatusClass, number> {
  const classes: Record<StatusClass, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, none: 0 };
  for (const [status, count] of Object.entries(statuses)) classes[statusClass(status)] += count;
  return classes;
}

export const top = (map: Record<string, number>, limit = TOP) =>
  Object.entries(map)
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .slice(0, limit);

const iso = (time: number | undefined) => (time === undefined ? undefined : new Date(time).toISOString());

export function trafficReport(aggregate: TrafficAggregate, robots: Readonly<Record<string, BotAccess>> = {}): TrafficReportPieces {
  const crawlers: CrawlerReport[] = [];
  const contradictions: Contradiction[] = [];
  for (const crawler of ALL_CRAWLERS) {
    const traffic = aggregate.crawlers[crawler.token];
    if (!traffic) continue;
    const statusClasses = Object.fromEntries(VERDICTS.map((verdict) => [verdict, statusClassesOf(traffic.statuses[verdict])])) as Record<
      Verdict,
      Record<StatusClass, number>
    >;
    crawlers.push({
      token: crawler.token,
      name: crawler.name,
      operator: crawler.operator,
      purpose: crawler.purpose,
      requests: traffic.requests,
      verdicts: traffic.verdicts,
      statusClasses,
      distinctPages: Object.keys(traffic.pages).length,
      topPages: top(traffic.pages).map(([path, requests]) => ({ path, requests })),
      firstSeen: iso(traffic.firstSeen),
      lastSeen: iso(traffic.lastSeen),
      forgedNetworks: top(traffic.forgedNetworks).map(([network, requests]) => ({ network, requests })),
      robots: robots[crawler.token],
    });
    const contradiction = contradictionOf(crawler, traffic, robots[crawler.token]);
    if (contradiction) contradictions.push(contradiction);
  }
  crawlers.sort((a, b) => b.requests - a.requests || compareText(a.token, b.token));
  const referrals = Object.entries(aggregate.referrals)
    .map(([assistant, tally]) => ({
      assistant,
      visits: tally.visits,
      topPages: top(tally.pages).map(([page, visits]) => ({ page, visits })),
      days: Object.entries(tally.days)
        .sort((a, b) => compareText(a[0], b[0]))
        .map(([day, visits]) => ({ day, visits })),
    }))
    .sort((a, b) => b.visits - a.visits || compareText(a.assistant, b.assistant));
  return {
    lines: aggregate.lines,
    requests: aggregate.requests,
    unreadable: aggregate.unreadable,
    unreadableAt: aggregate.unreadableAt,
    crawlers,
    contradictions,
    referrals,
  };
}

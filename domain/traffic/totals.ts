import type { TrafficReport } from './report-schema';

/** A crawler-traffic report's headline counts: lines read, crawler requests by verdict, and visits assistants sent. */
export interface TrafficTotals {
  lines: number;
  verified: number;
  forged: number;
  unverifiable: number;
  referrals: number;
}

/** The totals of a report, summed once here for its page, its MCP summary, its run's outcome and the benchmark. */
export function trafficTotals({ lines, crawlers, referrals }: Pick<TrafficReport, 'lines' | 'crawlers' | 'referrals'>): TrafficTotals {
  const sum = (verdict: keyof TrafficReport['crawlers'][number]['verdicts']) =>
    crawlers.reduce((total, crawler) => total + crawler.verdicts[verdict], 0);
  return {
    lines,
    verified: sum('verified'),
    forged: sum('forged'),
    unverifiable: sum('unverifiable'),
    referrals: referrals.reduce((total, referral) => total + referral.visits, 0),
  };
}

import type { BotAccess } from '../shared/crawlers';
import { REPORT_VERSION } from '../shared/report-version';
import type { LogFormat } from './log-format';
import type { TrafficReport } from './report-schema';
import type { TrafficAggregate } from './traffic-aggregate';
import { trafficReport } from './traffic-report';

/** What the robots.txt verdicts were read from, with the verdicts. */
export interface RobotsVerdicts {
  source: TrafficReport['robots'];
  access: Record<string, BotAccess>;
}

export interface TrafficInputs {
  domain: string;
  format: LogFormat;
  aggregate: TrafficAggregate;
  robots: RobotsVerdicts;
  ranges: TrafficReport['ranges'];
  startedAt: Date;
  finishedAt: Date;
}

/** The report of a crawler-traffic check, from the merged aggregate of its log's parts. */
export function composeTrafficReport({ domain, format, aggregate, robots, ranges, startedAt, finishedAt }: TrafficInputs): TrafficReport {
  return {
    version: REPORT_VERSION,
    domain,
    createdAt: finishedAt.toISOString(),
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    format: format.name,
    ...trafficReport(aggregate, robots.access),
    robots: robots.source,
    ranges,
  };
}

import type { BotAccess } from '../shared/crawlers';
import { REPORT_VERSION } from '../shared/report-version';
import type { LogFormat } from './log-format';
import type { TrafficReport } from './report-schema';
import { signedAgentsReport, type DirectoryState } from './signed-agent-report';
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
  /** The signing agents' key directories as stored, by URL. */
  directories?: ReadonlyMap<string, DirectoryState>;
}

/** The report of a crawler-traffic check, from the merged aggregate of its log's parts. */
export function composeTrafficReport({
  domain,
  format,
  aggregate,
  robots,
  ranges,
  startedAt,
  finishedAt,
  directories,
}: TrafficInputs): TrafficReport {
  return {
    version: REPORT_VERSION,
    domain,
    createdAt: finishedAt.toISOString(),
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    format: format.name,
    ...trafficReport(aggregate, robots.access),
    signedAgents: signedAgentsReport(aggregate, directories),
    robots: robots.source,
    ranges,
  };
}

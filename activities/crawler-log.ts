import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { INTERNAL_FAILURE } from '../contract/failures';
import { mapWithConcurrency } from '../domain/shared/concurrency';
import { directoriesNeeded } from '../domain/traffic/directory-candidates';
import { directoryUrlOf } from '../domain/traffic/key-directory';
import { addressesNeedingDns } from '../domain/traffic/dns-candidates';
import type { DnsAnswers } from '../domain/traffic/host-names';
import type { LogFormat } from '../domain/traffic/log-format';
import { RANGE_FILES } from '../domain/traffic/range-files';
import type { TrafficReport } from '../domain/traffic/report-schema';
import { tallyLog } from '../domain/traffic/tally';
import { composeTrafficReport, type RobotsVerdicts } from '../domain/traffic/compose';
import { emptyAggregate, addAggregate, type TrafficAggregate } from '../domain/traffic/traffic-aggregate';
import { Verifier } from '../domain/traffic/verification';
import type { DirectoryKeys } from '../domain/traffic/signed-agents';
import type { CrawlerLogStore } from '../infra/crawler-log-store';
import type { KeyDirectoryStore } from '../infra/key-directory-store';
import type { VendorRangeStore } from '../infra/vendor-range-store';
import { HEARTBEAT_EVERY_MS } from './support/heartbeat';

export interface LogPartInput {
  uploadId: string;
  /** From 0. */
  index: number;
  format: LogFormat;
}

/** What a read part tells the workflow: its counts stay in the store, beside the part (a log of many parts would otherwise outgrow the run's history). */
export interface PartRead {
  requests: number;
}

/** How far a part's reading got, kept in the heartbeat: a retry on another worker goes on from there. */
interface PartProgress {
  nextLine: number;
  aggregate: TrafficAggregate;
}

/** Lines counted between heartbeats (and between yields to the event loop, so heartbeats are sent). */
const SLICE_LINES = 2_000;
/** Distinct addresses looked up in DNS per part, and at once. */
const DNS_LOOKUPS_PER_PART = 200;
const DNS_CONCURRENCY = 16;
/** Answers kept per worker: the same addresses recur across the parts of a log, and across logs. */
const DNS_CACHE_ENTRIES = 20_000;
/** Distinct signing agents' key directories fetched per part (a log names a handful). */
const DIRECTORIES_PER_PART = 50;

export type HostNameLookup = (ip: string) => Promise<DnsAnswers | undefined>;
export type KeyDirectories = (urls: readonly string[]) => Promise<Map<string, DirectoryKeys>>;

/**
 * Reads one stored part of an uploaded log: every request verified (the vendors' stored ranges, reverse
 * DNS where a vendor publishes host names, a signing agent's key directory for a Web Bot Auth signature)
 * and counted into an aggregate, stored beside the part.
 * Heartbeats carry the lines done and the aggregate so far; a retry resumes from them.
 */
export function createReadLogPart(
  logs: CrawlerLogStore,
  ranges: VendorRangeStore,
  hostNames: HostNameLookup,
  keyDirectories: KeyDirectories,
) {
  const answered = new Map<string, DnsAnswers | undefined>();
  const lookup = async (ip: string) => {
    if (answered.has(ip)) return answered.get(ip);
    const answers = await hostNames(ip);
    if (answered.size >= DNS_CACHE_ENTRIES) answered.clear();
    // A failed lookup (undefined) is tried again by the next part.
    if (answers) answered.set(ip, answers);
    return answers;
  };
  return async function readLogPart({ uploadId, index, format }: LogPartInput): Promise<PartRead> {
    const context = Context.current();
    const part = await logs.part(uploadId, index);
    if (!part)
      throw ApplicationFailure.nonRetryable(`part ${index + 1} of upload ${uploadId} is not stored`, INTERNAL_FAILURE.logPartMissing);
    const lines = part.text.split('\n');
    const stored = await ranges.all();
    const dns = new Map<string, DnsAnswers | undefined>();
    let directories = new Map<string, DirectoryKeys>();
    const verifier = new Verifier({ ranges: stored, dns: (ip) => dns.get(ip), directories: (url) => directories.get(url) });
    const resumed = context.info.heartbeatDetails as PartProgress | undefined;
    // Lookups may take seconds: the heartbeat keeps saying where a retry would resume.
    const alive = setInterval(() => context.heartbeat(resumed), HEARTBEAT_EVERY_MS);
    try {
      const lookups = addressesNeedingDns(lines, format, verifier, DNS_LOOKUPS_PER_PART);
      const lookedUp = mapWithConcurrency(lookups, DNS_CONCURRENCY, async (ip) => dns.set(ip, await lookup(ip)));
      [directories] = await Promise.all([keyDirectories(directoriesNeeded(lines, format, DIRECTORIES_PER_PART)), lookedUp]);
    } finally {
      clearInterval(alive);
    }

    const aggregate = resumed?.aggregate ?? emptyAggregate();
    for (let start = resumed?.nextLine ?? 0; start < lines.length; start += SLICE_LINES) {
      const slice = lines.slice(start, start + SLICE_LINES);
      addAggregate(aggregate, tallyLog(slice, format, verifier, part.firstLine + start));
      context.heartbeat({ nextLine: start + SLICE_LINES, aggregate } satisfies PartProgress);
      await yieldToEventLoop();
      if (context.cancellationSignal.aborted) throw context.cancellationSignal.reason;
    }
    await logs.saveTally(uploadId, index, aggregate);
    return { requests: aggregate.requests };
  };
}

/** The uploaded parts, once the report is saved: the log is kept no longer than it is read. */
export function createDropCrawlerLog(logs: CrawlerLogStore) {
  return async function dropCrawlerLog({ uploadId, parts }: { uploadId: string; parts: number }): Promise<void> {
    await logs.drop(uploadId, parts);
  };
}

export interface TrafficCountInput {
  uploadId: string;
  parts: number;
  domain: string;
  format: LogFormat;
  robots: RobotsVerdicts;
  /** ISO 8601: when the check started. */
  startedAt: string;
  /** Why the check could not fetch the vendors' range files, when it could not: said on the report. */
  rangesProblem?: string;
}

/**
 * The report of a read log: every part's stored counts merged, with the versions of the vendors' range
 * files they were verified against. In an activity, so that the counts, which grow with the log's
 * distinct pages, never pass through workflow history; the report holds only the top pages.
 */
export function createComposeTrafficCheck(logs: CrawlerLogStore, ranges: VendorRangeStore, directories: KeyDirectoryStore) {
  return async function composeTrafficCheck({
    uploadId,
    parts,
    domain,
    format,
    robots,
    startedAt,
    rangesProblem,
  }: TrafficCountInput): Promise<TrafficReport> {
    const tallies = await logs.tallies(uploadId, parts);
    const aggregate = emptyAggregate();
    for (const [index, tally] of tallies.entries()) {
      if (!tally)
        throw ApplicationFailure.nonRetryable(`part ${index + 1} of upload ${uploadId} has no counts`, INTERNAL_FAILURE.logPartMissing);
      addAggregate(aggregate, tally);
    }
    const stored = await ranges.all();
    const agentOrigins = Object.keys(aggregate.signedAgents ?? {});
    const directoryUrls = agentOrigins.flatMap((origin) => directoryUrlOf(origin) ?? []);
    const report = composeTrafficReport({
      directories: await directories.many(directoryUrls),
      domain,
      format,
      aggregate,
      robots,
      ranges: rangeVersions(stored),
      startedAt: new Date(startedAt),
      finishedAt: new Date(),
    });
    const missing = RANGE_FILES.filter((source) => !stored.has(source.id));
    if (missing.length === 0) return report;
    return {
      ...report,
      rangesUnavailable: { operators: [...new Set(missing.map((source) => source.operator))], reason: rangesProblem ?? 'not fetched yet' },
    };
  };
}

/** The versions of the vendors' range files the check verified against, for its report. */
function rangeVersions(stored: Awaited<ReturnType<VendorRangeStore['all']>>): TrafficReport['ranges'] {
  return RANGE_FILES.flatMap((source) => {
    const file = stored.get(source.id);
    return file
      ? [{ id: source.id, operator: source.operator, creationTime: file.creationTime, fetchedAt: file.fetchedAt.toISOString() }]
      : [];
  });
}

import { compareText } from '../shared/text';
import { directoryUrlOf } from './key-directory';
import { SIGNED_AGENT_NAMES } from './signed-agents';
import { SIGNATURE_OUTCOMES, type InvalidReason, type SignatureOutcome, type UnverifiedReason } from './signature-outcomes';
import type { SignedAgentTally, TrafficAggregate } from './traffic-aggregate';
import { statusClassesOf, top, type StatusClass } from './traffic-report';

/** What the store knew of an agent's key directory when the report was made. */
export interface DirectoryState {
  fetchedAt?: Date;
  failure?: { reason: string; at: Date };
}

export interface SignedAgentReport {
  /** The origin its Signature-Agent names; `unknown` when that header could not be read. */
  origin: string;
  /** "ChatGPT agent" for chatgpt.com; otherwise the origin. */
  name: string;
  requests: number;
  verified: number;
  invalid: Record<InvalidReason, number> & { total: number };
  unverified: Record<UnverifiedReason, number> & { total: number };
  statusClasses: Record<SignatureOutcome, Record<StatusClass, number>>;
  /** Distinct paths its verified requests were served. */
  distinctPages: number;
  topPages: { path: string; requests: number }[];
  firstSeen?: string;
  lastSeen?: string;
  directory?: { url: string; fetchedAt?: string; problem?: string };
}

const iso = (time: number | Date | undefined) => (time === undefined ? undefined : new Date(time).toISOString());

/**
 * The report's `signedAgents`: each Web Bot Auth signing agent seen in the log, most requests first, with
 * its key directory as last fetched (docs/checks/traffic.md, "Signed agents").
 */
export function signedAgentsReport(
  aggregate: TrafficAggregate,
  directories: ReadonlyMap<string, DirectoryState> = new Map(),
): SignedAgentReport[] {
  return Object.entries(aggregate.signedAgents ?? {})
    .map(([origin, tally]) => agentReport(origin, tally, directories))
    .sort((a, b) => b.requests - a.requests || compareText(a.origin, b.origin));
}

function agentReport(origin: string, tally: SignedAgentTally, directories: ReadonlyMap<string, DirectoryState>): SignedAgentReport {
  const url = directoryUrlOf(origin);
  const state = url === undefined ? undefined : directories.get(url);
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
  return {
    origin,
    name: SIGNED_AGENT_NAMES[origin] ?? origin,
    requests: tally.requests,
    verified: tally.outcomes.verified,
    invalid: { ...tally.invalid, total: total(tally.invalid) },
    unverified: { ...tally.unverified, total: total(tally.unverified) },
    statusClasses: Object.fromEntries(SIGNATURE_OUTCOMES.map((outcome) => [outcome, statusClassesOf(tally.statuses[outcome])])) as Record<
      SignatureOutcome,
      Record<StatusClass, number>
    >,
    distinctPages: Object.keys(tally.pages).length,
    topPages: top(tally.pages).map(([path, requests]) => ({ path, requests })),
    firstSeen: iso(tally.firstSeen),
    lastSeen: iso(tally.lastSeen),
    ...(url !== undefined && {
      directory: {
        url,
        ...(state?.fetchedAt && { fetchedAt: state.fetchedAt.toISOString() }),
        ...(state?.failure && { problem: state.failure.reason }),
      },
    }),
  };
}

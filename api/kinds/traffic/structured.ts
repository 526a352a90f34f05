import { z } from 'zod';
import { trafficOutcome } from '../../../domain/check-outcome';
import type { TrafficReport } from '../../../domain/traffic/report-schema';
import { stored, type Link } from '../../mcp/structured';

const count = z.number().int().min(0);
export const trafficOutput = z.object({
  ...stored,
  domain: z.string(),
  lines: count,
  verified: count.describe('Requests AI crawlers made from their vendors’ published ranges or confirmed host names'),
  forged: count.describe('Requests claiming a crawler whose vendor publishes ranges or names, from elsewhere'),
  unverifiable: count.describe('Requests of crawlers whose vendors publish nothing to check against'),
  referrals: count.describe('Visits sent by AI assistants'),
  signedAgents: z
    .array(
      z.object({
        origin: z.string(),
        name: z.string(),
        requests: count,
        verified: count,
        invalid: count.describe('Forged, expired, unknown-key and other invalid signatures'),
        unverified: count.describe('Signatures whose key directory could not be fetched, or that sign headers the log lacks'),
      }),
    )
    .describe('Agents signing their requests with Web Bot Auth (ChatGPT agent and others), counted apart from crawlers and referrals'),
});

export const trafficData = (snapshotId: string, report: TrafficReport, link: Link): z.infer<typeof trafficOutput> => ({
  snapshotId,
  reportUrl: link(snapshotId),
  createdAt: report.createdAt,
  domain: report.domain,
  ...trafficOutcome(snapshotId, report).scores,
  signedAgents: (report.signedAgents ?? []).map(({ origin, name, requests, verified, invalid, unverified }) => ({
    origin,
    name,
    requests,
    verified,
    invalid: invalid.total,
    unverified: unverified.total,
  })),
});

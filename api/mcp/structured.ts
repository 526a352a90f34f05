import { z } from 'zod';
import type { RankingRecord } from '../../infra/snapshot-store';

/**
 * What the read tools return besides their markdown: the headline figures as structured content,
 * declared by each tool's outputSchema, for agents that compute with them rather than read them.
 */

export const share = z.number().min(0).max(1);
export const stored = {
  snapshotId: z.string(),
  reportUrl: z.string().describe('The permanent report page'),
  createdAt: z.string().describe('ISO 8601'),
};
export const scores = { totalScore: z.number(), crawlerScore: z.number(), memoryScore: z.number() };

export const rankingsOutput = z.object({
  rankings: z.array(
    z.object({ rank: z.number().int().min(1), domain: z.string(), ...scores, createdAt: z.string(), reportUrl: z.string() }),
  ),
});
export type Link = (snapshotId: string) => string;

export const rankingsData = (records: readonly RankingRecord[], link: Link): z.infer<typeof rankingsOutput> => ({
  rankings: records.map(({ domain, snapshotId, createdAt, totalScore, crawlerScore, memoryScore }, index) => ({
    rank: index + 1,
    domain,
    totalScore,
    crawlerScore,
    memoryScore,
    createdAt: createdAt.toISOString(),
    reportUrl: link(snapshotId),
  })),
});

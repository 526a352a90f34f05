import { z } from 'zod';
import type { RankingRecord } from '../../infra/snapshot-store';
import type { HeadlineKey, Metric } from '../../domain/shared/metric';
import { SITE_METRICS } from '../../domain/site/metrics';

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

/** A kind's headline figures (its outcome scores), each described by its declared label and what it counts. */
export function headlineFields<const M extends readonly Metric<never>[]>(metrics: M): Record<HeadlineKey<M>, z.ZodNumber> {
  const fields: Record<string, z.ZodNumber> = {};
  for (const metric of metrics.filter((declared) => declared.headline))
    fields[metric.key] = (metric.unit === 'score' ? z.number() : share).describe(`${metric.label}: ${metric.description}`);
  return fields as Record<HeadlineKey<M>, z.ZodNumber>;
}
export const scores = headlineFields(SITE_METRICS);

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

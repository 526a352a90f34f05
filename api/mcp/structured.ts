import { z } from 'zod';
import { articleReportSchema, type ArticleReport } from '../../domain/article/report-schema';
import { brandReportSchema, type BrandReport } from '../../domain/brand/report-schema';
import { sourceTypeFields } from '../../domain/brand/source-schema';
import { demandSchema, questionDemandSchema } from '../../domain/brand/demand-schema';
import { articleOutcome, brandOutcome, siteOutcome, trafficOutcome } from '../../domain/check-outcome';
import type { TrafficReport } from '../../domain/traffic/report-schema';
import type { Report } from '../../domain/site/report';
import type { RankingRecord } from '../../infra/snapshot-store';

/**
 * What the read tools return besides their markdown: the headline figures as structured content,
 * declared by each tool's outputSchema, for agents that compute with them rather than read them.
 */

const share = z.number().min(0).max(1);
const stored = {
  snapshotId: z.string(),
  reportUrl: z.string().describe('The permanent report page'),
  createdAt: z.string().describe('ISO 8601'),
};
const scores = { totalScore: z.number(), crawlerScore: z.number(), memoryScore: z.number() };

export const siteOutput = z.object({ ...stored, domain: z.string(), ...scores });
export const rankingsOutput = z.object({
  rankings: z.array(
    z.object({ rank: z.number().int().min(1), domain: z.string(), ...scores, createdAt: z.string(), reportUrl: z.string() }),
  ),
});
export const brandOutput = z.object({
  ...stored,
  keyword: z.string(),
  brand: z.string(),
  stage: brandReportSchema.shape.stage,
  confidence: brandReportSchema.shape.confidence,
  mentionRate: share,
  firstRecommendationRate: share,
  shareOfVoice: share,
  readingMethod: brandReportSchema.shape.readingMethod.unwrap().optional(),
  reading: z
    .object({
      byModel: z.number().int().min(0),
      byRules: z.number().int().min(0),
      disagreements: z.number().int().min(0).describe('Answers where the model and the rules read a name differently'),
      fallbacks: z
        .number()
        .int()
        .min(0)
        .describe("Answers the model was asked to read whose rules' reading stands (readingFallback says why)"),
    })
    .optional()
    .describe('Who read the answers, where an analysis model (ANALYSIS_PLATFORM) was asked'),
  citationGaps: z
    .array(z.object({ domain: z.string(), answers: z.number().int(), competitors: z.array(z.string()), questions: z.array(z.string()) }))
    .describe('Sites to win: cited where competitors are named and the brand never is, most answers first'),
  productVisibility: brandReportSchema.shape.productVisibility,
  ...sourceTypeFields,
  demand: demandSchema.optional(),
  questions: z
    .array(z.object({ id: z.string(), text: z.string(), market: z.string().optional(), demand: questionDemandSchema.optional() }))
    .optional()
    .describe('The questions, most asked first where demand was measured'),
});
export const articleOutput = z.object({
  ...stored,
  url: z.string(),
  summary: articleReportSchema.shape.verdict.shape.summary,
  confidence: articleReportSchema.shape.confidence,
  coverage: share,
  urlCitationRate: share,
});

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

type Link = (snapshotId: string) => string;

export const siteData = (snapshotId: string, report: Report, link: Link): z.infer<typeof siteOutput> => ({
  snapshotId,
  reportUrl: link(snapshotId),
  createdAt: report.createdAt,
  domain: report.domain,
  ...siteOutcome(snapshotId, report).scores,
});

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

export const brandData = (snapshotId: string, report: BrandReport, link: Link): z.infer<typeof brandOutput> => ({
  snapshotId,
  reportUrl: link(snapshotId),
  createdAt: report.createdAt,
  keyword: report.keyword,
  brand: report.brand,
  ...brandOutcome(snapshotId, report).scores,
  ...(report.readingMethod ? { readingMethod: report.readingMethod } : {}),
  ...readingCounts(report),
  citationGaps: report.citationGaps ?? [],
  ...(report.productVisibility ? { productVisibility: report.productVisibility } : {}),
  ...(report.sourceTypes ? { sourceTypes: report.sourceTypes } : {}),
  ...(report.ugcPages ? { ugcPages: report.ugcPages } : {}),
  ...(report.demand ? { demand: report.demand } : {}),
  // Each question's demand, most asked first: only where demand was measured.
  ...(report.demand?.status === 'measured'
    ? {
        questions: report.questions.map(({ id, text, market, demand }) => ({
          id,
          text,
          ...(market ? { market } : {}),
          ...(demand ? { demand } : {}),
        })),
      }
    : {}),
});

/** Who read the answers, where the model was asked (it read one, or one fell back); nothing for a rules-only diagnosis. */
function readingCounts(report: BrandReport): { reading?: z.infer<typeof brandOutput>['reading'] } {
  const answers = report.answers.filter((answer) => answer.readBy !== undefined);
  const fallbacks = answers.filter((answer) => answer.readingFallback !== undefined).length;
  if (report.readingMethod !== 'model' && fallbacks === 0) return {};
  return {
    reading: {
      byModel: answers.filter((answer) => answer.readBy === 'model').length,
      byRules: answers.filter((answer) => answer.readBy === 'rules').length,
      disagreements: answers.filter((answer) => (answer.readerDisagreements ?? []).length > 0).length,
      fallbacks,
    },
  };
}

export const articleData = (snapshotId: string, report: ArticleReport, link: Link): z.infer<typeof articleOutput> => ({
  snapshotId,
  reportUrl: link(snapshotId),
  createdAt: report.createdAt,
  url: report.url,
  ...articleOutcome(snapshotId, report).scores,
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

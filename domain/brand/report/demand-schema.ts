import { z } from 'zod';

/** The demand parts of a brand report (docs/checks/brand.md, "Demand"). No data is null, never 0. */

const volume = z.number().int().min(1).nullable();

export const questionDemandSchema = z
  .object({
    phrase: z.string().describe('The words a person would type for this question (at most 10 words), the keyword measured'),
    aiSearchVolume: volume.describe("DataForSEO's AI search volume for the phrase in the question's market, last month; null: no data"),
    searchVolume: volume.describe("Google's search volume for the phrase (Google Ads, through DataForSEO), last month; null: no data"),
    month: z.string().nullable().describe('The month the volumes are for ("2026-10"); null when neither has data'),
    source: z.literal('dataforseo'),
    reason: z.string().optional().describe('Why a volume is null beyond no data: the provider failed'),
  })
  .meta({ id: 'QuestionDemand' });

const weightedRate = z.number().min(0).max(1).nullable();

export const demandSchema = z
  .object({
    status: z.enum(['measured', 'not-configured']),
    reason: z.string().optional().describe('not-configured: DataForSEO credentials are not set'),
    keyword: z
      .array(questionDemandSchema.extend({ market: z.string().optional() }))
      .optional()
      .describe("The keyword's own demand, per market"),
    weighted: z
      .object({
        questions: z.number().int().min(0).describe('Questions without the brand whose phrase has an AI search volume'),
        of: z.number().int().min(0).describe('Questions without the brand in all'),
        answers: z.number().int().min(0).describe('The answers to those questions counted'),
        mentionRate: weightedRate.describe('Mention rate, each answer weighted by its question’s AI search volume; null without data'),
        firstRecommendationRate: weightedRate,
      })
      .optional()
      .describe('Rates weighted by demand: a question a million people ask counts more than one nobody asks'),
    errors: z
      .array(z.object({ market: z.string().optional(), endpoint: z.enum(['ai', 'google']), reason: z.string() }))
      .optional()
      .describe('Requests the provider failed: their volumes are null'),
    costUsd: z.number().min(0).optional().describe('What the demand requests cost (in the report’s costUsd too)'),
  })
  .meta({ id: 'Demand' });

export type QuestionDemand = z.infer<typeof questionDemandSchema>;
export type Demand = z.infer<typeof demandSchema>;

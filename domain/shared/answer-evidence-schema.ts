import { z } from 'zod';
import { answeredMarketSchema } from './market-schema';

/**
 * What each stored answer says about how it came about (docs/exports.md#the-columns), shared by
 * the three kinds of report. Optional: snapshots stored before these fields existed lack them.
 */
export const usageSchema = z.object({
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  searches: z.number().int().min(0).describe('Web searches the vendor ran and bills'),
});

export const answerEvidenceShape = {
  webSearch: z.boolean().optional().describe("Asked with the vendor's search tool; false: from memory only (<PREFIX>_WEB_SEARCH=off)"),
  searched: z.boolean().optional().describe('A web search ran for this answer'),
  searchQueries: z.array(z.string()).optional().describe('What the assistant searched for'),
  usage: usageSchema.optional(),
  costUsd: z.number().min(0).nullable().optional().describe("US dollars; null when the model's price is unknown"),
  market: answeredMarketSchema
    .optional()
    .describe('Where the question was asked from and how the platform took it; absent: no location, English'),
};

export const reportCostShape = {
  costUsd: z.number().min(0).nullable().optional().describe("US dollars the platforms' answers cost together; null when no price is known"),
};

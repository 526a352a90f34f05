import { z } from 'zod';
import { SOURCE_TYPES } from './source-types';

/** The source-type and community-page parts of a brand report (docs/checks/brand.md, "Source types"). */

export const sourceTypeSchema = z
  .enum(SOURCE_TYPES)
  .describe(
    "What kind of site: owned (the brand's), competitor (a competitor's), ugc (community: Reddit, YouTube, forums), reference (Wikipedia, Britannica), institutional (.gov, .edu …), marketplace (Amazon, eBay …), social, editorial (publishers, review sites) or other",
  );

export const sourceTypeRowSchema = z
  .object({
    platform: z.string().optional().describe('The platform these citations come from; absent with market: every answer'),
    market: z.string().optional().describe('The market these citations come from ("DE-de")'),
    citations: z.number().int().min(0).describe('Cited pages, each counted once an answer'),
    types: z
      .array(z.object({ type: sourceTypeSchema, citations: z.number().int().min(1), share: z.number().min(0).max(1) }))
      .describe('Each type cited, most cited first, with its share of the citations'),
  })
  .meta({ id: 'SourceTypeShares' });

export const ugcPageSchema = z
  .object({
    url: z.string().describe('The community page (a thread, a video), canonical'),
    domain: z.string(),
    answers: z.number().int().min(1).describe('Answers citing it that name a competitor and not the brand'),
    competitors: z.array(z.string()).describe('The competitors those answers name, most often first'),
    platforms: z.array(z.string()),
    questions: z.array(z.string()),
  })
  .meta({ id: 'UgcPage' });

export const sourceTypeFields = {
  sourceTypes: z
    .array(sourceTypeRowSchema)
    .optional()
    .describe('Shares of citations by source type: over every answer first, then per platform, then per market'),
  ugcPages: z
    .array(ugcPageSchema)
    .optional()
    .describe('Community pages to join: threads and videos cited in answers that name competitors and not the brand, most answers first'),
};

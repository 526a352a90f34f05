import { z } from 'zod';
import { answerEvidenceShape, reportCostShape } from '../../shared/answer-evidence-schema';
import { rateSchema } from '../../shared/rate-schema';
import { reportMarketSchema } from '../../shared/market-schema';
import { marketDifferenceSchema } from '../../shared/market-comparison-schema';
import { answerReadingShape } from '../reader/reading-schema';
import { brandCardSchema, productNotesSchema, productVisibilitySchema } from './product-schema';
import { sourceTypeFields, sourceTypeSchema } from './source-schema';
import { demandSchema, questionDemandSchema } from './demand-schema';

/**
 * The report of a brand GEO diagnosis, with the field names of docs/checks/brand.md, as zod schemas so that the type,
 * the OpenAPI document and any validation come from one definition. Workflow code imports only the
 * types from here.
 */

const intent = z.enum(['best-of', 'comparison', 'use-case', 'informational', 'pricing', 'reviews', 'alternatives', 'worth']);

export const brandQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  intent,
  branded: z.boolean().describe('The question names the brand; its answers are reported apart'),
  source: z.enum(['template', 'model']),
  market: z.string().optional().describe('The market it is asked in (e.g. "DE-de"), when the diagnosis has markets'),
  demand: questionDemandSchema.optional().describe('How many people ask it, where DataForSEO is configured'),
});

export const brandAnswerSchema = z.object({
  questionId: z.string(),
  platform: z.string(),
  run: z.number().int().min(1),
  status: z
    .enum(['answered', 'no-answer', 'unavailable', 'error'])
    .describe(
      'no-answer: the platform said it does not know and named no option, or a surface showed no answer (reason); unavailable: the surface is not offered in that market, not counted',
    ),
  reason: z
    .enum(['no-ai-overview', 'no-results', 'not-offered'])
    .optional()
    .describe('Why a surface gave no answer: no-ai-overview (Google showed no AI Overview), no-results, not-offered (unavailable there)'),
  answer: z.string(),
  citations: z.array(z.string()),
  citationTypes: z.array(sourceTypeSchema).optional().describe('The source type of each citation, in the same order'),
  mentioned: z.boolean(),
  rank: z
    .number()
    .int()
    .min(1)
    .nullable()
    .describe('The order in which the answer presents the brand among its options (options in one list item or table row share a rank)'),
  firstRecommended: z.boolean(),
  brandCited: z.boolean().describe("A citation on the brand's domain"),
  entities: z
    .array(z.object({ name: z.string(), rank: z.number().int().min(1) }))
    .describe('The options the answer presents (products, brands, companies, services), with their ranks'),
  sentiment: z
    .enum(['positive', 'neutral', 'negative'])
    .optional()
    .describe('How the answer speaks of the brand where it first presents it; only when mentioned'),
  sentimentEvidence: z.string().optional().describe('The clause the sentiment rests on'),
  found: z.array(z.string()).optional().describe("Pages the answer's search found but the answer does not cite"),
  error: z.string().optional(),
  model: z.string().optional(),
  ...answerEvidenceShape,
  ...answerReadingShape,
  products: z.array(brandCardSchema).optional().describe('The product cards the surface showed, in order: the answer’s first slots'),
  productNotes: productNotesSchema.optional().describe('Cards the provider sent that the answer does not keep'),
});

export const sourceDomainSchema = z.object({
  domain: z.string(),
  type: sourceTypeSchema.optional(),
  answers: z.number().int().min(0).describe('Answers citing a page of this domain'),
  citesBrand: z.boolean().describe("The domain is the brand's own site"),
  brandAnswers: z.number().int().min(0).describe('Of those answers, the ones naming the brand'),
  competitorAnswers: z.number().int().min(0).describe('Of those answers, the ones naming a competitor'),
});

export const citationGapSchema = z.object({
  domain: z.string(),
  type: sourceTypeSchema.optional(),
  answers: z.number().int().min(1).describe('Answers citing it that name a competitor (none names the brand)'),
  competitors: z.array(z.string()).describe('The competitors those answers name, most often first'),
  questions: z.array(z.string()).describe('The questions those answers answer'),
});

const breakdown = {
  answers: z.number().int().min(0),
  mentionRate: rateSchema,
  firstRecommendationRate: rateSchema,
};

export const surfacePresenceSchema = z
  .object({
    platformId: z.string(),
    platform: z.string(),
    shown: rateSchema.describe('Of the questions asked there, those the surface showed an answer for (an AI Overview at all)'),
    unavailable: z.number().int().min(0).describe('Questions not asked because the surface is not offered in that market'),
  })
  .meta({ id: 'SurfacePresence' });

const compared = z.object({
  surface: rateSchema,
  api: rateSchema,
  differs: z.boolean().describe('The two rates differ beyond noise (Newcombe interval at 95% excludes zero)'),
});

export const surfaceVsApiSchema = z
  .object({
    surfaceId: z.string(),
    apiId: z.string(),
    surface: z.string(),
    api: z.string(),
    mentionRate: compared,
    firstRecommendationRate: compared,
    verdict: z
      .enum(['agree', 'api-overstates', 'api-understates'])
      .describe(
        "By the mention rates: the vendor's API names the brand more (overstates) or less than the surface people read, or no difference beyond noise",
      ),
    sentence: z.string(),
  })
  .meta({ id: 'SurfaceVsApi' });

export const brandReportSchema = z
  .object({
    kind: z.literal('brand'),
    version: z.number().int(),
    keyword: z.string(),
    brand: z.string(),
    domain: z.string().optional(),
    aliases: z.array(z.string()),
    products: z.array(z.string()).optional().describe("The brand's products the request listed: a product card naming one is the brand's"),
    markets: z
      .array(reportMarketSchema)
      .optional()
      .describe('Where the questions were asked from, each in its language; absent: no location, English'),
    createdAt: z.string(),
    durationMs: z.number().int().min(0),
    ...reportCostShape,
    questions: z.array(brandQuestionSchema),
    answers: z.array(brandAnswerSchema),
    readingMethod: z
      .enum(['rules', 'model'])
      .optional()
      .describe('How the answers were read: the rule reader, or the analysis model with the rules as fallback'),
    sources: z.array(sourceDomainSchema).optional().describe('The domains the answers cite, most answers first'),
    citationGaps: z
      .array(citationGapSchema)
      .optional()
      .describe('Sites to win: domains cited where competitors are named and the brand never is, most answers first'),
    ...sourceTypeFields,
    demand: demandSchema.optional().describe('How many people ask: the keyword per market, and the rates weighted by demand'),
    metrics: z
      .object({ ...breakdown, shareOfVoice: rateSchema, citationRate: rateSchema })
      .describe('Over the answers to questions without the brand that answered'),
    branded: z.object(breakdown).describe('The answers to questions that name the brand'),
    byPlatform: z.array(z.object({ platform: z.string(), errors: z.number().int().min(0), ...breakdown, citationRate: rateSchema })),
    byMarket: z
      .array(
        z.object({
          market: reportMarketSchema,
          key: z.string().describe('"DE-de", "US-en-New York"'),
          errors: z.number().int().min(0),
          ...breakdown,
          citationRate: rateSchema,
        }),
      )
      .optional()
      .describe("Each market's metrics, over its answers to questions without the brand; only when the diagnosis has markets"),
    marketDifferences: z
      .array(marketDifferenceSchema)
      .optional()
      .describe('Differences between two markets beyond noise (95% interval of the difference excludes zero), largest first'),
    byIntent: z.array(z.object({ intent, ...breakdown })),
    surfacePresence: z
      .array(surfacePresenceSchema)
      .optional()
      .describe(
        'Per search surface asked: how often it showed an answer (Google AI Overviews: how often an overview appeared); mention rates there are over the answers shown',
      ),
    surfaceVsApi: z
      .array(surfaceVsApiSchema)
      .optional()
      .describe(
        "Where a surface and its vendor's API were both asked (Google AI Mode and Gemini, ChatGPT's app and ChatGPT): their rates side by side and whether they differ beyond noise",
      ),
    productVisibility: z
      .array(productVisibilitySchema)
      .optional()
      .describe('Per search surface and market: product cards shown, the brand’s share and positions, top products, merchants with prices'),
    competitors: z.array(
      z.object({
        name: z.string(),
        discovered: z.boolean().describe('Found in the answers rather than given'),
        mentions: z.number().int().min(0),
        mentionRate: rateSchema,
        firstRecommendations: z.number().int().min(0),
        shareOfVoice: rateSchema,
        averageRank: z.number().nullable(),
      }),
    ),
    stage: z.enum(['invisible', 'emerging', 'competitive', 'leading']),
    confidence: z.enum(['low', 'normal']),
    conclusion: z.string(),
    actionPlan: z.array(
      z.object({
        priority: z.number().int().min(1),
        action: z.string(),
        why: z.string(),
        evidence: z.object({ questions: z.array(z.string()), platforms: z.array(z.string()), competitors: z.array(z.string()) }),
      }),
    ),
  })
  .meta({ id: 'BrandReport' });

export type BrandReport = z.infer<typeof brandReportSchema>;
export type BrandAnswer = z.infer<typeof brandAnswerSchema>;
export type BrandStage = BrandReport['stage'];
export type ActionItem = BrandReport['actionPlan'][number];
export type SourceDomain = z.infer<typeof sourceDomainSchema>;
export type CitationGap = z.infer<typeof citationGapSchema>;
export type SurfacePresence = z.infer<typeof surfacePresenceSchema>;
export type SurfaceVsApi = z.infer<typeof surfaceVsApiSchema>;

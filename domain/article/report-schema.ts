import { z } from 'zod';
import { answerEvidenceShape, reportCostShape } from '../shared/answer-evidence-schema';
import { rateSchema } from '../shared/rate-schema';
import { reportMarketSchema } from '../shared/market-schema';
import { marketDifferenceSchema } from '../shared/market-comparison-schema';

/**
 * The report of an article GEO check, with the field names of docs/checks/article.md, as zod schemas: one definition
 * for the type, the OpenAPI document and validation. Workflow code imports only the types.
 */

export const articleAnswerSchema = z.object({
  questionId: z.string(),
  platform: z.string(),
  status: z
    .enum(['answered', 'no-answer', 'unavailable', 'error'])
    .describe('no-answer: a surface showed no answer (reason); unavailable: the surface is not offered in that market; neither is counted'),
  reason: z.enum(['no-ai-overview', 'no-results', 'not-offered']).optional(),
  answer: z.string(),
  citations: z.array(z.string()),
  citesUrl: z.boolean().describe("A citation or URL in the answer is the article's URL, final URL or canonical URL (canonicalised)"),
  citesDomain: z.boolean().describe("A citation or URL in the answer is on the article's site"),
  coverage: z
    .number()
    .min(0)
    .max(1)
    .describe('Share of the key points the answer states (with coverageMethod "model": supported 1, partly supported ½)'),
  coveredKeyPoints: z.array(z.string()),
  partlyCoveredKeyPoints: z.array(z.string()).optional().describe('With coverageMethod "model": the key points the answer states in part'),
  error: z.string().optional(),
  model: z.string().optional(),
  ...answerEvidenceShape,
});

export const articleReportSchema = z
  .object({
    kind: z.literal('article'),
    version: z.number().int(),
    url: z.string(),
    finalUrl: z.string(),
    canonicalUrl: z.string().optional(),
    domain: z.string(),
    title: z.string(),
    language: z.string().optional(),
    markets: z
      .array(reportMarketSchema)
      .optional()
      .describe('Where the questions were asked from, each in its language; absent: no location'),
    wordCount: z.number().int().min(0),
    publishedAt: z.string().optional(),
    headings: z.array(z.string()),
    keyPoints: z.array(z.object({ id: z.string(), text: z.string() })),
    coverageMethod: z
      .enum(['lexical', 'model'])
      .optional()
      .describe(
        'How coverage was judged: "lexical" (shared content words, the default and the fallback) or "model" (the analysis model judged each key point supported, partly supported or not)',
      ),
    questions: z.array(
      z.object({
        id: z.string(),
        text: z.string(),
        source: z.enum(['template', 'model']),
        market: z.string().optional().describe('The market it is asked in (e.g. "DE-de"), when the check has markets'),
      }),
    ),
    answers: z.array(articleAnswerSchema),
    metrics: z.object({
      answers: z.number().int().min(0),
      coverage: z.number().min(0).max(1).describe('Mean coverage over the answers'),
      unionCoverage: z.number().min(0).max(1).describe('Share of key points covered by any answer'),
      urlCitationRate: rateSchema,
      domainCitationRate: rateSchema,
    }),
    byPlatform: z.array(
      z.object({
        platform: z.string(),
        answers: z.number().int().min(0),
        errors: z.number().int().min(0),
        coverage: z.number().min(0).max(1),
        urlCitationRate: rateSchema,
        domainCitationRate: rateSchema,
      }),
    ),
    byMarket: z
      .array(
        z.object({
          market: reportMarketSchema,
          key: z.string(),
          answers: z.number().int().min(0),
          errors: z.number().int().min(0),
          coverage: z.number().min(0).max(1),
          urlCitationRate: rateSchema,
          domainCitationRate: rateSchema,
        }),
      )
      .optional()
      .describe("Each market's measures; only when the check has markets"),
    marketDifferences: z
      .array(marketDifferenceSchema)
      .optional()
      .describe('Differences between two markets beyond noise (95% interval of the difference excludes zero), largest first'),
    verdict: z.object({
      citation: z.enum(['none', 'some', 'strong']),
      coverage: z.enum(['low', 'partial', 'high']),
      summary: z.enum(['cited', 'used-not-credited', 'not-used']),
      text: z.string(),
    }),
    confidence: z.enum(['low', 'normal']),
    advice: z.array(z.object({ priority: z.number().int().min(1), action: z.string(), why: z.string() })),
    createdAt: z.string(),
    durationMs: z.number().int().min(0),
    ...reportCostShape,
  })
  .meta({ id: 'ArticleReport' });

export type ArticleReport = z.infer<typeof articleReportSchema>;
export type ArticleAnswer = z.infer<typeof articleAnswerSchema>;

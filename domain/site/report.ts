import { z } from 'zod';
import { answerEvidenceShape, reportCostShape } from '../shared/answer-evidence-schema';
import { CRAWLERS } from '../shared/crawlers';
import { platformNames } from '../shared/platforms';
import type { PageSignals } from './page-signals';
import type { RetrievalSummary } from './retrieval';
import type { AgentFilesResult, HomePageResult, SitemapResult } from './stage-results';

/**
 * The report of one site check: the fields and element shapes of docs/checks/site.md, as zod schemas so
 * that the types, the OpenAPI document and any validation come from one definition. Workflow code
 * imports only types from here (and REPORT_VERSION from report-version.ts), keeping zod out of the
 * workflow bundle.
 */

export const checkSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['pass', 'warn', 'fail', 'info']).describe('info is a reference item and does not count in the score'),
  category: z.enum(['robots', 'crawlers', 'llms', 'sitemap', 'page', 'retrieval', 'agents']),
  detail: z.string().describe('One sentence a site owner understands'),
});

export const botSchema = z.object({
  token: z.string().describe('robots.txt product token'),
  name: z.string(),
  operator: z.string(),
  purpose: z.enum(['training', 'search', 'user', 'other']),
  role: z.enum(['training', 'search', 'user', 'other', 'agent', 'data']),
  access: z.enum(['allowed', 'partial', 'blocked', 'none']),
  simulated: z
    .object({
      status: z.number().int().nullable(),
      blocked: z.boolean(),
      charged: z
        .object({
          scheme: z.enum(['pay-per-crawl', 'x402']),
          price: z.string().describe('As the site states it: "USD 0.01" (crawler-price), or the x402 amount ("USDC 0.01")'),
        })
        .optional()
        .describe('Answered 402 with a price (Cloudflare pay per crawl, or x402): charged, not blocked'),
    })
    .optional()
    .describe("Where this crawler's User-Agent was tried against the home page"),
});

export const memoryResultSchema = z.object({
  platform: z.string().describe(platformNames('disjunction')),
  status: z.enum(['known', 'unknown', 'error']),
  answer: z.string(),
  reputation: z.enum(['positive', 'neutral', 'negative', 'unknown']),
  citations: z.array(z.string()),
  model: z.string(),
  latencyMs: z.number(),
  error: z.string().optional(),
  missedDeadline: z
    .enum(['not-asked', 'not-answered'])
    .optional()
    .describe(
      "Set when the platform's answer is missing for the check's deadline: not asked in time (its request budget was taken by other checks) or not done in time",
    ),
  ...answerEvidenceShape,
});

export const issueSchema = z.object({
  level: z.enum(['critical', 'warning']),
  text: z.string(),
  fix: z.string(),
  checkId: z.string().optional(),
});

const tallySchema = { count: z.number().int(), platforms: z.array(z.string()) };
export const keywordSchema = z.object({ keyword: z.string(), ...tallySchema });
export const sourceSchema = z.object({ url: z.string(), domain: z.string(), ...tallySchema });
export const citedPageSchema = z.object({ url: z.string(), title: z.string(), ...tallySchema });

export const adviceSchema = z.object({
  action: z.string(),
  why: z.string(),
  gain: z.number().describe('Points the total score would gain, estimated from the scoring weights'),
  checkId: z.string().optional(),
});

/** Nested stage results: typed in TypeScript, open objects in the published schema. */
const looseObject = <T>(description: string) => z.custom<T>((value) => typeof value === 'object' && value !== null).describe(description);

const score = z.number().min(0).max(100);

export const reportSchema = z.object({
  version: z.number().int(),
  domain: z.string().describe('Normalized domain'),
  createdAt: z.string().describe('ISO 8601'),
  durationMs: z.number(),
  totalScore: score.describe('0.4 × crawlerScore + 0.6 × memoryScore'),
  crawlerScore: score.describe('Crawler reachability, from the infrastructure checks'),
  memoryScore: score.describe('AI awareness, from the per-platform answers'),
  checks: z.array(checkSchema),
  bots: z.array(botSchema).describe(`Robots verdicts for the ${CRAWLERS.length} AI crawlers`),
  memory: z.array(memoryResultSchema),
  issues: z.array(issueSchema).describe('Problems with fixes, critical first'),
  keywords: z.array(keywordSchema).optional().describe('Absent for old snapshots or when no platform answered'),
  sources: z.array(sourceSchema).optional().describe('Absent for old snapshots or when no platform answered'),
  citedPages: z.array(citedPageSchema).optional().describe('Absent for old snapshots or when no platform answered'),
  pageSignals: looseObject<PageSignals>('Page semantic signals of the home page').optional(),
  agentFiles: looseObject<AgentFilesResult>('Probe of agent-access files (llms.txt, ai-plugin.json, MCP server card, ai.txt)').optional(),
  retrieval: looseObject<RetrievalSummary>('Live web retrieval results').optional(),
  advisor: z.array(adviceSchema).optional().describe('The three to five actions that would raise the score most'),
  home: looseObject<HomePageResult>('How the home page answered'),
  sitemap: looseObject<SitemapResult>('What the sitemaps hold').optional(),
  requests: z
    .object({ total: z.number().int(), byStage: z.record(z.string(), z.number().int()) })
    .describe('Requests made to the checked site'),
  ...reportCostShape,
});

export type CheckStatus = z.infer<typeof checkSchema>['status'];
export type CheckCategory = z.infer<typeof checkSchema>['category'];
export type Check = z.infer<typeof checkSchema>;
export type Bot = z.infer<typeof botSchema>;
export type MemoryStatus = z.infer<typeof memoryResultSchema>['status'];
export type Reputation = z.infer<typeof memoryResultSchema>['reputation'];
export type MemoryResult = z.infer<typeof memoryResultSchema>;
export type Issue = z.infer<typeof issueSchema>;
export type Keyword = z.infer<typeof keywordSchema>;
export type Source = z.infer<typeof sourceSchema>;
export type CitedPage = z.infer<typeof citedPageSchema>;
export type Advice = z.infer<typeof adviceSchema>;
export type Report = z.infer<typeof reportSchema>;

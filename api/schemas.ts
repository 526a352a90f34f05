import { PLATFORMS } from '../domain/shared/platforms';
import { z } from 'zod';
import { CHECK_KINDS } from '../domain/shared/check-kinds';
import { KINDS } from '../domain/kinds';
import { MAX_TARGET_LENGTH, RESERVED_SUFFIXES } from '../domain/shared/target';
import { marketSchema } from '../domain/shared/market-schema';
import { MAX_MARKETS } from '../domain/shared/markets';

/** The gateway's request and response bodies: they validate requests and generate /openapi.json. */

/** Some character that trim() keeps (exactly JavaScript's white space): no schema-valid value is refused as empty. */
export const NOT_ONLY_WHITE_SPACE = /[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Top-level names normaliseTarget refuses with 422 (home.arpa is under arpa). */
const RESERVED_TLDS = RESERVED_SUFFIXES.filter((suffix) => !suffix.includes('.'));
/**
 * A lower-case dotted host under an unreserved top-level domain: one to three labels of at most 63
 * characters and a top-level domain of at most 24 letters, so never over 253 characters. Plain regex
 * (no lookbehind) that JavaScript, Python and Hypothesis all read alike.
 */
const PUBLIC_HOST = `(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.){1,3}(?!(?:${RESERVED_TLDS.join('|')})(?:[/?#]|$))[a-z]{2,24}`;
/** What may follow the host: a path, query or fragment of visible ASCII, which every URL parser reads. */
const AFTER_HOST = '(?:[/?#][!-~]*)?';

/**
 * The published pattern of a target (url, domain): an optional http(s) scheme, a public-looking host,
 * a path. Only in /openapi.json, not in validation: the service also reads upper case, ports and
 * Unicode names, and refuses the rest with 400 or 422 as normaliseTarget decides. Narrow so that any
 * schema-valid value a client or a fuzzer builds from the document is one the service starts a check for.
 */
export const PUBLIC_ADDRESS_PATTERN = `^(?:https?://)?${PUBLIC_HOST}${AFTER_HOST}$`;
/** The published pattern of a webhook URL: the scheme is required there. */
export const PUBLIC_HTTP_URL_PATTERN = `^https?://${PUBLIC_HOST}${AFTER_HOST}$`;

/** A domain or URL in the field of that name; whether it names a public site is decided on start (422). */
export const address = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, { error: `${field} is empty: give a domain such as example.com or a URL such as https://example.com` })
    .max(MAX_TARGET_LENGTH, { error: `${field} is longer than ${MAX_TARGET_LENGTH} characters` })
    .regex(NOT_ONLY_WHITE_SPACE, { error: `${field} is empty: give a domain such as example.com or a URL such as https://example.com` })
    .describe(
      `A domain (example.com) or an http(s) URL (https://example.com/page): at most ${MAX_TARGET_LENGTH} characters after white space is trimmed. ` +
        'The pattern gives the form that is always read (lower case, no port); other forms are read as a browser would. ' +
        'Answered 422 when it is an IP address, localhost, a name without a top-level domain or under a reserved one (.test, .example, .invalid, .local …), another scheme than http(s), or when the site cannot be reached.',
    )
    .meta({ pattern: PUBLIC_ADDRESS_PATTERN });

/** `market` or `markets` on a brand diagnosis or an article check (docs/markets.md#asking). */
export const marketFields = {
  market: marketSchema
    .optional()
    .describe('Where the questions are asked from: {country (ISO 3166-1 alpha-2), language (BCP 47), city?}. Unset: no location, English'),
  markets: z
    .array(marketSchema, { error: 'markets must be a list of {country, language, city?}' })
    .min(1, { error: 'markets is empty: leave it out, or give up to 5 markets' })
    .max(MAX_MARKETS, { error: `markets has more than ${MAX_MARKETS} markets` })
    .optional()
    .describe(`Up to ${MAX_MARKETS} markets: every question is asked once per market, in its language, and the report compares them`),
};

/** The same rule as the document states it, so that clients and generators learn it from /openapi.json. */
export const NOT_BOTH_MARKET_FIELDS = { not: { required: ['market', 'markets'] } };

/** Refuses `market` and `markets` together: one says which. */
export const oneOfMarketFields = (body: { market?: unknown; markets?: unknown }, context: z.core.$RefinementCtx) => {
  if (body.market !== undefined && body.markets !== undefined)
    context.addIssue({ code: 'custom', message: 'give market or markets, not both', path: ['markets'] });
};

/**
 * One platform id, its own component of the document (PlatformId) so that the served document can
 * enumerate the platforms configured on this service alone (openapi.ts): what the registry lists here.
 */
export const platformIdSchema = z
  .string({ error: 'each of platforms must be a platform id' })
  .meta({ id: 'PlatformId', enum: PLATFORMS.map((platform) => platform.id) });

/**
 * The platforms a brand diagnosis, an article check or a monitor asks (docs/surfaces.md): ids from
 * the registry, each once; an unknown one is refused here, an unconfigured one when the check starts.
 */
export const platformIds = z
  .array(platformIdSchema, {
    error: 'platforms must be a list of platform ids',
  })
  .min(1, { error: 'platforms is empty: choose at least one platform, or leave platforms out to ask every configured one' })
  .max(PLATFORMS.length, { error: `platforms has more than ${PLATFORMS.length} ids` })
  .superRefine((ids, ctx) => {
    const unknown = ids.filter((id) => !PLATFORMS.some((platform) => platform.id === id));
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `platforms: unknown ${unknown.map((id) => `"${id}"`).join(', ')}; choose from ${PLATFORMS.map((platform) => platform.id).join(', ')}`,
      });
  })
  .transform((ids) => [...new Set(ids)])
  .optional()
  .describe(
    'The platforms to ask, by id (the ones configured on this service); unset: every assistant and every configured surface. An unknown or unconfigured id is answered 400.',
  );

export const errorSchema = z.object({ error: z.string().describe('What went wrong, in words') }).meta({ id: 'Error' });

export const rateLimitedSchema = errorSchema
  .extend({ resetAt: z.string().describe('ISO 8601 time when the quota recovers') })
  .meta({ id: 'RateLimited' });

export const snapshotResponseSchema = z
  .object({
    snapshotId: z.string(),
    snapshotUrl: z.string(),
    kind: z.enum(CHECK_KINDS).describe("Which kind of check made the report; report has that kind's shape"),
    createdAt: z.string(),
    monitorId: z.string().optional().describe('Set when a monitor’s schedule ran this check'),
    fingerprint: z.string().optional().describe('A monitored run’s configuration fingerprint: runs compare only within one'),
    report: z.union(CHECK_KINDS.map((kind) => KINDS[kind].reportSchema)),
  })
  .meta({ id: 'Snapshot' });

/** What the web page shows of a finished check (api/kinds/): sent in its final event, so the page's script knows no kind. */
export const headlineSchema = z
  .object({
    title: z.string().describe('The result in one line, e.g. "example.com: 72/100"'),
    figures: z.string().describe('Its headline figures in one line'),
    done: z.string().describe('A sentence saying the check is done, for screen readers'),
  })
  .meta({ id: 'Headline' });
export type Headline = z.infer<typeof headlineSchema>;

/** The final event of a kind's stream: where its report is kept, the report, and its headline. */
export const summaryEventSchema = (id: string, report: z.ZodType) =>
  z
    .object({
      type: z.literal('summary'),
      reportId: z.string().describe('The report id: /report/<reportId> is its permanent page'),
      reportUrl: z.string().describe('/report/<reportId>'),
      report,
      headline: headlineSchema,
    })
    .meta({ id });

/** A step of the run (api/check-events.ts): a site check's are `step`, a brand's or an article's `progress`. */
const stepFields = {
  stage: z.string(),
  status: z.enum(['started', 'done', 'failed', 'waiting']),
  message: z.string().describe('A short sentence for people watching the check'),
  at: z.string().describe('ISO 8601'),
  checkId: z.string().optional().describe('On the first event: the id for GET /api/check/{checkId}/events'),
};

export const stepEventSchema = z
  .object({ type: z.literal('step'), ...stepFields, snapshotId: z.string().optional().describe('On the first event') })
  .meta({ id: 'SiteCheckStepEvent' });

export const progressEventSchema = z
  .object({ type: z.literal('progress'), ...stepFields, reportId: z.string().optional().describe('On the first event') })
  .meta({ id: 'ProgressEvent' });

export const errorEventSchema = z
  .object({ type: z.literal('error'), error: z.string().describe('Why the check produced no report, in words') })
  .meta({ id: 'ErrorEvent' });

/** The first problem of a failed parse, as one sentence. */
export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'invalid request';
}

export const rankingsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50' })
    .int({ error: 'limit must be a whole number from 1 to 50' })
    .min(1, { error: 'limit must be a whole number from 1 to 50' })
    .max(50, { error: 'limit must be a whole number from 1 to 50' })
    .default(10),
});

export const rankingEntrySchema = z
  .object({
    rank: z.number().int().min(1),
    domain: z.string(),
    totalScore: z.number().min(0).max(100),
    crawlerScore: z.number().min(0).max(100),
    memoryScore: z.number().min(0).max(100),
    checkedAt: z.string().describe('ISO 8601 time of the check'),
    snapshotId: z.string(),
    snapshotUrl: z.string().describe('/report/<snapshotId>'),
  })
  .meta({ id: 'RankingEntry' });

export const rankingsResponseSchema = z
  .object({ rankings: z.array(rankingEntrySchema).describe('The newest site check of each domain, by total score (ties: newest first)') })
  .meta({ id: 'Rankings' });

export type RankingEntry = z.infer<typeof rankingEntrySchema>;

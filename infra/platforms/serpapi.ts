import { z } from 'zod';
import type { SurfaceDialect } from '../../domain/shared/platforms';
import { serpApiMarket } from '../../domain/shared/surface-markets';
import { serpApiMarkdown, type SerpApiTextBlock } from '../../domain/shared/surface-markdown';
import { uniqueUrls } from './citations';
import { cardFields, serpApiCards, serpApiShoppingSchema } from './product-cards';
import { httpFailure } from './http-failure';
import { PlatformError } from './platform-error';
import type { PlatformRequest, ProtocolReply } from './protocol';
import { networkFailure } from './transport-failure';

/**
 * Google AI Mode (`engine=google_ai_mode`) and AI Overviews (`engine=google`, then
 * `engine=google_ai_overview` with the `page_token` of a deferred overview) through SerpApi, as its
 * documentation describes them (references/consumer-surfaces.md §1, §2). Auth is the `api_key`
 * parameter; failures are a JSON `error` with the HTTP status.
 */
export async function askSerpApi(request: PlatformRequest<SurfaceDialect>): Promise<ProtocolReply> {
  const market = request.market ? serpApiMarket(request.market) : {};
  if (request.dialect.surface === 'google-ai-mode') {
    const body = await search(request, { engine: 'google_ai_mode', q: request.question, ...market });
    // AI Mode's shopping cards; the organic page's `shopping_results` are ads, not the overview's, and are not read.
    return reply(request, body, 1, 'no-results', cardFields(serpApiCards(body.shopping_results ?? [])));
  }
  const page = await search(request, { engine: 'google', q: request.question, ...market });
  const overview = page.ai_overview;
  if (!overview) return reply(request, {}, 1, 'no-ai-overview');
  if (overview.text_blocks) return reply(request, overview, 1, 'no-ai-overview');
  if (!overview.page_token) return reply(request, {}, 1, 'no-ai-overview');
  // Deferred: the token expires within a minute or so, so it is used at once (one more search). An
  // expired one is a passing failure: the retry reads the page, and a fresh token, again.
  const deferred = await search(request, { engine: 'google_ai_overview', page_token: overview.page_token }).catch((error: unknown) => {
    throw error instanceof PlatformError && error.kind === 'bad-request'
      ? new PlatformError(
          'server',
          `${request.platformName}'s deferred AI Overview could not be read (${error.message}); read again with a new token`,
        )
      : error;
  });
  return reply(request, deferred.ai_overview ?? {}, 2, 'no-ai-overview');
}

const referenceSchema = z.looseObject({ index: z.number().optional(), link: z.string().optional(), title: z.string().optional() });
const blockSchema: z.ZodType<SerpApiTextBlock> = z.lazy(() =>
  z.looseObject({
    type: z.string().optional(),
    snippet: z.string().optional(),
    title: z.string().optional(),
    list: z.array(listItemSchema).optional(),
    table: z.array(z.array(z.string())).optional(),
    text_blocks: z.array(blockSchema).optional(),
  }),
);
const listItemSchema: z.ZodType<NonNullable<SerpApiTextBlock['list']>[number]> = z.lazy(() =>
  z.looseObject({ title: z.string().optional(), snippet: z.string().optional(), list: z.array(listItemSchema).optional() }),
);
const answerSchema = z.looseObject({
  text_blocks: z.array(blockSchema).optional(),
  references: z.array(referenceSchema).optional(),
  reconstructed_markdown: z.string().optional(),
  shopping_results: serpApiShoppingSchema,
});
const searchSchema = answerSchema.extend({
  error: z.string().optional(),
  search_metadata: z.looseObject({ status: z.string().optional() }).optional(),
  ai_overview: answerSchema.extend({ page_token: z.string().optional() }).optional(),
});
type SearchBody = z.infer<typeof searchSchema>;

async function search(request: PlatformRequest<SurfaceDialect>, parameters: Record<string, string>): Promise<SearchBody> {
  const url = new URL(`${request.baseUrl}/search.json`);
  for (const [name, value] of Object.entries({ ...parameters, api_key: request.apiKey })) url.searchParams.set(name, value);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { signal: request.signal });
    text = await response.text();
  } catch (error) {
    if (request.signal.aborted) throw error;
    throw networkFailure(request, error);
  }
  const body = parseBody(text);
  if (!response.ok) throw serpApiFailure(request, response.status, body?.error);
  if (!body) throw new PlatformError('server', `${request.platformName} gave an unreadable answer (HTTP ${response.status})`);
  if (body.search_metadata?.status === 'Error' && !isEmptyResult(body.error))
    throw new PlatformError('server', `${request.platformName} could not run the search: ${body.error ?? 'no reason given'}`);
  return body;
}

function parseBody(text: string): SearchBody | undefined {
  try {
    const parsed = searchSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** "Google hasn't returned any results for this query.": a 200 with `error` and no blocks, an answer of nothing. */
const isEmptyResult = (error: string | undefined): boolean => error !== undefined && /hasn't returned any results/i.test(error);

function reply(
  request: PlatformRequest<SurfaceDialect>,
  answer: z.infer<typeof answerSchema>,
  searches: number,
  none: 'no-results' | 'no-ai-overview',
  cards: Pick<ProtocolReply, 'products' | 'productNotes'> = {},
): ProtocolReply {
  const text = answer.text_blocks?.length ? serpApiMarkdown(answer.text_blocks) : (answer.reconstructed_markdown ?? '');
  const citations = uniqueUrls((answer.references ?? []).flatMap((reference) => (reference.link ? [reference.link] : [])));
  const base = {
    text,
    citations,
    found: [],
    searched: true,
    searchQueries: [],
    usage: { inputTokens: 0, outputTokens: 0, searches },
    model: request.model,
    ...cards,
  };
  return text.trim() || cards.products ? base : { ...base, text: '', absent: { status: 'no-answer', reason: none } };
}

/**
 * SerpApi's error statuses: 401 a bad key, 403 a deleted account, 429 out of searches (no wait helps
 * before the plan renews) or over the plan's hourly throughput (retried after the hour turns, never
 * hammered), 400 a refused request, 5xx its own trouble.
 */
function serpApiFailure(request: PlatformRequest<SurfaceDialect>, status: number, message: string | undefined): PlatformError {
  if (status === 429 && /run out of searches/i.test(message ?? '')) {
    return new PlatformError(
      'quota',
      `${request.platformName} has no searches left on the SerpApi plan (HTTP 429): ${message}; upgrade the plan or wait for its renewal`,
      { status },
    );
  }
  if (status === 429) {
    const retryAfterMs = untilNextHour();
    return new PlatformError(
      'rate-limited',
      `${request.platformName} is over the SerpApi plan's hourly throughput (HTTP 429)${message ? `: ${message}` : ''} (retry after ${Math.ceil(retryAfterMs / 1000)} s)`,
      { status, retryAfterMs },
    );
  }
  const failure = httpFailure({ ...request, env: 'SERPAPI' }, { status, message });
  return failure;
}

/** SerpApi counts its hourly throughput by the clock hour: the wait until the next one begins, and a few seconds more. */
export function untilNextHour(now = Date.now()): number {
  return 3_600_000 - (now % 3_600_000) + 5_000;
}

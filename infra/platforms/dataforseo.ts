import { z } from 'zod';
import type { SurfaceDialect, SurfaceId } from '../../domain/shared/platforms';
import { dataForSeoMarket, DATAFORSEO_DEFAULT_MARKET } from '../../domain/shared/surface-markets';
import { dataForSeoMarkdown, type DataForSeoElement } from '../../domain/shared/surface-markdown';
import { uniqueUrls } from './citations';
import { cardFields, chatGptCards, dataForSeoShoppingCards } from './product-cards';
import { httpFailure } from './http-failure';
import { PlatformError } from './platform-error';
import type { PlatformRequest, ProtocolReply } from './protocol';
import { networkFailure } from './transport-failure';

/**
 * The surfaces through DataForSEO's Live endpoints (references/consumer-surfaces.md §3): a POST of one
 * task, Basic authentication, and an HTTP 200 whose task `status_code` carries the outcome (20000 ok,
 * 40101 its search engine failed, retried; 40102 no results, an answer of nothing).
 */
const ENDPOINTS: Record<SurfaceId, string> = {
  'google-ai-mode': '/v3/serp/google/ai_mode/live/advanced',
  'google-ai-overviews': '/v3/serp/google/organic/live/advanced',
  'chatgpt-app': '/v3/ai_optimization/chat_gpt/llm_scraper/live/advanced',
};

export async function askDataForSeo(request: PlatformRequest<SurfaceDialect>): Promise<ProtocolReply> {
  const { surface } = request.dialect;
  const task = {
    keyword: request.question,
    ...(request.market ? dataForSeoMarket(request.market) : DATAFORSEO_DEFAULT_MARKET),
    // Without it an overview Google loads afterwards comes back empty (`asynchronous_ai_overview`).
    ...(surface === 'google-ai-overviews' ? { load_async_ai_overview: true } : {}),
    ...(surface === 'chatgpt-app' ? { force_web_search: true } : {}),
  };
  const result = await post(request, ENDPOINTS[surface], task);
  const usage = { inputTokens: 0, outputTokens: 0, searches: 1 };
  const base = { found: [], searched: true, searchQueries: [], usage, model: request.model };
  if (!result)
    return {
      ...base,
      text: '',
      citations: [],
      absent: { status: 'no-answer', reason: surface === 'google-ai-overviews' ? 'no-ai-overview' : 'no-results' },
    };

  if (surface === 'chatgpt-app') {
    const chat = scraperSchema.parse(result);
    const text = chat.markdown ?? '';
    const cards = cardFields(chatGptCards(chat.items ?? []));
    return {
      ...base,
      text,
      citations: uniqueUrls((chat.sources ?? []).map((source) => source.url)),
      found: uniqueUrls((chat.search_results ?? []).map((source) => source.url)),
      searchQueries: chat.fan_out_queries ?? [],
      model: chat.model ?? request.model,
      priceKey: request.model,
      ...cards,
      ...(text.trim() || cards.products ? {} : { absent: { status: 'no-answer', reason: 'no-results' } }),
    };
  }
  const overview = serpSchema.parse(result).items?.find((item) => item.type === 'ai_overview');
  // The shopping element's own text lists its cards, which are read as cards (product-cards.ts), not as text.
  const blocks = overview?.items?.filter((item) => item.type !== 'ai_overview_shopping');
  const text = overview ? (blocks?.length ? dataForSeoMarkdown(blocks) : (overview.markdown ?? '')) : '';
  const citations = uniqueUrls((overview?.references ?? []).map((reference) => reference.url));
  const cards = cardFields(dataForSeoShoppingCards(overview?.items ?? []));
  if (!text.trim() && !cards.products)
    return {
      ...base,
      text: '',
      citations: [],
      absent: { status: 'no-answer', reason: surface === 'google-ai-overviews' ? 'no-ai-overview' : 'no-results' },
    };
  return { ...base, text, citations, ...cards };
}

const elementSchema: z.ZodType<DataForSeoElement> = z.lazy(() =>
  z.looseObject({
    type: z.string().optional(),
    title: z.string().nullish(),
    text: z.string().nullish(),
    markdown: z.string().nullish(),
    url: z.string().nullish(),
    source: z.string().nullish(),
    components: z.array(elementSchema).nullish(),
    table: z.looseObject({ table_header: z.array(z.string()).nullish(), table_content: z.array(z.array(z.string())).nullish() }).nullish(),
  }),
);
const urlOf = z.looseObject({ url: z.string().nullish() });
const serpSchema = z.looseObject({
  items: z
    .array(
      z.looseObject({
        type: z.string(),
        markdown: z.string().nullish(),
        items: z.array(elementSchema).nullish(),
        references: z.array(urlOf).nullish(),
      }),
    )
    .nullish(),
});
const scraperSchema = z.looseObject({
  model: z
    .string()
    .nullish()
    .transform((value) => value ?? undefined),
  markdown: z
    .string()
    .nullish()
    .transform((value) => value ?? undefined),
  sources: z.array(urlOf).nullish(),
  search_results: z.array(urlOf).nullish(),
  fan_out_queries: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? undefined),
  items: z.array(z.looseObject({ type: z.string().optional() })).nullish(),
});
const envelopeSchema = z.looseObject({
  status_code: z.number(),
  status_message: z.string().optional(),
  tasks: z
    .array(z.looseObject({ status_code: z.number(), status_message: z.string().optional(), result: z.array(z.unknown()).nullish() }))
    .nullish(),
});

/** One task to a Live endpoint: its first result, or undefined when DataForSEO found nothing (40102). */
async function post(request: PlatformRequest<SurfaceDialect>, path: string, task: Record<string, unknown>): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${request.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(request.apiKey).toString('base64')}` },
      body: JSON.stringify([task]),
      signal: request.signal,
    });
    text = await response.text();
  } catch (error) {
    if (request.signal.aborted) throw error;
    throw networkFailure(request, error);
  }
  const envelope = parse(text);
  if (response.status === 401)
    throw new PlatformError(
      'auth',
      `${request.platformName} (DataForSEO, HTTP 401) rejected the login; check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD`,
      { status: 401 },
    );
  if (!response.ok) throw httpFailure({ ...request, env: 'DATAFORSEO' }, { status: response.status, message: envelope?.status_message });
  if (!envelope) throw new PlatformError('server', `${request.platformName} gave an unreadable answer (HTTP ${response.status})`);
  const outcome = envelope.tasks?.[0] ?? envelope;
  const code = outcome.status_code;
  if (code === 20000) return envelope.tasks?.[0]?.result?.[0];
  if (code === 40102) return undefined;
  throw taskFailure(request, code, outcome.status_message ?? '');
}

function parse(text: string): z.infer<typeof envelopeSchema> | undefined {
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A task's status code as a failure: 40101 and 5xxxx pass, 401xx is the login, 402xx the balance, the rest the request. */
function taskFailure(request: PlatformRequest<SurfaceDialect>, code: number, message: string): PlatformError {
  const said = `${request.platformName} (DataForSEO ${code}${message ? `: ${message}` : ''})`;
  if (code === 40101 || code >= 50000) return new PlatformError('server', `${said} had a server error`);
  if (code >= 40200 && code < 40300) return new PlatformError('quota', `${said} has no balance left; top up the DataForSEO account`);
  if (code >= 40100 && code < 40200)
    return new PlatformError('auth', `${said} rejected the login; check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD`);
  return new PlatformError('bad-request', `${said} rejected the request`);
}

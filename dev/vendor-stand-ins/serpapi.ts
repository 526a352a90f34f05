import type { SurfaceId } from '../../domain/shared/surface-ids';
import { domainOf, opaqueToken, randomId, sendJson, titleOf, type Exchange } from './exchange';
import { serpApiBlocks } from './surface-blocks';
import { serpApiShoppingResults } from './surface-products';
import { pick, type SurfaceContext } from './surface-types';

/**
 * SerpApi, as its documentation describes it (references/consumer-surfaces.md §1, §2, §7):
 * `GET /search.json` with the key in `api_key`; `engine=google_ai_mode` answers in `text_blocks` and
 * `references`; `engine=google` carries an AI Overview inline, deferred (only a `page_token`, which
 * `engine=google_ai_overview` redeems, billed, within a minute) or not at all. Errors are `{"error"}`
 * with the HTTP status; no results is a 200 with `error`. A search is cached for an hour unless
 * `no_cache=true`; cached searches are free.
 */

const INVALID_KEY = 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key';
const NO_RESULTS = "Google hasn't returned any results for this query.";
const ENGINES = ['google_ai_mode', 'google', 'google_ai_overview'];
const CACHE_MS = 3_600_000;

export interface SerpApiState {
  /** Searches billed: successful and not served from the cache. */
  billed: number;
  /** How long a deferred overview's page_token lasts ("within 1 minute", the newer schema). */
  tokenTtlMs: number;
}

export function serpApiHandler(apiKey: string, surfaces: SurfaceContext, state: SerpApiState) {
  const tokens = new Map<string, { question: string; expires: number }>();
  const cache = new Map<string, { body: unknown; at: number }>();

  return function handle(x: Exchange): void {
    if (x.method !== 'GET' || x.path !== '/search.json') return sendJson(x.res, 404, { error: `No route for ${x.method} ${x.path}` });
    const q = x.query;
    if (q.get('api_key') !== apiKey) return sendJson(x.res, 401, { error: INVALID_KEY });
    const engine = q.get('engine') ?? 'google';
    if (!ENGINES.includes(engine)) return sendJson(x.res, 400, { error: `Unsupported \`${engine}\` search engine.` });
    if (q.has('location') && q.has('uule'))
      return sendJson(x.res, 400, { error: "`location` and `uule` parameters can't be used together." });
    if (q.has('async') && q.get('no_cache') === 'true')
      return sendJson(x.res, 400, { error: "`async` and `no_cache` parameters can't be used together." });
    if (engine !== 'google_ai_overview' && !q.get('q')) return sendJson(x.res, 400, { error: 'Missing query `q` parameter.' });
    const failure = surfaces.takeFailure('serpapi');
    if (failure) return fail(x, failure.kind);

    if (engine === 'google_ai_overview') {
      const token = tokens.get(q.get('page_token') ?? '');
      if (!token) return sendJson(x.res, 400, { error: 'Missing or invalid `page_token` parameter.' });
      if (token.expires < Date.now()) return sendJson(x.res, 400, { error: 'The `page_token` has expired.' });
      state.billed += 1;
      return sendJson(x.res, 200, {
        search_metadata: metadata('Success'),
        search_parameters: { engine, page_token: q.get('page_token') },
        ai_overview: answer('google-ai-overviews', token.question),
      });
    }

    const key = [...q.entries()]
      .filter(([name]) => name !== 'api_key' && name !== 'no_cache')
      .sort()
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const cached = cache.get(key);
    if (cached && q.get('no_cache') !== 'true' && Date.now() - cached.at < CACHE_MS) return sendJson(x.res, 200, cached.body);
    const question = q.get('q')!;
    const parameters = Object.fromEntries([...q.entries()].filter(([name]) => name !== 'api_key'));
    const body = engine === 'google_ai_mode' ? aiMode(question, parameters) : googleResults(question, parameters);
    if (!('error' in body)) state.billed += 1;
    cache.set(key, { body, at: Date.now() });
    sendJson(x.res, 200, body);
  };

  function aiMode(question: string, parameters: Record<string, string>): Record<string, unknown> {
    const content = answer('google-ai-mode', question);
    if (!content) return { search_metadata: metadata('Success'), search_parameters: parameters, error: NO_RESULTS };
    // Present only on a commercial query, as a top-level array beside the text blocks.
    const products = pick(surfaces.behaviour('google-ai-mode').products, question, []);
    return {
      search_metadata: metadata('Success'),
      search_parameters: parameters,
      ...content,
      ...(products.length > 0 ? { shopping_results: serpApiShoppingResults(products) } : {}),
      subsequent_request_token: opaqueToken(),
    };
  }

  function googleResults(question: string, parameters: Record<string, string>): Record<string, unknown> {
    const organic = {
      organic_results: [{ position: 1, title: `Results for ${question}`, link: 'https://example.com/', snippet: question }],
    };
    const base = { search_metadata: metadata('Success'), search_parameters: parameters, ...organic };
    const mode = pick(surfaces.behaviour('google-ai-overviews').overview, question, 'inline');
    const content = answer('google-ai-overviews', question);
    if (mode === 'absent' || !content) return base;
    if (mode === 'inline') return { ...base, ai_overview: { ...content, thumbnail: 'https://serpapi.com/thumbnail.png' } };
    const token = opaqueToken();
    tokens.set(token, { question, expires: Date.now() + state.tokenTtlMs });
    return {
      ...base,
      ai_overview: { page_token: token, serpapi_link: `https://serpapi.com/search.json?engine=google_ai_overview&page_token=${token}` },
    };
  }

  /** The configured answer as blocks and references, or undefined for none. */
  function answer(surface: SurfaceId, question: string): { text_blocks: unknown[]; references: unknown[] } | undefined {
    const behaviour = surfaces.behaviour(surface);
    const text = pick(behaviour.answer, question, `Here is what people read about ${question}.`);
    if (!text.trim()) return undefined;
    const urls = pick(behaviour.citations, question, []);
    const references = urls.map((link, index) => ({
      index,
      title: titleOf(link),
      link,
      snippet: `From ${domainOf(link)}.`,
      source: domainOf(link),
    }));
    return { text_blocks: serpApiBlocks(text, references.length), references };
  }
}

function metadata(status: 'Success' | 'Error'): Record<string, unknown> {
  const id = randomId();
  return {
    id,
    status,
    json_endpoint: `https://serpapi.com/searches/${id}.json`,
    created_at: new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC'),
    total_time_taken: 6.2,
  };
}

function fail(x: Exchange, kind: string): void {
  if (kind === 'out_of_searches') return sendJson(x.res, 429, { error: 'Your account has run out of searches.' });
  if (kind === 'hourly_limit')
    return sendJson(x.res, 429, {
      error: 'Your account has exceeded the hourly searches limit of your plan. Please upgrade or wait for the next hour.',
    });
  if (kind === 'unauthorized') return sendJson(x.res, 401, { error: INVALID_KEY });
  sendJson(x.res, 500, { error: 'Internal server error.' });
}

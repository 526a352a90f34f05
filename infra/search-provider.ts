/**
 * Live web retrieval (docs/platforms.md): one interface over SearXNG's JSON API and the
 * Brave Search API. Errors say whether a retry can help, and never carry the API key or the
 * configured URL, since their messages may end up in a report.
 */

export interface SearchResult {
  url: string;
  title: string;
  snippet: string;
  engine?: string;
}

export interface SearchOptions {
  /** Results kept at most (default 10). */
  count?: number;
  signal?: AbortSignal;
}

export interface SearchProvider {
  name: 'searxng' | 'brave';
  search(query: string, options?: SearchOptions): Promise<SearchResult[]>;
}

export class SearchError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

export interface RetrievalSettings {
  searxngUrl?: string;
  brave: { apiKey?: string; baseUrl: string };
}

export interface ProviderOptions {
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_COUNT = 10;
/** The Brave API rejects a larger count with 422. */
const BRAVE_MAX_COUNT = 20;

/** undefined when neither SEARXNG_URL nor BRAVE_API_KEY is configured (SearXNG preferred when both are). */
export function createSearchProvider(retrieval: RetrievalSettings, options: ProviderOptions = {}): SearchProvider | undefined {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (retrieval.searxngUrl) return searxng(retrieval.searxngUrl, timeoutMs);
  if (retrieval.brave.apiKey) return brave(retrieval.brave.baseUrl, retrieval.brave.apiKey, timeoutMs);
  return undefined;
}

function searxng(baseUrl: string, timeoutMs: number): SearchProvider {
  // fetch refuses URLs with user:password, yet a private instance behind basic auth is a common setup.
  const base = new URL(baseUrl);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (base.username || base.password) {
    const credentials = `${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    base.username = '';
    base.password = '';
  }
  const root = base.href.replace(/\/+$/, '');
  return {
    name: 'searxng',
    async search(query, options = {}) {
      const url = `${root}/search?${new URLSearchParams({ q: query, format: 'json' })}`;
      const body = await getJson('SearXNG', url, headers, timeoutMs, options.signal);
      const results = isRecord(body) && Array.isArray(body.results) ? body.results : undefined;
      if (!results) throw new SearchError('SearXNG answered without a results list', false);
      return keepWebResults(
        results.map((item) =>
          isRecord(item)
            ? { url: text(item.url), title: text(item.title), snippet: text(item.content), engine: optionalText(item.engine) }
            : undefined,
        ),
        options.count,
      );
    },
  };
}

function brave(baseUrl: string, apiKey: string, timeoutMs: number): SearchProvider {
  const headers = { accept: 'application/json', 'x-subscription-token': apiKey };
  return {
    name: 'brave',
    async search(query, options = {}) {
      const count = Math.min(resultLimit(options.count), BRAVE_MAX_COUNT);
      const url = `${baseUrl.replace(/\/+$/, '')}/res/v1/web/search?${new URLSearchParams({ q: query, count: String(count) })}`;
      const body = await getJson('Brave Search', url, headers, timeoutMs, options.signal);
      if (!isRecord(body)) throw new SearchError('Brave Search answered without a JSON object', false);
      // Brave leaves out "web" altogether when nothing matched.
      const results = isRecord(body.web) && Array.isArray(body.web.results) ? body.web.results : [];
      return keepWebResults(
        results.map((item) =>
          isRecord(item)
            ? { url: text(item.url), title: plainText(text(item.title)), snippet: plainText(text(item.description)) }
            : undefined,
        ),
        options.count,
      );
    },
  };
}

type ProviderLabel = 'SearXNG' | 'Brave Search';

/** What a site operator should look at when the provider refuses outright. */
const REFUSAL_HINTS: Record<ProviderLabel, string> = {
  SearXNG: 'is "json" listed in search.formats of its settings.yml?',
  'Brave Search': 'check BRAVE_API_KEY',
};

async function getJson(
  provider: ProviderLabel,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  callerSignal?: AbortSignal,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  try {
    // Redirects are refused: following one would hand the subscription token to another host.
    const response = await fetch(url, { headers, signal, redirect: 'manual' });
    if (!response.ok) {
      await response.body?.cancel();
      throw statusError(provider, response.status);
    }
    const body = await response.text();
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw new SearchError(`${provider} answered with something other than JSON; check its URL`, false, response.status);
    }
  } catch (error) {
    if (error instanceof SearchError) throw error;
    // The caller gave up (workflow cancelled): its reason, not a search failure to retry.
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (timeout.aborted) throw new SearchError(`${provider} did not answer within ${timeoutMs} ms`, true);
    throw new SearchError(`${provider} could not be reached${networkCode(error)}`, true);
  }
}

function statusError(provider: ProviderLabel, status: number): SearchError {
  if (status === 401 || status === 403)
    return new SearchError(`${provider} refused the request (HTTP ${status}): ${REFUSAL_HINTS[provider]}`, false, status);
  if (status === 429) return new SearchError(`${provider} is rate-limiting requests (HTTP 429)`, true, status);
  if (status === 408 || status >= 500) return new SearchError(`${provider} failed (HTTP ${status})`, true, status);
  if (status >= 300 && status < 400)
    return new SearchError(`${provider} answered with a redirect (HTTP ${status}); check its URL`, false, status);
  return new SearchError(`${provider} rejected the query (HTTP ${status})`, false, status);
}

/** Only the error code: undici's own messages name the internal address that was tried. */
function networkCode(error: unknown): string {
  // Not instanceof Error: fetch's errors may come from another realm (jest's sandbox, for one).
  const cause = isRecord(error) ? error.cause : undefined;
  const code = isRecord(cause) && typeof cause.code === 'string' ? cause.code : undefined;
  return code ? ` (${code})` : '';
}

function keepWebResults(results: (SearchResult | undefined)[], count: number | undefined): SearchResult[] {
  return results.filter((result): result is SearchResult => result !== undefined && isWebUrl(result.url)).slice(0, resultLimit(count));
}

function resultLimit(count: number | undefined): number {
  return count === undefined || !Number.isFinite(count) ? DEFAULT_COUNT : Math.max(1, Math.floor(count));
}

function isWebUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Brave marks matched words with <strong> and escapes the text as HTML. */
function plainText(html: string): string {
  return html
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on loopback that plays both a SearXNG instance (GET /search?format=json) and the
 * Brave Search API (GET /res/v1/web/search), answering in their real response shapes.
 */

export interface FakeResult {
  url: string;
  title: string;
  snippet?: string;
}

export interface RecordedRequest {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
}

export interface FakeSearch {
  origin: string;
  setResults(query: string, results: FakeResult[]): void;
  /** Answer the next `times` requests (every request when omitted) with this status; undefined clears it. */
  setFailure(status: number | undefined, times?: number): void;
  /** Wait this long before answering (0 clears it). */
  setDelay(ms: number): void;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface FakeSearchOptions {
  /** When set, Brave requests with another X-Subscription-Token get Brave's 401. */
  braveApiKey?: string;
}

const BRAVE_MAX_COUNT = 20;

export async function startFakeSearch(options: FakeSearchOptions = {}): Promise<FakeSearch> {
  const resultsByQuery = new Map<string, FakeResult[]>();
  const requests: RecordedRequest[] = [];
  let failure: { status: number; remaining: number } | undefined;
  let delayMs = 0;
  const timers = new Set<NodeJS.Timeout>();

  const answer = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const query = url.searchParams.get('q') ?? '';
    if (failure && failure.remaining > 0) {
      failure.remaining -= 1;
      return sendJson(res, failure.status, { error: `fake failure ${failure.status}` });
    }
    const results = resultsByQuery.get(query) ?? [];
    if (url.pathname === '/search') return answerSearxng(res, url, query, results);
    if (url.pathname === '/res/v1/web/search') return answerBrave(req, res, url, query, results, options.braveApiKey);
    sendJson(res, 404, { error: 'not found' });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-search');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: flatHeaders(req) });
    if (delayMs === 0) return answer(req, res, url);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) answer(req, res, url);
    }, delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    setResults: (query, results) => void resultsByQuery.set(query, results),
    setFailure: (status, times = Number.POSITIVE_INFINITY) => {
      failure = status === undefined ? undefined : { status, remaining: times };
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise((resolve) => {
        timers.forEach(clearTimeout);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answerSearxng(res: ServerResponse, url: URL, query: string, results: FakeResult[]) {
  // SearXNG answers HTML unless asked for JSON (and 403 when JSON is disabled, which setFailure plays).
  if (url.searchParams.get('format') !== 'json') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><title>SearXNG</title>');
    return;
  }
  sendJson(res, 200, {
    query,
    number_of_results: 0,
    results: results.map((result, index) => ({
      url: result.url,
      title: result.title,
      content: result.snippet ?? '',
      engine: index % 2 === 0 ? 'duckduckgo' : 'brave',
      engines: ['duckduckgo', 'brave'],
      parsed_url: parsedUrl(result.url),
      template: 'default.html',
      positions: [index + 1],
      score: 1 / (index + 1),
      category: 'general',
    })),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
  });
}

function answerBrave(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  query: string,
  results: FakeResult[],
  apiKey: string | undefined,
) {
  const token = req.headers['x-subscription-token'];
  if (token === undefined || (apiKey !== undefined && token !== apiKey)) {
    return sendJson(res, 401, {
      type: 'ErrorResponse',
      error: {
        id: 'fake',
        status: 401,
        code: 'SUBSCRIPTION_TOKEN_INVALID',
        detail: 'The provided subscription token is invalid.',
        meta: {},
      },
      time: Math.floor(Date.now() / 1000),
    });
  }
  const count = Number(url.searchParams.get('count') ?? BRAVE_MAX_COUNT);
  if (!Number.isInteger(count) || count < 1 || count > BRAVE_MAX_COUNT) {
    return sendJson(res, 422, {
      type: 'ErrorResponse',
      error: { id: 'fake', status: 422, code: 'VALIDATION', detail: 'Unable to validate request parameter(s)', meta: {} },
    });
  }
  const page = results.slice(0, count);
  sendJson(res, 200, {
    type: 'search',
    query: {
      original: query,
      show_strict_warning: false,
      is_navigational: false,
      spellcheck_off: true,
      country: 'us',
      more_results_available: results.length > count,
    },
    mixed: { type: 'mixed', main: page.map((_result, index) => ({ type: 'web', index, all: false })), top: [], side: [] },
    // Like Brave, "web" is absent when nothing matched.
    ...(page.length === 0
      ? {}
      : {
          web: {
            type: 'search',
            family_friendly: true,
            results: page.map((result) => ({
              type: 'search_result',
              title: escapeHtml(result.title),
              url: result.url,
              is_source_local: false,
              is_source_both: false,
              description: highlight(escapeHtml(result.snippet ?? ''), query),
              language: 'en',
              family_friendly: true,
              meta_url: parsedUrl(result.url),
            })),
          },
        }),
  });
}

/** Brave escapes text as HTML and wraps the words that matched the query in <strong>. */
function highlight(html: string, query: string): string {
  const words = query.split(/\s+/).filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
  if (words.length === 0) return html;
  return html.replace(new RegExp(`\\b(${words.join('|')})\\b`, 'giu'), '<strong>$1</strong>');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

function parsedUrl(url: string) {
  try {
    const parsed = new URL(url);
    return { scheme: parsed.protocol.replace(':', ''), netloc: parsed.host, hostname: parsed.hostname, path: parsed.pathname };
  } catch {
    return { scheme: '', netloc: '', hostname: '', path: '' };
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function flatHeaders(req: IncomingMessage): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
}

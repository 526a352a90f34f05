import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { leastInstance } from './json-schema';
import type { StandInBehaviour, StandInFailure, StandInFailureKind, StandInPlatform, StandInRequest } from './types';

/** One HTTP request as a vendor handler sees it: the path below the vendor's prefix, the parsed body. */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** The path below the vendor's prefix, without the query string (e.g. /v1/messages). */
  path: string;
  query: URLSearchParams;
  raw: string;
  /** The body parsed as JSON; `undefined` when it is empty or not JSON. */
  json: unknown;
  record: StandInRequest;
}

/** What a vendor handler may ask of the server: the platform's behaviour, failures, pacing. */
export interface VendorContext {
  platform: StandInPlatform;
  apiKey: string;
  isRetired(model: string): boolean;
  /**
   * The configured answer for a question (text, citations, queries, whether the model searches); with
   * a structured-output schema, the text is the configured structured reply as JSON.
   */
  turn(model: string, question: string, schema?: unknown): Turn;
  /** Takes one failure from the behaviour when one is due (counting it), else undefined. */
  takeFailure(): StandInFailure | undefined;
  /** Counts the request in flight, waits the configured delay; false when the caller went away meanwhile. */
  serve(x: Exchange, answer: () => void | Promise<void>): Promise<void>;
}

export interface Turn {
  question: string;
  text: string;
  citations: string[];
  queries: string[];
  /** Whether the model searches when it may (the behaviour's `searches`). */
  searches: boolean;
}

export const FAILURES_BY_PLATFORM: Record<StandInPlatform, StandInFailureKind[]> = {
  chatgpt: ['rate_limit', 'quota', 'overloaded', 'server_error', 'unauthorized', 'bad_request'],
  claude: ['rate_limit', 'quota', 'overloaded', 'server_error', 'unauthorized', 'bad_request', 'pause_turn', 'search_error'],
  gemini: ['rate_limit', 'overloaded', 'server_error', 'unauthorized', 'bad_request'],
  perplexity: ['rate_limit', 'overloaded', 'server_error', 'unauthorized', 'bad_request', 'failed_run'],
  deepseek: [
    'rate_limit',
    'quota',
    'overloaded',
    'server_error',
    'unauthorized',
    'bad_request',
    'pause_turn',
    'search_error',
    'blank_lines',
  ],
};

export function resolveTurn(behaviour: StandInBehaviour, model: string, question: string, schema?: unknown): Turn {
  const pick = <T>(value: T | ((q: string) => T) | undefined, fallback: T): T =>
    typeof value === 'function' ? (value as (q: string) => T)(question) : (value ?? fallback);
  const structured =
    schema === undefined
      ? undefined
      : JSON.stringify(behaviour.structured ? behaviour.structured(question, schema) : leastInstance(schema));
  return {
    question,
    text: structured ?? pick(behaviour.answer, `${model} has no particular knowledge about: ${question}`),
    citations: pick(behaviour.citations, []),
    queries: pick(behaviour.searchQueries, [question]),
    searches: behaviour.searches ?? true,
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, prefix = ''): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(prefix + JSON.stringify(body));
}

export function waitUnlessClosed(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve(false);
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

export const randomId = (bytes = 12): string => randomBytes(bytes).toString('hex');
export const opaqueToken = (bytes = 48): string => randomBytes(bytes).toString('base64url');

/** The host of a URL without a leading www., the way vendors title a source by its domain. */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** A plausible page title for a cited URL. */
export const titleOf = (url: string): string =>
  `${domainOf(url)} – ${new URL(url, 'https://x.invalid').pathname.replace(/\/$/, '') || 'home'}`;

export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Rough token count the stand-ins report (about 4 characters a token). */
export const tokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deals the items round-robin to `groups` lists (citations to the several searches that found them). */
export function deal<T>(items: T[], groups: number): T[][] {
  const out: T[][] = Array.from({ length: Math.max(1, groups) }, () => []);
  items.forEach((item, index) => out[index % out.length]!.push(item));
  return out;
}

export const unixNow = (): number => Math.floor(Date.now() / 1000);

/** The bearer token of an Authorization header, if any. */
export function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  return header && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '') : undefined;
}

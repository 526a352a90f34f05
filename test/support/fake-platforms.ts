import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLATFORMS, type PlatformDefinition } from '../../domain/platforms';

/**
 * One real HTTP server on loopback that plays every AI platform's wire protocol: OpenAI Chat Completions
 * (with OpenAI search annotations, or Perplexity's citations and search_results for "sonar" models) and
 * Anthropic Messages (with web-search citations), errors in each vendor's own JSON shape included.
 * Point the service's *_BASE_URL variables at it (env()) and steer each platform by its model name.
 */

export interface FakePlatformBehaviour {
  /** The answer text, exactly, or made from the question. Default: a sentence naming the model and the question. */
  answer?: string | ((question: string) => string);
  /** Cited URLs, delivered in the platform's own citation format. */
  citations?: string[] | ((question: string) => string[]);
  /** Wait this long before answering (or failing). */
  delayMs?: number;
  /** Fail with this HTTP status, in the vendor's error shape. */
  status?: number;
  /** Retry-After header sent with the failure. */
  retryAfter?: string;
  /** Fail with `status` this many times, then answer; unset: fail every time. */
  failTimes?: number;
}

export interface FakePlatformRequest {
  path: string;
  model: string;
  /** The credential header as sent: Authorization for OpenAI-style calls, else x-api-key. */
  authorization?: string;
  body: unknown;
  /** When the request arrived (Date.now()): for per-minute counts and retry gaps. */
  at: number;
}

export interface FakePlatforms {
  /** http://127.0.0.1:PORT */
  origin: string;
  baseUrls: Record<'openai' | 'anthropic', string>;
  /** OPENAI_*, ANTHROPIC_*, GEMINI_*, PERPLEXITY_*, DEEPSEEK_*: _BASE_URL, _API_KEY and _MODEL (each platform's default model). */
  env(): Record<string, string>;
  /** Keyed by the request's model name, so each platform can behave differently. Resets its failure count. */
  setBehaviour(model: string, behaviour: FakePlatformBehaviour): void;
  requests: FakePlatformRequest[];
  /** The most requests each model had in flight at once (from the moment a request is read until it is answered). */
  peakInFlight: Map<string, number>;
  close(): Promise<void>;
}

interface Route {
  platform: PlatformDefinition;
  /** Where the platform's base URL points on the fake: /openai/v1, /anthropic, /gemini/v1beta/openai… */
  prefix: string;
  endpoint: string;
  apiKey: string;
}

const ENDPOINTS = { 'openai-chat': '/chat/completions', 'anthropic-messages': '/v1/messages' } as const;

function routeFor(platform: PlatformDefinition): Route {
  const basePath = new URL(platform.defaultBaseUrl).pathname.replace(/\/+$/, '');
  const prefix = `/${platform.env.toLowerCase()}${basePath}`;
  return { platform, prefix, endpoint: `${prefix}${ENDPOINTS[platform.protocol]}`, apiKey: `fake-${platform.id}-key-0123456789` };
}

export async function startFakePlatforms(): Promise<FakePlatforms> {
  const routes: Route[] = PLATFORMS.map(routeFor);
  const behaviours = new Map<string, FakePlatformBehaviour & { failures: number }>();
  const requests: FakePlatformRequest[] = [];
  const inFlight = new Map<string, number>();
  const peakInFlight = new Map<string, number>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake platform failed: ${String(error)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = routes.find((candidate) => candidate.endpoint === path);
    const protocol = route?.platform.protocol ?? (path.endsWith('/v1/messages') ? 'anthropic-messages' : 'openai-chat');
    const fail = (status: number, message: string, headers: Record<string, string> = {}) => sendError(res, protocol, status, message, headers);

    const at = Date.now();
    const raw = await readBody(req);
    if (!route || req.method !== 'POST') return fail(404, `Unknown request URL: ${req.method} ${path}`);
    const body = parseJson(raw);
    const model = stringField(body, 'model') ?? '';
    const authorization = credentialHeader(req, protocol);
    requests.push({ path, model, authorization, body, at });

    const presentedKey = authorization?.replace(/^Bearer\s+/i, '');
    if (presentedKey !== route.apiKey) return fail(401, authFailureMessage(protocol, presentedKey));
    const invalid = validate(protocol, req, body);
    if (invalid) return fail(400, invalid);

    const current = (inFlight.get(model) ?? 0) + 1;
    inFlight.set(model, current);
    peakInFlight.set(model, Math.max(peakInFlight.get(model) ?? 0, current));
    try {
      await answer(res, protocol, model, body, fail);
    } finally {
      inFlight.set(model, (inFlight.get(model) ?? 1) - 1);
    }
  }

  async function answer(res: ServerResponse, protocol: Protocol, model: string, body: unknown, fail: (status: number, message: string, headers?: Record<string, string>) => void): Promise<void> {
    const behaviour = behaviours.get(model);
    if (behaviour?.delayMs && !(await waitUnlessClosed(behaviour.delayMs, res))) return;
    if (behaviour?.status && (behaviour.failTimes === undefined || behaviour.failures < behaviour.failTimes)) {
      behaviour.failures += 1;
      return fail(behaviour.status, vendorErrorMessage(behaviour.status), behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {});
    }

    const question = lastUserText(body);
    const text = typeof behaviour?.answer === 'function' ? behaviour.answer(question) : (behaviour?.answer ?? `${model} has no particular knowledge about: ${question}`);
    const citations = typeof behaviour?.citations === 'function' ? behaviour.citations(question) : (behaviour?.citations ?? []);
    const reply = protocol === 'anthropic-messages' ? anthropicMessage(model, question, text, citations) : chatCompletion(model, text, citations);
    sendJson(res, 200, reply, protocol);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const baseUrlOf = (env: string) => `${origin}${routes.find((route) => route.platform.env === env)?.prefix ?? ''}`;

  return {
    origin,
    baseUrls: { openai: baseUrlOf('OPENAI'), anthropic: baseUrlOf('ANTHROPIC') },
    env: () =>
      Object.fromEntries(
        routes.flatMap((route) => [
          [`${route.platform.env}_BASE_URL`, `${origin}${route.prefix}`],
          [`${route.platform.env}_API_KEY`, route.apiKey],
          [`${route.platform.env}_MODEL`, route.platform.defaultModel],
        ]),
      ),
    setBehaviour: (model, behaviour) => behaviours.set(model, { ...behaviour, failures: 0 }),
    requests,
    peakInFlight,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Protocol = PlatformDefinition['protocol'];

// ——— Successful answers, in each vendor's format ———

function chatCompletion(model: string, answer: string, citations: string[]): object {
  const perplexity = model.startsWith('sonar');
  // OpenAI search models mark cited spans with url_citation annotations; Perplexity lists sources beside the message.
  const annotations = citations.map((url) => ({
    type: 'url_citation',
    url_citation: { url, title: titleOf(url), start_index: 0, end_index: answer.length },
  }));
  return {
    id: `chatcmpl-${randomId()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer, refusal: null, ...(perplexity ? {} : { annotations }) },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 12, completion_tokens: wordCount(answer), total_tokens: 12 + wordCount(answer) },
    ...(perplexity
      ? { citations, search_results: citations.map((url) => ({ title: titleOf(url), url, date: '2025-01-15' })) }
      : {}),
  };
}

function anthropicMessage(model: string, question: string, answer: string, citations: string[]): object {
  return {
    id: `msg_${randomId()}`,
    type: 'message',
    role: 'assistant',
    model,
    content: citations.length > 0 ? webSearchContent(question, answer, citations) : [{ type: 'text', text: answer }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: wordCount(answer), ...(citations.length > 0 ? { server_tool_use: { web_search_requests: 1 } } : {}) },
  };
}

/** What Claude sends after a web search: the tool call, its results, then text blocks, the cited one with citations. */
function webSearchContent(question: string, answer: string, citations: string[]): object[] {
  const toolUseId = `srvtoolu_${randomId()}`;
  // Claude opens with uncited text and cites in a later block; split after the first sentence where there is one.
  const [, opening = '', cited = answer] = /^(.+?[.!?]\s+)(\S[\s\S]*)$/.exec(answer) ?? [];
  return [
    { type: 'server_tool_use', id: toolUseId, name: 'web_search', input: { query: question } },
    {
      type: 'web_search_tool_result',
      tool_use_id: toolUseId,
      content: citations.map((url) => ({ type: 'web_search_result', url, title: titleOf(url), encrypted_content: randomId(), page_age: null })),
    },
    ...(opening ? [{ type: 'text', text: opening }] : []),
    {
      type: 'text',
      text: cited,
      citations: citations.map((url) => ({
        type: 'web_search_result_location',
        url,
        title: titleOf(url),
        cited_text: cited.slice(0, 150),
        encrypted_index: randomId(),
      })),
    },
  ];
}

// ——— Errors, in each vendor's format ———

function sendError(res: ServerResponse, protocol: Protocol, status: number, message: string, headers: Record<string, string>): void {
  const body =
    protocol === 'anthropic-messages'
      ? { type: 'error', error: { type: ANTHROPIC_ERROR_TYPES[status] ?? 'api_error', message }, request_id: `req_${randomId()}` }
      : { error: { message, type: OPENAI_ERROR_TYPES[status] ?? 'server_error', param: null, code: OPENAI_ERROR_CODES[status] ?? null } };
  sendJson(res, status, body, protocol, headers);
}

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

const OPENAI_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  403: 'invalid_request_error',
  404: 'invalid_request_error',
  429: 'requests',
};

const OPENAI_ERROR_CODES: Record<number, string> = { 401: 'invalid_api_key', 404: 'model_not_found', 429: 'rate_limit_exceeded' };

function vendorErrorMessage(status: number): string {
  if (status === 429) return 'Rate limit reached for requests. Please try again later.';
  if (status === 529) return 'Overloaded';
  if (status >= 500) return 'The server had an error while processing your request. Sorry about that!';
  return `The request was rejected (${status}).`;
}

/** Unlike the real OpenAI (which masks it), this echoes the whole wrong key, as some compatible servers do. */
function authFailureMessage(protocol: Protocol, presentedKey: string | undefined): string {
  if (protocol === 'anthropic-messages') return 'invalid x-api-key';
  if (!presentedKey) return "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.";
  return `Incorrect API key provided: ${presentedKey}. You can find your API key at https://platform.openai.com/account/api-keys.`;
}

function validate(protocol: Protocol, req: IncomingMessage, body: unknown): string | undefined {
  if (body === undefined) return 'We could not parse the JSON body of your request.';
  if (!stringField(body, 'model')) return 'model: Field required';
  const messages = field(body, 'messages');
  if (!Array.isArray(messages) || messages.length === 0) return 'messages: at least one message is required';
  if (protocol === 'anthropic-messages') {
    if (typeof field(body, 'max_tokens') !== 'number') return 'max_tokens: Field required';
    if (!req.headers['anthropic-version']) return 'anthropic-version: header is required';
  }
  return undefined;
}

// ——— HTTP plumbing ———

function sendJson(res: ServerResponse, status: number, body: object, protocol: Protocol, headers: Record<string, string> = {}): void {
  const requestIdHeader = protocol === 'anthropic-messages' ? 'request-id' : 'x-request-id';
  res.writeHead(status, { 'content-type': 'application/json', [requestIdHeader]: `req_${randomId()}`, ...headers }).end(JSON.stringify(body));
}

/** The SDK for Anthropic 1.x sends the key as a Bearer token; the HTTP API also takes x-api-key. */
function credentialHeader(req: IncomingMessage, protocol: Protocol): string | undefined {
  const apiKeyHeader = req.headers['x-api-key'];
  if (protocol === 'anthropic-messages' && typeof apiKeyHeader === 'string') return apiKeyHeader;
  return req.headers.authorization;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Resolves false if the client went away first (a timed-out caller), so nothing is written to a dead socket. */
function waitUnlessClosed(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(!res.destroyed), ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

function stringField(value: unknown, name: string): string | undefined {
  const found = field(value, name);
  return typeof found === 'string' ? found : undefined;
}

/** The question: the last user message's text, whether sent as a string or as content blocks. */
function lastUserText(body: unknown): string {
  const messages = field(body, 'messages');
  const last: unknown = Array.isArray(messages) ? messages.at(-1) : undefined;
  const content = field(last, 'content');
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((block) => stringField(block, 'text') ?? '').join('');
  return '';
}

function titleOf(url: string): string {
  return URL.canParse(url) ? `Page on ${new URL(url).hostname}` : url;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function randomId(): string {
  return randomBytes(8).toString('hex');
}

import type { ServerResponse } from 'node:http';
import { deal, isObject, opaqueToken, randomId, sendJson, titleOf, tokens, type Exchange, type Turn, type VendorContext } from './exchange';
import { strictSchemaProblem } from './json-schema';
import type { StandInFailure } from './types';

/**
 * The Anthropic Messages protocol (`@anthropic-ai/sdk@1.12` resources/messages/messages.d.ts and the
 * web search tool documentation), as Claude and DeepSeek's Anthropic-compatible endpoint speak it.
 * Each speaker supplies a dialect: which tool is its web search, how it resolves model names, what
 * it validates.
 */
export interface MessagesDialect {
  /** The server-tool name of its web search when `tool` declares it, else undefined. */
  searchToolName(tool: Record<string, unknown>): string | undefined;
  /** Refuses a request the vendor refuses (fields, tools, headers); undefined when acceptable. */
  refuse(body: Record<string, unknown>): Refusal | undefined;
  /** The model that serves the name, or a refusal in the vendor's form. */
  resolveModel(model: string): { served: string } | Refusal;
  /** Fields only one of the two puts on blocks and usage (Claude's `caller`, usage breakdown). */
  full: boolean;
  /** Serves `output_config.format` (Claude's structured outputs); otherwise the field is ignored. */
  structuredOutputs: boolean;
}

export interface Refusal {
  status: number;
  type: string;
  message: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export const sendError = (res: ServerResponse, refusal: Refusal, prefix = '') =>
  sendJson(
    res,
    refusal.status,
    {
      type: 'error',
      error: { type: refusal.type, message: refusal.message, ...(refusal.details ? { details: refusal.details } : {}) },
      request_id: `req_${randomId(12)}`,
    },
    { 'request-id': `req_${randomId(12)}`, ...refusal.headers },
    prefix,
  );

export function failureRefusal(failure: StandInFailure, platform: 'claude' | 'deepseek'): Refusal | undefined {
  const reset = new Date(Date.now() + 60_000).toISOString();
  switch (failure.kind) {
    case 'rate_limit':
      return {
        status: 429,
        type: 'rate_limit_error',
        message:
          platform === 'claude'
            ? 'This request would exceed the rate limit for your organization of 50 requests per minute.'
            : 'Rate limit reached for requests',
        headers:
          platform === 'claude'
            ? {
                'retry-after': String(failure.retryAfterSeconds ?? 1),
                'anthropic-ratelimit-requests-limit': '50',
                'anthropic-ratelimit-requests-remaining': '0',
                'anthropic-ratelimit-requests-reset': reset,
                'anthropic-ratelimit-tokens-limit': '30000',
                'anthropic-ratelimit-tokens-remaining': '29000',
                'anthropic-ratelimit-tokens-reset': reset,
                'anthropic-ratelimit-input-tokens-limit': '30000',
                'anthropic-ratelimit-input-tokens-remaining': '29000',
                'anthropic-ratelimit-input-tokens-reset': reset,
                'anthropic-ratelimit-output-tokens-limit': '8000',
                'anthropic-ratelimit-output-tokens-remaining': '8000',
                'anthropic-ratelimit-output-tokens-reset': reset,
              }
            : {},
      };
    case 'quota':
      return platform === 'claude'
        ? {
            status: 429,
            type: 'rate_limit_error',
            message: 'You have reached your specified API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.',
            details: { error_code: 'enforced_spend_limit_reached' },
          }
        : { status: 402, type: 'invalid_request_error', message: 'Insufficient Balance' };
    case 'overloaded':
      return platform === 'claude'
        ? { status: 529, type: 'overloaded_error', message: 'Overloaded' }
        : { status: 503, type: 'overloaded_error', message: 'Server overloaded, please try again later.' };
    case 'server_error':
      return { status: 500, type: 'api_error', message: 'Internal server error' };
    case 'unauthorized':
      // Each vendor's own words, as its endpoint answers a wrong key (claude.ts, deepseek.ts).
      return {
        status: 401,
        type: 'authentication_error',
        message: platform === 'claude' ? 'invalid x-api-key' : 'Authentication Fails, Your api key is invalid',
      };
    case 'bad_request':
      return { status: 400, type: 'invalid_request_error', message: 'messages: the request cannot be served' };
    default:
      return undefined;
  }
}

/** The messages of a request and the question of its last user turn (before an assistant turn being continued). */
function conversation(messages: unknown[]): { question: string; continuing: boolean } {
  const last = messages[messages.length - 1];
  const continuing = isObject(last) && last.role === 'assistant';
  const user = [...messages].reverse().find((m) => isObject(m) && m.role === 'user');
  let question = '';
  if (isObject(user)) {
    if (typeof user.content === 'string') question = user.content;
    else if (Array.isArray(user.content))
      question = user.content
        .map((block) => (isObject(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
        .join('');
  }
  return { question, continuing };
}

export async function createMessage(
  ctx: VendorContext,
  x: Exchange,
  dialect: MessagesDialect,
  platform: 'claude' | 'deepseek',
): Promise<void> {
  const body = x.json;
  if (!isObject(body))
    return sendError(x.res, {
      status: 400,
      type: 'invalid_request_error',
      message: 'There was an issue with the request body: it is not valid JSON.',
    });
  if (typeof body.model === 'string') x.record.model = body.model;
  const refusal = dialect.refuse(body);
  if (refusal) return sendError(x.res, refusal);
  if (body.stream === true)
    return sendError(x.res, {
      status: 400,
      type: 'invalid_request_error',
      message: 'stream: this stand-in serves non-streaming requests only.',
    });
  const resolved = dialect.resolveModel(String(body.model));
  if ('status' in resolved) return sendError(x.res, resolved);

  const tools = Array.isArray(body.tools) ? body.tools.filter(isObject) : [];
  const searchTool = tools.map((tool) => dialect.searchToolName(tool)).find(Boolean);
  const declared = tools.find((tool) => dialect.searchToolName(tool));
  const maxUses = typeof declared?.max_uses === 'number' ? declared.max_uses : Infinity;
  const choice = isObject(body.tool_choice) ? body.tool_choice : undefined;
  const forced = choice?.type === 'any' || (choice?.type === 'tool' && choice.name === searchTool);
  const { question, continuing } = conversation(body.messages as unknown[]);
  const structured = structuredRequest(body, tools, dialect);
  if ('refusal' in structured) return sendError(x.res, structured.refusal);

  await ctx.serve(x, () => {
    const failure = ctx.takeFailure();
    const refused = failure && failureRefusal(failure, platform);
    if (refused) return sendError(x.res, refused);
    if (structured.schema) {
      const turn = ctx.turn(resolved.served, question, structured.schema);
      const content = structured.tool
        ? [
            {
              type: 'tool_use',
              id: `toolu_${randomId(12)}`,
              name: structured.tool,
              input: JSON.parse(turn.text) as unknown,
              ...(dialect.full ? { caller: { type: 'direct' } } : {}),
            },
          ]
        : [textBlock(turn.text)];
      return sendJson(
        x.res,
        200,
        envelope(resolved.served, turn, { content, searches: 0, stop: structured.tool ? 'tool_use' : 'end_turn' }, dialect.full),
        { 'request-id': `req_${randomId(12)}` },
      );
    }
    const configured = ctx.turn(resolved.served, question);
    const turn = { ...configured, queries: configured.queries.slice(0, maxUses) };
    const searched = Boolean(searchTool) && choice?.type !== 'none' && (turn.searches || forced);
    const message =
      searched && searchTool
        ? searchingMessage(turn, searchTool, dialect.full, continuing, failure)
        : { content: [textBlock(turn.text)], searches: 0, stop: 'end_turn' };
    const prefix = failure?.kind === 'blank_lines' ? '\n'.repeat(failure.lines ?? 3) : '';
    sendJson(x.res, 200, envelope(resolved.served, turn, message, dialect.full), { 'request-id': `req_${randomId(12)}` }, prefix);
  });
}

const invalidRequest = (message: string): Refusal => ({ status: 400, type: 'invalid_request_error', message });

/**
 * A reply asked for in a shape: Claude's `output_config.format` (structured outputs: a JSON schema in
 * the strict subset, the reply a text block of JSON), or a custom tool forced with `tool_choice`
 * (the reply a `tool_use` block whose input fits the tool's `input_schema`).
 */
function structuredRequest(
  body: Record<string, unknown>,
  tools: Record<string, unknown>[],
  dialect: MessagesDialect,
): { schema?: unknown; tool?: string } | { refusal: Refusal } {
  const choice = isObject(body.tool_choice) ? body.tool_choice : undefined;
  for (const [index, tool] of tools.entries()) {
    if (tool.type !== undefined && tool.type !== 'custom') continue;
    if (typeof tool.name !== 'string' || !/^[a-zA-Z0-9_-]{1,128}$/.test(tool.name))
      return { refusal: invalidRequest(`tools.${index}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`) };
    if (!isObject(tool.input_schema)) return { refusal: invalidRequest(`tools.${index}.custom.input_schema: Field required`) };
    if (tool.input_schema.type !== 'object')
      return { refusal: invalidRequest(`tools.${index}.custom.input_schema.type: Input should be 'object'`) };
  }
  if (choice?.type === 'tool') {
    const tool = tools.find((candidate) => candidate.name === choice.name);
    if (!tool) return { refusal: invalidRequest(`tool_choice.name: Tool '${String(choice.name)}' not found in provided tools`) };
    if (tool.type === undefined || tool.type === 'custom') return { schema: tool.input_schema, tool: String(tool.name) };
  }
  const config = body.output_config;
  if (config === undefined || !dialect.structuredOutputs) return {};
  if (!isObject(config)) return { refusal: invalidRequest('output_config: Input should be a valid dictionary') };
  const stray = Object.keys(config).find((field) => field !== 'effort' && field !== 'format');
  if (stray) return { refusal: invalidRequest(`output_config.${stray}: Extra inputs are not permitted`) };
  const format = config.format;
  if (format === undefined || format === null) return {};
  if (!isObject(format) || format.type !== 'json_schema')
    return { refusal: invalidRequest("output_config.format.type: Input should be 'json_schema'") };
  const extra = Object.keys(format).find((field) => field !== 'type' && field !== 'schema');
  if (extra) return { refusal: invalidRequest(`output_config.format.${extra}: Extra inputs are not permitted`) };
  if (!isObject(format.schema)) return { refusal: invalidRequest('output_config.format.schema: Field required') };
  const problem = strictSchemaProblem(format.schema);
  if (problem) return { refusal: invalidRequest(`output_config.format.schema: ${problem}`) };
  return { schema: format.schema };
}

const textBlock = (text: string, citations: object[] | null = null) => ({ type: 'text', text, citations });

/**
 * Claude's content with the tool: narration first, each search (server_tool_use, web_search_tool_result),
 * then the answer as text blocks, the cited one carrying web_search_result_location citations. With
 * `pause_turn` the turn stops after the searches; the request that sends them back gets the rest.
 */
function searchingMessage(turn: Turn, toolName: string, full: boolean, continuing: boolean, failure: StandInFailure | undefined) {
  const caller = full ? { caller: { type: 'direct' } } : {};
  const answer = (citations: string[]) => [
    textBlock('Based on the search results, '),
    citations.length > 0
      ? textBlock(
          turn.text,
          citations.map((url) => ({
            type: 'web_search_result_location',
            url,
            title: titleOf(url),
            cited_text: turn.text.slice(0, 150),
            encrypted_index: opaqueToken(24),
          })),
        )
      : textBlock(turn.text),
  ];
  if (continuing) return { content: answer(turn.citations), searches: 0, stop: 'end_turn' };

  const searchError = failure?.kind === 'search_error' ? (failure.errorCode ?? 'unavailable') : undefined;
  const results = deal(turn.citations, turn.queries.length);
  const searches = turn.queries.flatMap((query, index) => {
    const id = `srvtoolu_${randomId(12)}`;
    return [
      { type: 'server_tool_use', id, name: toolName, input: { query }, ...caller },
      {
        type: 'web_search_tool_result',
        tool_use_id: id,
        content: searchError
          ? { type: 'web_search_tool_result_error', error_code: searchError }
          : results[index]!.map((url) => ({
              type: 'web_search_result',
              url,
              title: titleOf(url),
              encrypted_content: opaqueToken(),
              page_age: 'November 2, 2026',
            })),
        ...caller,
      },
    ];
  });
  const narration = textBlock(`I'll search for ${turn.queries[0] ?? turn.question}.`);
  if (failure?.kind === 'pause_turn') return { content: [narration, ...searches], searches: turn.queries.length, stop: 'pause_turn' };
  return {
    content: [narration, ...searches, ...(searchError ? [textBlock(turn.text)] : answer(turn.citations))],
    searches: searchError ? 0 : turn.queries.length,
    stop: 'end_turn',
  };
}

function envelope(model: string, turn: Turn, message: { content: object[]; searches: number; stop: string }, full: boolean) {
  const input = tokens(turn.question) + message.searches * 2_000;
  const output = tokens(turn.text) + 20;
  const serverToolUse =
    message.content.some((block) => (block as { type: string }).type === 'server_tool_use') || message.searches > 0
      ? { web_search_requests: message.searches, web_fetch_requests: 0 }
      : null;
  const usage = full
    ? {
        cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        inference_geo: 'global',
        input_tokens: input,
        output_tokens: output,
        output_tokens_details: { thinking_tokens: 0 },
        server_tool_use: serverToolUse,
        service_tier: 'standard',
        speed: 'standard',
      }
    : {
        input_tokens: input,
        output_tokens: output,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        server_tool_use: serverToolUse,
      };
  return {
    id: `msg_${randomId(12)}`,
    type: 'message',
    role: 'assistant',
    model,
    content: message.content,
    stop_reason: message.stop,
    stop_sequence: null,
    ...(full ? { stop_details: null, container: null, diagnostics: null } : {}),
    usage,
  };
}

import { locationProblem } from './user-location';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { bearer, isObject, sendJson, titleOf, tokens, unixNow, type Exchange, type Turn, type VendorContext } from './exchange';
import type { StandInFailure } from './types';

/**
 * Perplexity's Agent API as its docs describe it (docs.perplexity.ai mirror pie575/perplexity-docs
 * openapi/openapi.json `ResponsesRequest`/`ResponsesResponse`, and perplexityai/api-platform-developers
 * skills/migrate-sonar-to-agent-api): `POST /v1/agent` = `POST /v1/responses`, strict (an unknown field
 * anywhere is a 400 naming it), search only through `tools:[{type:"web_search"}]`, results as a
 * `search_results` output item, cost in `usage.cost`, model failures as HTTP 200 `status:"failed"`.
 * `GET /v1/models` needs no key. Sonar's chat routes answer as they have since 2026-09-27.
 */

/** Request fields: the OpenAPI schema's, plus those the migration guide documents as accepted. */
const FIELDS = new Set([
  'input',
  'background',
  'instructions',
  'language_preference',
  'max_output_tokens',
  'max_steps',
  'model',
  'models',
  'preset',
  'profile',
  'previous_response_id',
  'reasoning',
  'response_format',
  'store',
  'stream',
  'tools',
  'skills',
  'temperature',
  'top_p',
  'tool_choice',
  'parallel_tool_calls',
  'stream_options',
  'max_tool_calls',
  'metadata',
  'truncation',
  'text',
]);
const TOOL_FIELDS: Record<string, Set<string>> = {
  web_search: new Set(['type', 'filters', 'search_context_size', 'max_results', 'max_tokens', 'max_tokens_per_page', 'user_location']),
  fetch_url: new Set(['type', 'max_urls']),
  finance_search: new Set(['type']),
  people_search: new Set(['type']),
  sandbox: new Set(['type']),
  function: new Set(['type', 'name', 'description', 'parameters', 'strict']),
};
/** InputMessage, FunctionCallInput and FunctionCallOutputInput fields. */
const INPUT_ITEM_FIELDS: Record<string, Set<string>> = {
  message: new Set(['type', 'role', 'content']),
  function_call: new Set(['type', 'call_id', 'name', 'arguments', 'thought_signature']),
  function_call_output: new Set(['type', 'id', 'call_id', 'name', 'output', 'status', 'thought_signature']),
};
const FILTER_FIELDS = new Set([
  'search_domain_filter',
  'search_recency_filter',
  'search_after_date_filter',
  'search_before_date_filter',
  'last_updated_after_filter',
  'last_updated_before_filter',
]);
const LOCATION_FIELDS = new Set(['city', 'country', 'latitude', 'longitude', 'region']);
/** GET /v1/models (docs/agent-api/models.mdx), price per 1M input/output tokens. */
const MODELS: Record<string, { owner: string; input: number; output: number }> = {
  'perplexity/sonar': { owner: 'perplexity', input: 0.25, output: 2.5 },
  'openai/gpt-5.6-sol': { owner: 'openai', input: 5, output: 30 },
  'openai/gpt-5.6-luna': { owner: 'openai', input: 0.2, output: 1.2 },
  'openai/gpt-5.4-mini': { owner: 'openai', input: 0.75, output: 4.5 },
  'openai/gpt-5.1': { owner: 'openai', input: 1.25, output: 10 },
  'anthropic/claude-sonnet-4-6': { owner: 'anthropic', input: 3, output: 15 },
  'anthropic/claude-haiku-4-5': { owner: 'anthropic', input: 1, output: 5 },
  'google/gemini-3.5-flash-lite': { owner: 'google', input: 0.3, output: 2.5 },
  'google/gemini-3-flash-preview': { owner: 'google', input: 0.5, output: 3 },
  'xai/grok-4.6': { owner: 'xai', input: 2, output: 6 },
  'perplexity/deepseek-v4-flash-0731': { owner: 'perplexity', input: 0.13, output: 0.26 },
};
const SEARCH_COST = 0.005;
/** Built-in tool names a custom function may not take (migration guide, pitfall 9). */
const RESERVED_NAMES = new Set(['web_search', 'search_web', 'people_search', 'search_people', 'fetch_url', 'finance_search', 'sandbox']);

type ErrorInfo = { message: string; type: string; code: number; param?: string };
const send = (res: ServerResponse, error: ErrorInfo, headers: Record<string, string> = {}) => sendJson(res, error.code, { error }, headers);
const unknownField = (res: ServerResponse, field: string) =>
  send(res, { message: `invalid request body: json: unknown field "${field}"`, type: 'invalid_request', code: 400, param: field });

/** The first field the Agent API does not know, anywhere in the request. */
function strayField(body: Record<string, unknown>): string | undefined {
  const top = Object.keys(body).find((field) => !FIELDS.has(field));
  if (top) return top;
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (!isObject(tool)) continue;
    const allowed = TOOL_FIELDS[String(tool.type)] ?? new Set(['type']);
    const field = Object.keys(tool).find((name) => !allowed.has(name));
    if (field) return field;
    if (isObject(tool.filters)) {
      const filter = Object.keys(tool.filters).find((name) => !FILTER_FIELDS.has(name));
      if (filter) return filter;
    }
    if (isObject(tool.user_location)) {
      const where = Object.keys(tool.user_location).find((name) => !LOCATION_FIELDS.has(name));
      if (where) return where;
    }
  }
  for (const item of Array.isArray(body.input) ? body.input : []) {
    if (!isObject(item)) continue;
    const allowed = INPUT_ITEM_FIELDS[String(item.type ?? 'message')] ?? new Set(['type']);
    const field = Object.keys(item).find((name) => !allowed.has(name));
    if (field) return field;
    for (const part of Array.isArray(item.content) ? item.content : []) {
      const partField = isObject(part) ? Object.keys(part).find((name) => !['type', 'text', 'image_url'].includes(name)) : undefined;
      if (partField) return partField;
    }
  }
  if (isObject(body.text)) return Object.keys(body.text)[0];
  return undefined;
}

function failure(res: ServerResponse, failed: StandInFailure): boolean {
  switch (failed.kind) {
    case 'rate_limit': {
      const reset = String(unixNow() + (failed.retryAfterSeconds ?? 1));
      send(
        res,
        { message: 'Rate limit exceeded. Please retry after some time.', type: 'request_rate_limit_exceeded', code: 429 },
        { 'X-RateLimit-Limit': '50', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
      );
      return true;
    }
    case 'overloaded':
      send(res, { message: 'Service temporarily unavailable', type: 'bad_gateway', code: 503 });
      return true;
    case 'unauthorized':
      send(res, { message: 'Invalid API key', type: 'forbidden', code: 401 });
      return true;
    case 'server_error':
      send(res, { message: 'Internal server error', type: 'internal_error', code: 500 });
      return true;
    case 'bad_request':
      send(res, { message: 'validation failed: the request cannot be served', type: 'invalid_parameter', code: 400 });
      return true;
    default:
      return false;
  }
}

/**
 * The structured-output docs' `response_format`: `{type: "json_schema", json_schema: {name, schema}}`,
 * the name "1-64 alphanumeric characters"; the schema of the reply, or what is wrong with the field.
 */
function responseFormat(format: unknown): { schema?: unknown } | { error: string } {
  if (format === undefined) return {};
  if (!isObject(format) || (format.type !== 'json_schema' && format.type !== 'text'))
    return { error: 'response_format.type must be "json_schema" or "text"' };
  if (format.type === 'text') return {};
  const spec = format.json_schema;
  if (!isObject(spec)) return { error: 'response_format.json_schema is required' };
  if (typeof spec.name !== 'string' || !/^[a-zA-Z0-9]{1,64}$/.test(spec.name))
    return { error: 'response_format.json_schema.name must be 1-64 alphanumeric characters' };
  if (!isObject(spec.schema)) return { error: 'response_format.json_schema.schema must be a JSON schema object' };
  return { schema: spec.schema };
}

function questionOf(input: unknown): string {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) return '';
  const user = [...input].reverse().find((item) => isObject(item) && item.role === 'user');
  if (!isObject(user)) return '';
  if (typeof user.content === 'string') return user.content;
  return Array.isArray(user.content)
    ? user.content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('')
    : '';
}

export function perplexityHandler(ctx: VendorContext) {
  async function agent(x: Exchange): Promise<void> {
    const key = bearer(x.req);
    if (key !== ctx.apiKey) return send(x.res, { message: 'Invalid API key', type: 'forbidden', code: 401 });
    const body = x.json;
    if (!isObject(body)) return send(x.res, { message: 'invalid request body: could not parse JSON', type: 'invalid_request', code: 400 });
    if (typeof body.model === 'string') x.record.model = body.model;
    const stray = strayField(body);
    if (stray) return unknownField(x.res, stray);
    for (const tool of Array.isArray(body.tools) ? body.tools.filter(isObject) : []) {
      const where =
        tool.type === 'web_search' && tool.user_location !== undefined ? locationProblem(tool.user_location, { typed: false }) : undefined;
      if (where)
        return send(x.res, {
          message: `validation failed: tools.user_location${where.field ? `.${where.field}` : ''}: ${where.message}`,
          type: 'invalid_parameter',
          code: 400,
          param: 'tools',
        });
    }
    if (body.input === undefined)
      return send(x.res, { message: 'validation failed: input is required', type: 'invalid_request', code: 400, param: 'input' });
    if (body.model === undefined && body.models === undefined && body.preset === undefined)
      return send(x.res, {
        message: 'validation failed: one of model, models or preset is required',
        type: 'invalid_request',
        code: 400,
        param: 'model',
      });
    if (body.stream === true)
      return send(x.res, {
        message: 'stream: this stand-in serves non-streaming responses only',
        type: 'invalid_request',
        code: 400,
        param: 'stream',
      });
    const model = typeof body.model === 'string' ? body.model : 'perplexity/sonar';
    if (!(model in MODELS) || ctx.isRetired(model))
      return send(x.res, {
        message: `validation failed: model "${model}" is not supported`,
        type: 'invalid_model',
        code: 400,
        param: 'model',
      });
    if (model.startsWith('anthropic/') && body.max_output_tokens === undefined)
      return send(x.res, {
        message: 'validation failed: max_output_tokens is required when using Anthropic models',
        type: 'invalid_request',
        code: 400,
        param: 'max_output_tokens',
      });

    const format = responseFormat(body.response_format);
    if ('error' in format)
      return send(x.res, { message: `validation failed: ${format.error}`, type: 'invalid_parameter', code: 400, param: 'response_format' });

    const tools = Array.isArray(body.tools) ? body.tools.filter(isObject) : [];
    const reserved = tools.find((tool) => tool.type === 'function' && RESERVED_NAMES.has(String(tool.name)));
    if (reserved)
      return send(x.res, {
        message: `validation failed: function name "${String(reserved.name)}" is reserved for a built-in tool`,
        type: 'invalid_parameter',
        code: 400,
        param: 'tools',
      });
    const searchTool = tools.some((tool) => tool.type === 'web_search');
    const choice = body.tool_choice;
    const forced = choice === 'required' || (isObject(choice) && (choice.type === 'web_search' || choice.type === 'required'));
    await ctx.serve(x, () => {
      const failed = ctx.takeFailure();
      if (failed && failure(x.res, failed)) return;
      const turn = ctx.turn(model, questionOf(body.input), format.schema);
      const searched = searchTool && choice !== 'none' && body.max_tool_calls !== 0 && (turn.searches || forced);
      sendJson(x.res, 200, responseObject(body, model, turn, searched, failed?.kind === 'failed_run'));
    });
  }

  return async (x: Exchange): Promise<void> => {
    if (x.method === 'GET' && x.path === '/v1/models')
      return sendJson(x.res, 200, {
        object: 'list',
        data: Object.entries(MODELS)
          .filter(([id]) => !ctx.isRetired(id))
          .map(([id, model]) => ({ id, object: 'model', created: 0, owned_by: model.owner })),
      });
    if (x.method === 'POST' && (x.path === '/v1/agent' || x.path === '/v1/responses')) return agent(x);
    if (x.method === 'POST' && ['/chat/completions', '/v1/chat/completions', '/v1/sonar'].includes(x.path)) {
      if (isObject(x.json) && typeof x.json.model === 'string') x.record.model = x.json.model;
      return send(x.res, {
        message: 'Sonar is now the Agent API. Use /v1/responses instead of /v1/sonar.',
        type: 'chat_completions_not_available',
        code: 403,
      });
    }
    return send(x.res, { message: `Not found: ${x.method} ${x.path}`, type: 'not_found', code: 404 });
  };
}

function responseObject(body: Record<string, unknown>, model: string, turn: Turn, searched: boolean, failed: boolean) {
  const price = MODELS[model]!;
  const input = tokens(turn.question) + (searched ? 3_000 : 0);
  const output = failed ? 0 : tokens(turn.text);
  const toolCost = searched ? SEARCH_COST : 0;
  const inputCost = (input * price.input) / 1e6;
  const outputCost = (output * price.output) / 1e6;
  const now = unixNow();
  const output_items = failed
    ? []
    : [
        ...(searched
          ? [
              {
                type: 'search_results',
                queries: turn.queries,
                results: turn.citations.map((url, index) => ({
                  id: index + 1,
                  url,
                  title: titleOf(url),
                  snippet: `From ${url}.`,
                  date: '2026-10-01',
                  last_updated: '2026-11-20T08:00:00',
                  source: 'web',
                })),
              },
            ]
          : []),
        {
          type: 'message',
          id: `msg_${randomUUID()}`,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: turn.text, annotations: [], logprobs: [] }],
        },
      ];
  return {
    background: false,
    completed_at: failed ? null : now,
    created_at: now,
    error: failed ? { code: 'model_error', message: 'The model failed to generate a response.', type: 'server_error' } : null,
    frequency_penalty: 0,
    id: `resp_${randomUUID()}`,
    incomplete_details: null,
    instructions: typeof body.instructions === 'string' ? body.instructions : null,
    max_output_tokens: typeof body.max_output_tokens === 'number' ? body.max_output_tokens : null,
    max_tool_calls: typeof body.max_tool_calls === 'number' ? body.max_tool_calls : null,
    metadata: isObject(body.metadata) ? body.metadata : {},
    model,
    object: 'response',
    output: output_items,
    parallel_tool_calls: true,
    presence_penalty: 0,
    previous_response_id: null,
    prompt_cache_key: null,
    reasoning: null,
    safety_identifier: null,
    service_tier: 'default',
    status: failed ? 'failed' : 'completed',
    store: body.store !== false,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: Array.isArray(body.tools) ? body.tools : [],
    top_logprobs: 0,
    top_p: 1,
    truncation: 'disabled',
    usage: {
      cost: {
        currency: 'USD',
        input_cost: round(inputCost),
        output_cost: round(outputCost),
        ...(searched ? { tool_calls_cost: toolCost } : {}),
        total_cost: round(inputCost + outputCost + toolCost),
      },
      input_tokens: input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: output,
      output_tokens_details: { reasoning_tokens: 0 },
      ...(searched ? { tool_calls_details: { search_web: { invocation: 1 } } } : {}),
      total_tokens: input + output,
    },
    user: null,
  };
}

const round = (usd: number) => Math.round(usd * 1e5) / 1e5;

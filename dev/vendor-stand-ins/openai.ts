import { locationProblem } from './user-location';
import type { ServerResponse } from 'node:http';
import {
  bearer,
  deal,
  isObject,
  randomId,
  sendJson,
  titleOf,
  tokens,
  unixNow,
  type Exchange,
  type Turn,
  type VendorContext,
} from './exchange';
import { strictSchemaProblem } from './json-schema';
import type { StandInFailure } from './types';

/**
 * OpenAI as `openai@7.57` types it (resources/responses/responses.d.ts, models.d.ts, shared.d.ts) and the
 * web-search guide describes it: the Responses API with the `web_search` tool, Chat Completions with
 * `web_search_options` for `*-search-api` models only, the model list with `shutdown_date`.
 */

/** Model ids with their announced shutdown date (shared.d.ts "Deprecated values"); a past date is shut down. */
const MODELS: Record<string, string | null> = {
  'gpt-6.1-sol': null,
  'gpt-6.1-terra': null,
  'gpt-6-sol': null,
  'gpt-6-luna': null,
  'gpt-6-astra': null,
  'gpt-5.6-sol': null,
  'gpt-5.6-terra': null,
  'gpt-5.6-luna': null,
  'gpt-5.5': null,
  'gpt-5.5-2026-04-23': null,
  'gpt-5.4': null,
  'gpt-5.4-mini': null,
  'gpt-5.4-mini-2026-03-17': null,
  'gpt-5.4-nano': '2027-04-01',
  'gpt-5.4-nano-2026-03-17': '2027-04-01',
  'gpt-5.2': null,
  'gpt-5.1': '2027-04-01',
  'gpt-5-search-api': null,
  'gpt-5': '2026-12-11',
  'gpt-5-mini': '2026-12-11',
  'gpt-5-nano': '2026-12-11',
  o3: '2026-12-11',
  'gpt-4.1': '2027-01-14',
  'gpt-4.1-mini': '2027-01-14',
  'gpt-4o': '2027-01-14',
  'gpt-4o-mini': '2027-01-14',
  'gpt-5.2-2025-12-11': null,
  'gpt-5.1-2025-11-13': '2027-04-01',
  'gpt-5-2025-08-07': '2026-12-11',
  'gpt-5-mini-2025-08-07': '2026-12-11',
  'gpt-5-nano-2025-08-07': '2026-12-11',
  'gpt-4.1-2025-04-14': '2027-01-14',
  'gpt-4.1-mini-2025-04-14': '2027-01-14',
  'gpt-4o-2024-11-20': '2027-01-14',
  'gpt-4o-2024-08-06': '2027-01-14',
  'gpt-4o-mini-2024-07-18': '2027-01-14',
  'gpt-4o-2024-05-13': '2026-10-23',
  'gpt-4o-search-preview': '2026-07-23',
  'gpt-4o-mini-search-preview': '2026-07-23',
  'gpt-4o-search-preview-2025-03-11': '2026-07-23',
  'gpt-4o-mini-search-preview-2025-03-11': '2026-07-23',
  'gpt-5-chat-latest': '2026-07-23',
  'gpt-5.1-chat-latest': '2026-07-23',
  'gpt-5.3-chat-latest': '2026-08-10',
  'gpt-4.1-nano': '2026-10-23',
  'o4-mini': '2026-10-23',
  'o3-mini': '2026-10-23',
  o1: '2026-10-23',
  'gpt-4-turbo': '2026-10-23',
  'gpt-4': '2026-10-23',
  'gpt-3.5-turbo': '2026-10-23',
  'gpt-3.5-turbo-1106': '2026-09-28',
  'chatgpt-4o-latest': '2026-02-17',
};

/** The snapshot an alias resolves to, which `response.model` names (the dated ids of ChatModel). */
const SNAPSHOTS: Record<string, string> = {
  'gpt-5.5': 'gpt-5.5-2026-04-23',
  'gpt-5.4-mini': 'gpt-5.4-mini-2026-03-17',
  'gpt-5.4-nano': 'gpt-5.4-nano-2026-03-17',
  'gpt-5.2': 'gpt-5.2-2025-12-11',
  'gpt-5.1': 'gpt-5.1-2025-11-13',
  'gpt-5': 'gpt-5-2025-08-07',
  'gpt-5-mini': 'gpt-5-mini-2025-08-07',
  'gpt-5-nano': 'gpt-5-nano-2025-08-07',
  'gpt-4.1': 'gpt-4.1-2025-04-14',
  'gpt-4.1-mini': 'gpt-4.1-mini-2025-04-14',
  'gpt-4o': 'gpt-4o-2024-11-20',
  'gpt-4o-mini': 'gpt-4o-mini-2024-07-18',
};

const today = () => new Date().toISOString().slice(0, 10);
const isShutDown = (model: string) => {
  const date = MODELS[model];
  return date !== undefined && date !== null && date <= today();
};

/** Fields of ResponseCreateParamsBase (responses.d.ts); anything else is an unknown parameter. */
const RESPONSE_PARAMS = new Set([
  'access_programs',
  'background',
  'context_management',
  'conversation',
  'image',
  'include',
  'input',
  'instructions',
  'max_output_tokens',
  'max_tool_calls',
  'metadata',
  'model',
  'moderation',
  'parallel_tool_calls',
  'previous_response_id',
  'prompt',
  'prompt_cache_key',
  'prompt_cache_options',
  'prompt_cache_retention',
  'reasoning',
  'safety_identifier',
  'service_tier',
  'store',
  'stream',
  'stream_options',
  'temperature',
  'text',
  'tool_choice',
  'tools',
  'top_logprobs',
  'top_p',
  'truncation',
  'user',
]);
const INCLUDABLE = new Set([
  'file_search_call.results',
  'web_search_call.results',
  'web_search_call.action.sources',
  'message.input_image.image_url',
  'computer_call_output.output.image_url',
  'code_interpreter_call.outputs',
  'reasoning.encrypted_content',
  'message.output_text.logprobs',
]);
const TOOL_TYPES = new Set([
  'function',
  'file_search',
  'computer',
  'computer_use_preview',
  'web_search',
  'web_search_2025_08_26',
  'mcp',
  'code_interpreter',
  'programmatic_tool_calling',
  'image_generation',
  'local_shell',
  'shell',
  'custom',
  'namespace',
  'tool_search',
  'web_search_preview',
  'web_search_preview_2025_03_11',
  'apply_patch',
]);
const SEARCH_TOOLS = new Set(['web_search', 'web_search_2025_08_26', 'web_search_preview', 'web_search_preview_2025_03_11']);
/** WebSearchTool and WebSearchPreviewTool fields (responses.d.ts); the API refuses others as unknown parameters. */
const SEARCH_TOOL_FIELDS: Record<string, Set<string>> = {
  web_search: new Set(['type', 'external_web_access', 'filters', 'search_context_size', 'user_location']),
  web_search_preview: new Set(['type', 'search_content_types', 'search_context_size', 'user_location']),
};
const LOCATION_FIELDS = new Set(['type', 'city', 'country', 'region', 'timezone']);

/** The first unknown field of a web search tool, as OpenAI names it (`tools[0].foo`). */
function strayToolField(tool: Record<string, unknown>, index: number): string | undefined {
  const fields = SEARCH_TOOL_FIELDS[String(tool.type).startsWith('web_search_preview') ? 'web_search_preview' : 'web_search']!;
  const top = Object.keys(tool).find((field) => !fields.has(field));
  if (top) return `tools[${index}].${top}`;
  const filter = isObject(tool.filters) ? Object.keys(tool.filters).find((field) => field !== 'allowed_domains') : undefined;
  if (filter) return `tools[${index}].filters.${filter}`;
  const where = isObject(tool.user_location) ? Object.keys(tool.user_location).find((field) => !LOCATION_FIELDS.has(field)) : undefined;
  return where ? `tools[${index}].user_location.${where}` : undefined;
}
/** ToolChoiceTypes['type'] in responses.d.ts (`web_search` is not among them). */
const TOOL_CHOICE_TYPES = new Set([
  'file_search',
  'web_search_preview',
  'computer',
  'computer_use_preview',
  'computer_use',
  'web_search_preview_2025_03_11',
  'image_generation',
  'code_interpreter',
  'mcp',
  'allowed_tools',
  'function',
  'custom',
  'apply_patch',
  'shell',
  'programmatic_tool_calling',
]);

type ErrorBody = { message: string; type: string; param: string | null; code: string | null };
const error = (res: ServerResponse, status: number, body: ErrorBody, headers: Record<string, string> = {}) =>
  sendJson(res, status, { error: body }, { 'x-request-id': `req_${randomId()}`, ...headers });
const invalid = (res: ServerResponse, message: string, param: string | null, code: string | null = null) =>
  error(res, 400, { message, type: 'invalid_request_error', param, code });

export function openaiHandler(ctx: VendorContext) {
  return async (x: Exchange): Promise<void> => {
    const key = bearer(x.req);
    if (!key)
      return error(x.res, 401, {
        message:
          "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        type: 'invalid_request_error',
        param: null,
        code: null,
      });
    if (key !== ctx.apiKey)
      return error(x.res, 401, {
        message: `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}.`,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      });

    if (x.method === 'GET' && x.path === '/v1/models') return listModels(ctx, x);
    if (x.method === 'GET' && x.path.startsWith('/v1/models/'))
      return retrieveModel(ctx, x, decodeURIComponent(x.path.slice('/v1/models/'.length)));
    if (x.method === 'POST' && x.path === '/v1/responses') return responses(ctx, x);
    if (x.method === 'POST' && x.path === '/v1/chat/completions') return chatCompletions(ctx, x);
    return invalid(x.res, `Invalid URL (${x.method} ${x.path})`, null);
  };
}

const modelObject = (id: string) => ({
  id,
  object: 'model',
  created: 1_767_225_600,
  owned_by: 'system',
  shutdown_date: MODELS[id] ?? null,
});
const available = (ctx: VendorContext) => Object.keys(MODELS).filter((id) => !isShutDown(id) && !ctx.isRetired(id));

function listModels(ctx: VendorContext, x: Exchange) {
  sendJson(x.res, 200, { object: 'list', data: available(ctx).map(modelObject) });
}

function retrieveModel(ctx: VendorContext, x: Exchange, id: string) {
  if (!available(ctx).includes(id)) return modelNotFound(x.res, id);
  sendJson(x.res, 200, modelObject(id));
}

const modelNotFound = (res: ServerResponse, model: string) =>
  error(res, 404, {
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    type: 'invalid_request_error',
    param: null,
    code: 'model_not_found',
  });

/** A failure in OpenAI's form. */
function sendFailure(res: ServerResponse, failure: StandInFailure): void {
  const limits = {
    'x-ratelimit-limit-requests': '500',
    'x-ratelimit-remaining-requests': '0',
    'x-ratelimit-limit-tokens': '200000',
    'x-ratelimit-remaining-tokens': '199000',
    'x-ratelimit-reset-tokens': '120ms',
  };
  switch (failure.kind) {
    case 'rate_limit': {
      const seconds = failure.retryAfterSeconds ?? 1;
      return error(
        res,
        429,
        { message: 'Rate limit reached for requests. Please try again later.', type: 'requests', param: null, code: 'rate_limit_exceeded' },
        { ...limits, 'x-ratelimit-reset-requests': `${seconds}s` },
      );
    }
    case 'quota':
      return error(res, 429, {
        message:
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      });
    case 'overloaded':
      return error(res, 503, {
        message: 'The engine is currently overloaded, please try again later.',
        type: 'server_error',
        param: null,
        code: null,
      });
    case 'bad_request':
      return invalid(res, "Invalid 'input': the request cannot be served.", 'input');
    case 'unauthorized':
      return error(res, 401, {
        message: 'Incorrect API key provided.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      });
    default:
      return error(res, 500, {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      });
  }
}

/** The text of the last user turn of a Responses `input`. */
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

async function responses(ctx: VendorContext, x: Exchange): Promise<void> {
  const body = x.json;
  if (!isObject(body))
    return invalid(
      x.res,
      "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      null,
    );
  const unknown = Object.keys(body).find((field) => !RESPONSE_PARAMS.has(field));
  if (unknown) return invalid(x.res, `Unknown parameter: '${unknown}'.`, unknown, 'unknown_parameter');
  if (typeof body.model !== 'string') return invalid(x.res, "Missing required parameter: 'model'.", 'model', 'missing_required_parameter');
  x.record.model = body.model;
  if (body.input === undefined && body.prompt === undefined && body.previous_response_id === undefined && body.conversation === undefined)
    return invalid(x.res, "Missing required parameter: 'input'.", 'input', 'missing_required_parameter');
  if (body.stream === true) return invalid(x.res, 'stream: this stand-in serves non-streaming responses only.', 'stream');
  const tools = Array.isArray(body.tools) ? body.tools : [];
  for (const [index, tool] of tools.entries()) {
    if (!isObject(tool) || typeof tool.type !== 'string' || !TOOL_TYPES.has(tool.type))
      return invalid(
        x.res,
        `Invalid value: '${isObject(tool) ? String(tool.type) : ''}'. Supported values are: ${[...TOOL_TYPES].map((t) => `'${t}'`).join(', ')}.`,
        `tools[${index}].type`,
        'invalid_value',
      );
    const stray = SEARCH_TOOLS.has(tool.type) ? strayToolField(tool, index) : undefined;
    if (stray) return invalid(x.res, `Unknown parameter: '${stray}'.`, stray, 'unknown_parameter');
    const where =
      SEARCH_TOOLS.has(tool.type) && tool.user_location !== undefined ? locationProblem(tool.user_location, { typed: true }) : undefined;
    if (where) {
      const param = `tools[${index}].user_location${where.field ? `.${where.field}` : ''}`;
      return where.message === 'required'
        ? invalid(x.res, `Missing required parameter: '${param}'.`, param, 'missing_required_parameter')
        : invalid(x.res, `Invalid '${param}': ${where.message}.`, param, 'invalid_value');
    }
  }
  const include = Array.isArray(body.include) ? body.include : [];
  const badInclude = include.find((value) => typeof value !== 'string' || !INCLUDABLE.has(value));
  if (badInclude !== undefined)
    return invalid(
      x.res,
      `Invalid value: '${String(badInclude)}'. Supported values are: ${[...INCLUDABLE].map((v) => `'${v}'`).join(', ')}.`,
      'include[0]',
      'invalid_value',
    );
  const choice = body.tool_choice;
  // ToolChoiceOptions (responses.d.ts): a string choice is none, auto or required; a tool is named by an object.
  if (choice !== undefined && !isObject(choice) && !['none', 'auto', 'required'].includes(String(choice)))
    return invalid(
      x.res,
      `Invalid value: '${String(choice)}'. Supported values are: 'none', 'auto' and 'required'.`,
      'tool_choice',
      'invalid_value',
    );
  if (isObject(choice) && (typeof choice.type !== 'string' || !TOOL_CHOICE_TYPES.has(choice.type)))
    return invalid(
      x.res,
      `Invalid value: '${String(choice.type)}'. Supported values are: ${[...TOOL_CHOICE_TYPES].map((t) => `'${t}'`).join(', ')}.`,
      'tool_choice.type',
      'invalid_value',
    );
  const format = textFormat(body.text);
  if ('invalid' in format) return invalid(x.res, format.invalid.message, format.invalid.param, format.invalid.code);
  if (!(body.model in MODELS) || isShutDown(body.model) || ctx.isRetired(body.model)) return modelNotFound(x.res, body.model);

  const model = body.model;
  const searchTool = tools.some((tool) => isObject(tool) && SEARCH_TOOLS.has(String(tool.type)));
  const forced =
    choice === 'required' ||
    (isObject(choice) && typeof choice.type === 'string' && choice.type.startsWith('web_search')) ||
    (isObject(choice) &&
      choice.type === 'allowed_tools' &&
      choice.mode === 'required' &&
      Array.isArray(choice.tools) &&
      choice.tools.some((tool) => isObject(tool) && SEARCH_TOOLS.has(String(tool.type))));
  await ctx.serve(x, () => {
    const failure = ctx.takeFailure();
    if (failure) return sendFailure(x.res, failure);
    const turn = ctx.turn(model, questionOf(body.input), format.schema);
    const searched = searchTool && choice !== 'none' && (turn.searches || forced);
    sendJson(x.res, 200, responseObject(body, model, turn, searched, include.includes('web_search_call.action.sources')), {
      'x-request-id': `req_${randomId()}`,
    });
  });
}

/** ResponseTextConfig's fields, and those of each ResponseFormatTextConfig (responses.d.ts). */
const TEXT_FIELDS = new Set(['format', 'verbosity']);
const FORMAT_FIELDS: Record<string, Set<string>> = {
  text: new Set(['type']),
  json_object: new Set(['type']),
  json_schema: new Set(['type', 'name', 'schema', 'description', 'strict']),
};
const FORMAT_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

type Invalid = { invalid: { message: string; param: string; code: string } };

/**
 * The request's `text` config: the schema of a `json_schema` format (checked as strict mode checks it
 * when `strict` is true), none for plain text, or the 400 OpenAI answers.
 */
function textFormat(text: unknown): { schema?: unknown } | Invalid {
  const refuse = (message: string, param: string, code = 'invalid_value'): Invalid => ({ invalid: { message, param, code } });
  if (text === undefined) return {};
  if (!isObject(text)) return refuse("Invalid type for 'text': expected an object.", 'text', 'invalid_type');
  const stray = Object.keys(text).find((field) => !TEXT_FIELDS.has(field));
  if (stray) return refuse(`Unknown parameter: 'text.${stray}'.`, `text.${stray}`, 'unknown_parameter');
  const format = text.format;
  if (format === undefined) return {};
  if (!isObject(format) || typeof format.type !== 'string' || !(format.type in FORMAT_FIELDS))
    return refuse(
      `Invalid value: '${isObject(format) ? String(format.type) : ''}'. Supported values are: 'text', 'json_schema' and 'json_object'.`,
      'text.format.type',
    );
  const field = Object.keys(format).find((name) => !FORMAT_FIELDS[String(format.type)]!.has(name));
  if (field) return refuse(`Unknown parameter: 'text.format.${field}'.`, `text.format.${field}`, 'unknown_parameter');
  if (format.type !== 'json_schema') return {};
  if (format.name === undefined)
    return refuse("Missing required parameter: 'text.format.name'.", 'text.format.name', 'missing_required_parameter');
  if (typeof format.name !== 'string' || !FORMAT_NAME.test(format.name))
    return refuse(
      "Invalid 'text.format.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
      'text.format.name',
    );
  if (!isObject(format.schema))
    return refuse("Missing required parameter: 'text.format.schema'.", 'text.format.schema', 'missing_required_parameter');
  const problem = format.strict === true ? strictSchemaProblem(format.schema) : undefined;
  if (problem)
    return refuse(`Invalid schema for response_format '${format.name}': ${problem}`, 'text.format.schema', 'invalid_json_schema');
  return { schema: format.schema };
}

function annotations(text: string, citations: string[]) {
  return citations.map((url) => {
    const at = text.indexOf(url);
    return {
      type: 'url_citation',
      url,
      title: titleOf(url),
      start_index: at >= 0 ? at : 0,
      end_index: at >= 0 ? at + url.length : text.length,
    };
  });
}

/** GPT-5 and o-series models reason: their output opens with a reasoning item. */
const REASONING = /^(gpt-5|gpt-6|o\d)/;

function responseObject(body: Record<string, unknown>, model: string, turn: Turn, searched: boolean, withSources: boolean) {
  const maxCalls = typeof body.max_tool_calls === 'number' ? body.max_tool_calls : Infinity;
  const queries = searched ? turn.queries.slice(0, maxCalls) : [];
  const reasons = REASONING.test(model);
  const cited = searched ? turn.citations : [];
  const sourcesPerCall = deal(cited, queries.length);
  const calls = queries.map((query, index) => ({
    id: `ws_${randomId(24)}`,
    type: 'web_search_call',
    status: 'completed',
    action: {
      type: 'search',
      queries: [query],
      ...(withSources ? { sources: sourcesPerCall[index]!.map((url) => ({ type: 'url', url })) } : {}),
    },
  }));
  const message = {
    id: `msg_${randomId(24)}`,
    type: 'message',
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text: turn.text, annotations: annotations(turn.text, cited), logprobs: [] }],
  };
  const input = tokens(turn.question) + (searched ? 2_000 * queries.length : 0);
  const reasoningTokens = reasons ? 64 : 0;
  const output = tokens(turn.text) + reasoningTokens;
  const reasoning = reasons ? [{ id: `rs_${randomId(24)}`, type: 'reasoning', summary: [] }] : [];
  const now = unixNow();
  return {
    id: `resp_${randomId(24)}`,
    object: 'response',
    created_at: now,
    status: 'completed',
    completed_at: now,
    access_programs: null,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: typeof body.instructions === 'string' ? body.instructions : null,
    max_output_tokens: typeof body.max_output_tokens === 'number' ? body.max_output_tokens : null,
    max_tool_calls: typeof body.max_tool_calls === 'number' ? body.max_tool_calls : null,
    model: SNAPSHOTS[model] ?? model,
    output: [...reasoning, ...calls, message],
    parallel_tool_calls: true,
    previous_response_id: null,
    prompt_cache_key: null,
    reasoning: { effort: reasons ? 'medium' : null, summary: null },
    safety_identifier: null,
    service_tier: 'default',
    store: body.store !== false,
    temperature: 1,
    text: { format: isObject(body.text) && isObject(body.text.format) ? body.text.format : { type: 'text' }, verbosity: 'medium' },
    tool_choice: body.tool_choice ?? 'auto',
    tools: Array.isArray(body.tools) ? body.tools.map(echoTool) : [],
    top_logprobs: 0,
    top_p: 1,
    truncation: 'disabled',
    usage: {
      input_tokens: input,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens: output,
      output_tokens_details: { reasoning_tokens: reasoningTokens },
      total_tokens: input + output,
    },
    tool_usage: {
      image_gen: { input_tokens: 0, input_tokens_details: { image_tokens: 0, text_tokens: 0 }, output_tokens: 0, total_tokens: 0 },
      web_search: { num_requests: calls.length },
    },
    user: null,
    metadata: isObject(body.metadata) ? body.metadata : {},
  };
}

/** A tool as the response echoes it: web search with its defaults filled in (the US when no location is given). */
function echoTool(tool: unknown) {
  if (!isObject(tool) || !SEARCH_TOOLS.has(String(tool.type))) return tool;
  const location = { type: 'approximate', city: null, country: 'US', region: null, timezone: null };
  return {
    filters: null,
    search_context_size: 'medium',
    ...tool,
    user_location: isObject(tool.user_location) ? { ...location, country: null, ...tool.user_location } : location,
  };
}

/** Chat Completions: `web_search_options` exists only for the `*-search-api` models; others refuse it. */
async function chatCompletions(ctx: VendorContext, x: Exchange): Promise<void> {
  const body = x.json;
  if (!isObject(body)) return invalid(x.res, 'We could not parse the JSON body of your request.', null);
  if (typeof body.model !== 'string') return invalid(x.res, 'you must provide a model parameter', null);
  x.record.model = body.model;
  if (!Array.isArray(body.messages))
    return invalid(x.res, "Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter');
  if (!(body.model in MODELS) || isShutDown(body.model) || ctx.isRetired(body.model)) return modelNotFound(x.res, body.model);
  const searchModel = body.model.endsWith('-search-api');
  if (body.web_search_options !== undefined && !searchModel)
    return invalid(x.res, "Unknown parameter: 'web_search_options'.", 'web_search_options', 'unknown_parameter');
  const model = body.model;
  await ctx.serve(x, () => {
    const failure = ctx.takeFailure();
    if (failure) return sendFailure(x.res, failure);
    const last = [...(body.messages as unknown[])].reverse().find((m) => isObject(m) && m.role === 'user');
    const question = isObject(last) && typeof last.content === 'string' ? last.content : '';
    const turn = ctx.turn(model, question);
    const cited = searchModel && turn.searches ? turn.citations : [];
    const promptTokens = tokens(question);
    sendJson(x.res, 200, {
      id: `chatcmpl-${randomId()}`,
      object: 'chat.completion',
      created: unixNow(),
      model: SNAPSHOTS[model] ?? model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: turn.text,
            refusal: null,
            annotations: annotations(turn.text, cited).map(({ type, ...urlCitation }) => ({ type, url_citation: urlCitation })),
          },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: promptTokens, completion_tokens: tokens(turn.text), total_tokens: promptTokens + tokens(turn.text) },
    });
  });
}

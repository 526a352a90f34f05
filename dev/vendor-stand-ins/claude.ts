import { locationProblem } from './user-location';
import { bearer, isObject, sendJson, type Exchange, type VendorContext } from './exchange';
import { createMessage, sendError, type MessagesDialect, type Refusal } from './messages-protocol';

/**
 * Claude as `@anthropic-ai/sdk@1.12` types it: `POST /v1/messages` (x-api-key, anthropic-version,
 * max_tokens required; no sampling fields in MessageCreateParams), the web search tool in its three
 * versions, `GET /v1/models` with lifecycle, retires_at and capabilities (resources/models.d.ts).
 */

type Line = 'haiku' | 'sonnet' | 'opus' | 'fable' | 'mythos';
interface Entry {
  id: string;
  name: string;
  line: Line;
  created: string;
  deprecated?: string;
  retires?: string;
  retired?: boolean;
}

/** The SDK's Model union, its DEPRECATED_MODELS (messages.js), and older names long retired. */
const CATALOG: Entry[] = [
  { id: 'claude-haiku-5-5', name: 'Claude Haiku 5.5', line: 'haiku', created: '2026-10-07T00:00:00Z' },
  { id: 'claude-sonnet-5-5', name: 'Claude Sonnet 5.5', line: 'sonnet', created: '2026-09-15T00:00:00Z' },
  { id: 'claude-opus-5-5', name: 'Claude Opus 5.5', line: 'opus', created: '2026-09-15T00:00:00Z' },
  { id: 'claude-fable-5-2', name: 'Claude Fable 5.2', line: 'fable', created: '2026-10-20T00:00:00Z' },
  { id: 'claude-mythos-5-2', name: 'Claude Mythos 5.2', line: 'mythos', created: '2026-10-20T00:00:00Z' },
  { id: 'claude-fable-5-1', name: 'Claude Fable 5.1', line: 'fable', created: '2026-08-01T00:00:00Z' },
  { id: 'claude-sonnet-5', name: 'Claude Sonnet 5', line: 'sonnet', created: '2026-06-01T00:00:00Z' },
  { id: 'claude-opus-5', name: 'Claude Opus 5', line: 'opus', created: '2026-06-01T00:00:00Z' },
  { id: 'claude-opus-4-8', name: 'Claude Opus 4.8', line: 'opus', created: '2026-04-01T00:00:00Z' },
  { id: 'claude-opus-4-7', name: 'Claude Opus 4.7', line: 'opus', created: '2026-03-01T00:00:00Z' },
  { id: 'claude-opus-4-6', name: 'Claude Opus 4.6', line: 'opus', created: '2026-02-05T00:00:00Z' },
  { id: 'claude-sonnet-4-6', name: 'Claude Sonnet 4.6', line: 'sonnet', created: '2026-02-17T00:00:00Z' },
  { id: 'claude-haiku-4-5-20251001', name: 'Claude Haiku 4.5', line: 'haiku', created: '2025-10-01T00:00:00Z' },
  { id: 'claude-opus-4-5-20251101', name: 'Claude Opus 4.5', line: 'opus', created: '2025-11-01T00:00:00Z' },
  {
    id: 'claude-sonnet-4-5-20250929',
    name: 'Claude Sonnet 4.5',
    line: 'sonnet',
    created: '2025-09-29T00:00:00Z',
    deprecated: '2026-08-30T00:00:00Z',
    retires: '2026-11-30T00:00:00Z',
  },
  {
    id: 'claude-sonnet-4-20250514',
    name: 'Claude Sonnet 4',
    line: 'sonnet',
    created: '2025-05-14T00:00:00Z',
    deprecated: '2026-02-01T00:00:00Z',
    retires: '2026-05-14T00:00:00Z',
  },
  {
    id: 'claude-3-7-sonnet-20250219',
    name: 'Claude Sonnet 3.7',
    line: 'sonnet',
    created: '2025-02-19T00:00:00Z',
    deprecated: '2025-10-28T00:00:00Z',
    retires: '2026-02-19T00:00:00Z',
  },
  {
    id: 'claude-3-5-haiku-20241022',
    name: 'Claude Haiku 3.5',
    line: 'haiku',
    created: '2024-10-22T00:00:00Z',
    deprecated: '2025-12-19T00:00:00Z',
    retires: '2026-02-19T00:00:00Z',
  },
];
/** Aliases the API accepts for a dated id. */
const ALIASES: Record<string, string> = {
  'claude-haiku-4-5': 'claude-haiku-4-5-20251001',
  'claude-opus-4-5': 'claude-opus-4-5-20251101',
  'claude-sonnet-4-5': 'claude-sonnet-4-5-20250929',
};
/** Models that refuse a forced tool choice (research note, [A5][G0]). */
const NO_FORCED_TOOL = new Set(['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-fable-5-1']);
/** Models older than Claude 4.6, which have only the plain search (the newer versions filter through code execution). */
const BEFORE_4_6 = /^claude-(3-|(haiku|sonnet|opus)-4(-[0-5])?(-\d{8})?$)/;
/** WebSearchTool20250305/20260209/20260318 fields (messages.d.ts); 20260318 adds response_inclusion. */
const SEARCH_TOOL_FIELDS = new Set([
  'name',
  'type',
  'allowed_callers',
  'allowed_domains',
  'blocked_domains',
  'cache_control',
  'defer_loading',
  'max_uses',
  'strict',
  'user_location',
]);
const SEARCH_TOOL_TYPES = new Set(['web_search_20250305', 'web_search_20260209', 'web_search_20260318']);
/** MessageCreateParamsBase body fields. */
const BODY_FIELDS = new Set([
  'max_tokens',
  'messages',
  'model',
  'cache_control',
  'container',
  'diagnostics',
  'inference_geo',
  'metadata',
  'output_config',
  'service_tier',
  'speed',
  'stop_sequences',
  'stream',
  'system',
  'thinking',
  'tool_choice',
  'tools',
]);
const OTHER_TOOL_TYPES =
  /^(custom|bash_20250124|code_execution_\d+|browser_\d+|memory_20250818|computer_\d+|text_editor_\d+|web_fetch_\d+|tool_search_tool_(bm25|regex)(_\d+)?)$/;

function lifecycle(entry: Entry, retired: (id: string) => boolean): 'active' | 'deprecated' | 'retired' {
  const now = new Date().toISOString();
  if (entry.retired || retired(entry.id) || (entry.retires && entry.retires <= now)) return 'retired';
  return entry.deprecated && entry.deprecated <= now ? 'deprecated' : 'active';
}

const invalid = (message: string): Refusal => ({ status: 400, type: 'invalid_request_error', message });

export function claudeHandler(ctx: VendorContext) {
  const find = (model: string) => CATALOG.find((entry) => entry.id === (ALIASES[model] ?? model));
  const dialect: MessagesDialect = {
    full: true,
    structuredOutputs: true,
    searchToolName: (tool) => (typeof tool.type === 'string' && SEARCH_TOOL_TYPES.has(tool.type) ? 'web_search' : undefined),
    refuse(body) {
      const extra = Object.keys(body).find((field) => !BODY_FIELDS.has(field));
      if (extra) return invalid(`${extra}: Extra inputs are not permitted`);
      for (const field of ['max_tokens', 'messages', 'model'] as const)
        if (body[field] === undefined) return invalid(`${field}: Field required`);
      if (!Array.isArray(body.messages) || body.messages.length === 0) return invalid('messages: at least one message is required');
      // MessageCreateParams: max_tokens an integer of at least 1; each message a user or assistant turn with string or block content.
      if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1)
        return invalid('max_tokens: Input should be an integer greater than or equal to 1');
      for (const [index, message] of body.messages.entries()) {
        if (!isObject(message) || (message.role !== 'user' && message.role !== 'assistant'))
          return invalid(`messages.${index}.role: Input should be 'user' or 'assistant'`);
        if (typeof message.content !== 'string' && !Array.isArray(message.content))
          return invalid(`messages.${index}.content: Input should be a valid string or list`);
      }
      const tools = Array.isArray(body.tools) ? body.tools : [];
      for (const [index, tool] of tools.entries()) {
        if (!isObject(tool)) return invalid(`tools.${index}: Input should be an object`);
        if (tool.type === undefined || tool.type === 'custom') continue;
        if (typeof tool.type === 'string' && SEARCH_TOOL_TYPES.has(tool.type)) {
          if (tool.name !== 'web_search') return invalid(`tools.${index}.${tool.type}.name: Input should be 'web_search'`);
          const extraField = Object.keys(tool).find(
            (field) => !SEARCH_TOOL_FIELDS.has(field) && !(field === 'response_inclusion' && tool.type === 'web_search_20260318'),
          );
          if (extraField) return invalid(`tools.${index}.${tool.type}.${extraField}: Extra inputs are not permitted`);
          if (tool.allowed_domains && tool.blocked_domains)
            return invalid(`tools.${index}: cannot specify both allowed_domains and blocked_domains`);
          const where = tool.user_location === undefined ? undefined : locationProblem(tool.user_location, { typed: true });
          if (where)
            return invalid(
              `tools.${index}.${tool.type}.user_location${where.field ? `.${where.field}` : ''}: ${where.message === 'required' ? 'Field required' : `Input should be valid: ${where.message}`}`,
            );
          if (tool.type !== 'web_search_20250305' && BEFORE_4_6.test(String(body.model)))
            return invalid(`tools.${index}: '${tool.type}' is not supported on ${String(body.model)}; use 'web_search_20250305'`);
          continue;
        }
        if (typeof tool.type !== 'string' || !OTHER_TOOL_TYPES.test(tool.type))
          return invalid(`tools.${index}: Input tag '${String(tool.type)}' found using 'type' does not match any of the expected tags`);
      }
      const choice = body.tool_choice;
      if (isObject(choice) && choice.type === 'tool' && NO_FORCED_TOOL.has(String(body.model)))
        return invalid(`tool_choice: forcing a tool with tool_choice.type "tool" is not supported by ${String(body.model)}; use "auto"`);
      return undefined;
    },
    resolveModel(model) {
      const entry = find(model);
      if (!entry || lifecycle(entry, ctx.isRetired) === 'retired' || ctx.isRetired(model))
        return { status: 404, type: 'not_found_error', message: `model: ${model}` };
      return { served: model };
    },
  };

  function listModels(x: Exchange) {
    const wanted = [...x.query.getAll('lifecycle[]'), ...x.query.getAll('lifecycle')];
    const stages = new Set(wanted.length > 0 ? wanted : ['active', 'deprecated']);
    const all = CATALOG.map((entry) => info(entry, lifecycle(entry, ctx.isRetired))).filter((model) => stages.has(model.lifecycle));
    const limit = Math.min(1000, Math.max(1, Number(x.query.get('limit') ?? 20) || 20));
    const after = x.query.get('after_id');
    const start = after ? all.findIndex((model) => model.id === after) + 1 : 0;
    const page = all.slice(start, start + limit);
    sendJson(x.res, 200, {
      data: page,
      first_id: page[0]?.id ?? null,
      last_id: page[page.length - 1]?.id ?? null,
      has_more: start + limit < all.length,
    });
  }

  return async (x: Exchange): Promise<void> => {
    // The SDK (1.12) sends an API key as `Authorization: Bearer`; raw HTTP uses `x-api-key`.
    const key = x.req.headers['x-api-key'] ?? bearer(x.req);
    if (!key) return sendError(x.res, { status: 401, type: 'authentication_error', message: 'x-api-key header is required' });
    if (key !== ctx.apiKey) return sendError(x.res, { status: 401, type: 'authentication_error', message: 'invalid x-api-key' });
    if (!x.req.headers['anthropic-version']) return sendError(x.res, invalid('anthropic-version: header is required'));
    if (x.method === 'POST' && x.path === '/v1/messages') return createMessage(ctx, x, dialect, 'claude');
    if (x.method === 'GET' && x.path === '/v1/models') return listModels(x);
    if (x.method === 'GET' && x.path.startsWith('/v1/models/')) {
      const entry = find(decodeURIComponent(x.path.slice('/v1/models/'.length)));
      if (!entry)
        return sendError(x.res, { status: 404, type: 'not_found_error', message: `model: ${x.path.slice('/v1/models/'.length)}` });
      return sendJson(x.res, 200, info(entry, lifecycle(entry, ctx.isRetired)));
    }
    return sendError(x.res, { status: 404, type: 'not_found_error', message: `Not Found: ${x.method} ${x.path}` });
  };
}

const yes = { supported: true };
const no = { supported: false };
function info(entry: Entry, stage: 'active' | 'deprecated' | 'retired') {
  const modern = !entry.id.startsWith('claude-3');
  return {
    type: 'model',
    id: entry.id,
    display_name: entry.name,
    created_at: entry.created,
    lifecycle: stage,
    deprecated_at: stage === 'active' ? null : (entry.deprecated ?? null),
    retires_at: stage === 'active' ? null : (entry.retires ?? null),
    line: entry.line,
    max_input_tokens: 200_000,
    max_tokens: 64_000,
    capabilities: {
      batch: yes,
      citations: yes,
      code_execution: modern ? yes : no,
      context_management: {
        supported: modern,
        clear_thinking_20251015: modern ? yes : null,
        clear_tool_uses_20250919: modern ? yes : null,
        compact_20260112: modern ? yes : null,
      },
      effort: { supported: modern, low: yes, medium: yes, high: yes, max: modern ? yes : no, xhigh: null },
      image_input: yes,
      pdf_input: yes,
      server_tools: { supported: true, web_search: yes, code_execution: modern ? yes : no },
      structured_outputs: modern ? yes : no,
      thinking: { supported: true, types: { adaptive: modern ? yes : no, between_tools: modern ? yes : no, disabled: yes, enabled: yes } },
    },
  };
}

import { bearer, sendJson, type Exchange, type VendorContext } from './exchange';
import { createMessage, sendError, type MessagesDialect } from './messages-protocol';

/**
 * DeepSeek as api-docs.deepseek.com documents it: the Anthropic-compatible `POST /anthropic/v1/messages`
 * (x-api-key; anthropic-version ignored) with the server tool `{type:"deepseek_web_search",
 * name:"deepseek_web_search"}` (guides/web_tools); Claude names mapped to DeepSeek models, other unknown
 * names refused with 400 (guides/anthropic_api); the model list at `GET /models` with a Bearer key
 * (api/list-models), not under /anthropic. `deepseek-chat` and `deepseek-reasoner` were retired on
 * 2026-07-24.
 */

const MODELS = [
  {
    id: 'deepseek-flash',
    object: 'model',
    owned_by: 'deepseek',
    name: 'DeepSeek-V4.1-Flash',
    context_window: 1_048_576,
    max_output_tokens: 393_216,
    input_modalities: ['text', 'image'],
    output_modalities: ['text'],
    effort: { supported_levels: ['low', 'high', 'max'], default_level: 'high' },
    api_capabilities: { anthropic_messages: { system_prompt_update: 'in-history' } },
  },
  {
    id: 'deepseek-v4-pro',
    object: 'model',
    owned_by: 'deepseek',
    name: 'DeepSeek-V4-Pro',
    context_window: 1_048_576,
    max_output_tokens: 393_216,
    input_modalities: ['text'],
    output_modalities: ['text'],
    effort: { supported_levels: ['low', 'high', 'max'], default_level: 'high' },
    api_capabilities: { anthropic_messages: { system_prompt_update: 'in-history' } },
  },
];
/** Still accepted, served by another model (research note [D1]). */
const SERVED_AS: Record<string, string> = {
  'deepseek-flash': 'deepseek-flash',
  'deepseek-v4-pro': 'deepseek-v4-pro',
  'deepseek-v4-flash': 'deepseek-flash',
};

export function deepseekHandler(ctx: VendorContext) {
  const dialect: MessagesDialect = {
    full: false,
    // Its compatibility table lists tools and tool_choice, not Claude's structured outputs.
    structuredOutputs: false,
    // The documented tool, and the Anthropic tool DeepSeek's own harness uses against this endpoint ([D3]).
    searchToolName: (tool) =>
      tool.type === 'deepseek_web_search' && tool.name === 'deepseek_web_search'
        ? 'deepseek_web_search'
        : tool.type === 'web_search_20250305' && tool.name === 'web_search'
          ? 'web_search'
          : undefined,
    refuse(body) {
      if (!Array.isArray(body.messages) || body.messages.length === 0)
        return { status: 400, type: 'invalid_request_error', message: 'messages: Field required' };
      if (typeof body.model !== 'string') return { status: 400, type: 'invalid_request_error', message: 'model: Field required' };
      return undefined;
    },
    resolveModel(model) {
      const served = model.startsWith('claude-opus') ? 'deepseek-v4-pro' : model.startsWith('claude') ? 'deepseek-flash' : SERVED_AS[model];
      if (!served || ctx.isRetired(model)) return { status: 400, type: 'invalid_request_error', message: `Model Not Exist: ${model}` };
      return { served };
    },
  };

  return async (x: Exchange): Promise<void> => {
    if (x.method === 'GET' && (x.path === '/models' || x.path === '/v1/models')) {
      if (bearer(x.req) !== ctx.apiKey)
        return sendJson(x.res, 401, {
          error: {
            message: 'Authentication Fails, Your api key is invalid',
            type: 'authentication_error',
            param: null,
            code: 'invalid_request_error',
          },
        });
      return sendJson(x.res, 200, { object: 'list', data: MODELS.filter((model) => !ctx.isRetired(model.id)) });
    }
    if (x.path !== '/anthropic/v1/messages' || x.method !== 'POST')
      return sendError(x.res, { status: 404, type: 'not_found_error', message: `Not Found: ${x.method} ${x.path}` });
    const key = x.req.headers['x-api-key'] ?? bearer(x.req);
    if (key !== ctx.apiKey)
      return sendError(x.res, { status: 401, type: 'authentication_error', message: 'Authentication Fails, Your api key is invalid' });
    return createMessage(ctx, x, dialect, 'deepseek');
  };
}

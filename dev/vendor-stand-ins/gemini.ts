import type { ServerResponse } from 'node:http';
import {
  bearer,
  domainOf,
  isObject,
  opaqueToken,
  randomId,
  sendJson,
  tokens,
  unixNow,
  type Exchange,
  type Turn,
  type VendorContext,
} from './exchange';
import { geminiSchemaProblem } from './json-schema';
import type { StandInFailure } from './types';

/**
 * Gemini as `@google/genai@3.1` types it (dist/genai.d.ts) and the grounding guide shows it: native
 * `POST /{v1,v1beta}/models/{model}:generateContent` (x-goog-api-key or ?key=) with
 * `tools:[{google_search:{}}]`, groundingMetadata whose chunk uris are
 * vertexaisearch.cloud.google.com/grounding-api-redirect/… links titled with the source's domain;
 * `GET /{v}/models`; the OpenAI-compatible `/v1beta/openai/chat/completions`, which never grounds
 * and answers errors as a JSON array.
 */

export const REDIRECT_HOST = 'vertexaisearch.cloud.google.com';

const MODELS: Record<string, { displayName: string; retired?: boolean }> = {
  'gemini-3.8-flash': { displayName: 'Gemini 3.8 Flash' },
  'gemini-3.7-flash': { displayName: 'Gemini 3.7 Flash' },
  'gemini-3.6-flash': { displayName: 'Gemini 3.6 Flash' },
  'gemini-3.5-flash': { displayName: 'Gemini 3.5 Flash' },
  'gemini-3.5-flash-lite': { displayName: 'Gemini 3.5 Flash-Lite' },
  'gemini-3.1-pro-preview': { displayName: 'Gemini 3.1 Pro Preview' },
  'gemini-3.1-flash-lite': { displayName: 'Gemini 3.1 Flash-Lite' },
  'gemini-3-flash-preview': { displayName: 'Gemini 3 Flash Preview' },
  'gemini-flash-latest': { displayName: 'Gemini Flash Latest' },
  'gemini-flash-lite-latest': { displayName: 'Gemini Flash-Lite Latest' },
  'gemini-pro-latest': { displayName: 'Gemini Pro Latest' },
  'gemini-2.5-pro': { displayName: 'Gemini 2.5 Pro' },
  'gemini-2.5-flash': { displayName: 'Gemini 2.5 Flash' },
  'gemini-2.5-flash-lite': { displayName: 'Gemini 2.5 Flash-Lite' },
  'gemini-1.5-flash': { displayName: 'Gemini 1.5 Flash', retired: true },
  'gemini-1.5-pro': { displayName: 'Gemini 1.5 Pro', retired: true },
  'gemini-1.0-pro': { displayName: 'Gemini 1.0 Pro', retired: true },
};
/** GenerateContentRequest fields, in proto JSON's two spellings. */
const REQUEST_FIELDS = new Set([
  'model',
  'contents',
  'tools',
  'toolConfig',
  'tool_config',
  'safetySettings',
  'safety_settings',
  'systemInstruction',
  'system_instruction',
  'generationConfig',
  'generation_config',
  'cachedContent',
  'cached_content',
  'serviceTier',
  'service_tier',
]);
const TOOL_FIELDS = new Set([
  'functionDeclarations',
  'function_declarations',
  'googleSearch',
  'google_search',
  'codeExecution',
  'code_execution',
  'urlContext',
  'url_context',
  'googleMaps',
  'google_maps',
  'fileSearch',
  'file_search',
  'computerUse',
  'computer_use',
]);

type Status = { code: number; status: string; message: string; details?: object[] };

/** GenerationConfig fields (the API reference), in proto JSON's two spellings. */
const GENERATION_FIELDS = new Set(
  [
    'stopSequences',
    'responseMimeType',
    'responseSchema',
    'responseJsonSchema',
    'responseModalities',
    'candidateCount',
    'maxOutputTokens',
    'temperature',
    'topP',
    'topK',
    'seed',
    'presencePenalty',
    'frequencyPenalty',
    'responseLogprobs',
    'logprobs',
    'enableEnhancedCivicAnswers',
    'speechConfig',
    'thinkingConfig',
    'imageConfig',
    'mediaResolution',
  ].flatMap((name) => [name, name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)]),
);
const invalidArgument = (message: string): Status => ({ code: 400, status: 'INVALID_ARGUMENT', message });

/**
 * The schema of a structured reply (`responseSchema`, Gemini's Schema object, with `responseMimeType`
 * application/json), or the 400 Gemini answers a config it cannot serve with.
 */
function responseSchemaOf(config: unknown): { schema?: unknown } | { error: Status } {
  if (config === undefined) return {};
  if (!isObject(config)) return { error: invalidArgument("Invalid value at 'generation_config'") };
  const stray = Object.keys(config).find((field) => !GENERATION_FIELDS.has(field));
  if (stray) return { error: badField(`generation_config.${stray}`) };
  const schema = config.responseSchema ?? config.response_schema;
  if (schema === undefined) return {};
  const mime = config.responseMimeType ?? config.response_mime_type;
  if (mime !== 'application/json')
    return {
      error: invalidArgument(
        '* GenerateContentRequest.generation_config.response_schema: response_mime_type must be application/json when response_schema is set.\n',
      ),
    };
  const problem = geminiSchemaProblem(schema);
  return problem ? { error: invalidArgument(problem) } : { schema };
}
const send = (res: ServerResponse, error: Status, array = false) => sendJson(res, error.code, array ? [{ error }] : { error });

const badField = (name: string): Status => ({
  code: 400,
  status: 'INVALID_ARGUMENT',
  message: `Invalid JSON payload received. Unknown name "${name}": Cannot find field.`,
  details: [
    {
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: [{ description: `Invalid JSON payload received. Unknown name "${name}": Cannot find field.` }],
    },
  ],
});

function failureStatus(failure: StandInFailure): Status {
  switch (failure.kind) {
    case 'rate_limit':
      return {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message:
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [
              {
                quotaMetric: 'generativelanguage.googleapis.com/generate_content_paid_tier_requests',
                quotaId: 'GenerateRequestsPerMinutePerProjectPerModel',
                quotaDimensions: { location: 'global', model: 'gemini' },
                quotaValue: '150',
              },
            ],
          },
          {
            '@type': 'type.googleapis.com/google.rpc.Help',
            links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }],
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${failure.retryAfterSeconds ?? 2}s` },
        ],
      };
    case 'overloaded':
      return { code: 503, status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' };
    case 'unauthorized':
      return keyInvalid;
    case 'bad_request':
      return { code: 400, status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' };
    default:
      return {
        code: 500,
        status: 'INTERNAL',
        message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
      };
  }
}

const keyInvalid: Status = {
  code: 400,
  status: 'INVALID_ARGUMENT',
  message: 'API key not valid. Please pass a valid API key.',
  details: [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
  ],
};
const unregistered: Status = {
  code: 403,
  status: 'PERMISSION_DENIED',
  message:
    "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
};

export function geminiHandler(ctx: VendorContext) {
  /** Redirect token → the source URL it stands for. */
  const redirects = new Map<string, string>();
  const known = (model: string) => model in MODELS && !MODELS[model]!.retired && !ctx.isRetired(model);
  const notFound = (model: string, version: string, method = 'generateContent'): Status => ({
    code: 404,
    status: 'NOT_FOUND',
    message: `models/${model} is not found for API version ${version}, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
  });

  function redirect(x: Exchange): void {
    const token = x.path.slice('/grounding-api-redirect/'.length);
    const target = redirects.get(token);
    if ((x.method !== 'GET' && x.method !== 'HEAD') || !target) {
      x.res
        .writeHead(404, { 'content-type': 'text/html; charset=UTF-8' })
        .end(x.method === 'HEAD' ? undefined : '<!DOCTYPE html><title>Error 404 (Not Found)</title>');
      return;
    }
    x.res
      .writeHead(302, { location: target, 'content-type': 'text/html; charset=UTF-8' })
      .end(x.method === 'HEAD' ? undefined : `<HTML><HEAD><TITLE>Moved</TITLE></HEAD><BODY><A HREF="${target}">here</A>.</BODY></HTML>`);
  }

  function modelResource(id: string) {
    return {
      name: `models/${id}`,
      version: '001',
      displayName: MODELS[id]!.displayName,
      description: `${MODELS[id]!.displayName}`,
      inputTokenLimit: 1_048_576,
      outputTokenLimit: 65_536,
      supportedGenerationMethods: ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
      temperature: 1,
      topP: 0.95,
      topK: 64,
      maxTemperature: 2,
      thinking: true,
    };
  }

  async function generateContent(x: Exchange, version: string, model: string): Promise<void> {
    x.record.model = model;
    const body = x.json;
    if (!isObject(body))
      return send(x.res, { code: 400, status: 'INVALID_ARGUMENT', message: 'Invalid JSON payload received. Unexpected token.' });
    const unknown = Object.keys(body).find((field) => !REQUEST_FIELDS.has(field));
    if (unknown) return send(x.res, badField(unknown));
    if (!Array.isArray(body.contents) || body.contents.length === 0)
      return send(x.res, {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: '* GenerateContentRequest.contents: contents is not specified\n',
      });
    const tools = Array.isArray(body.tools) ? body.tools : [];
    for (const tool of tools) {
      if (!isObject(tool)) return send(x.res, { code: 400, status: 'INVALID_ARGUMENT', message: "Invalid value at 'tools'" });
      if ('googleSearchRetrieval' in tool || 'google_search_retrieval' in tool)
        return send(x.res, {
          code: 400,
          status: 'INVALID_ARGUMENT',
          message: 'google_search_retrieval is not supported; please use google_search field instead.',
        });
      const field = Object.keys(tool).find((name) => !TOOL_FIELDS.has(name));
      if (field) return send(x.res, badField(`tools[0].${field}`));
    }
    const structured = responseSchemaOf(body.generationConfig ?? body.generation_config);
    if ('error' in structured) return send(x.res, structured.error);
    if (!known(model)) return send(x.res, notFound(model, version));
    const grounded = tools.some((tool) => isObject(tool) && ('googleSearch' in tool || 'google_search' in tool));
    const user = [...body.contents]
      .reverse()
      .find((content) => isObject(content) && (content.role === undefined || content.role === 'user'));
    const question =
      isObject(user) && Array.isArray(user.parts)
        ? user.parts.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('')
        : '';

    await ctx.serve(x, () => {
      const failure = ctx.takeFailure();
      if (failure) return send(x.res, failureStatus(failure));
      const turn = ctx.turn(model, question, structured.schema);
      sendJson(x.res, 200, candidateResponse(model, turn, grounded && turn.searches));
    });
  }

  function candidateResponse(model: string, turn: Turn, searched: boolean) {
    const links = turn.citations.map((url) => {
      const token = opaqueToken();
      redirects.set(token, url);
      return { web: { uri: `https://${REDIRECT_HOST}/grounding-api-redirect/${token}`, title: domainOf(url) } };
    });
    const end = Buffer.byteLength(turn.text);
    const groundingMetadata = {
      webSearchQueries: turn.queries,
      searchEntryPoint: {
        renderedContent: `<style>.container{display:flex}</style><div class="container">${turn.queries.map((q) => `<a class="chip" href="https://www.google.com/search?q=${encodeURIComponent(q)}">${q}</a>`).join('')}</div>`,
      },
      ...(links.length > 0
        ? {
            groundingChunks: links,
            groundingSupports: [
              { segment: { startIndex: 0, endIndex: end, text: turn.text }, groundingChunkIndices: links.map((_, index) => index) },
            ],
          }
        : {}),
      retrievalMetadata: {},
    };
    const prompt = tokens(turn.question);
    const candidates = tokens(turn.text);
    const toolUse = searched ? 400 : 0;
    const thinks = /^gemini-(2\.5|3)/.test(model);
    return {
      candidates: [
        {
          content: { parts: [{ text: turn.text }], role: 'model' },
          finishReason: 'STOP',
          index: 0,
          ...(searched ? { groundingMetadata } : {}),
        },
      ],
      usageMetadata: {
        promptTokenCount: prompt,
        candidatesTokenCount: candidates,
        totalTokenCount: prompt + candidates + toolUse + (thinks ? 96 : 0),
        ...(searched ? { toolUsePromptTokenCount: toolUse, toolUsePromptTokensDetails: [{ modality: 'TEXT', tokenCount: toolUse }] } : {}),
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
        ...(thinks ? { thoughtsTokenCount: 96 } : {}),
      },
      modelVersion: model,
      responseId: randomId(11),
    };
  }

  /** The OpenAI-compatible route: never grounds; errors are a JSON array. */
  async function compatChat(x: Exchange): Promise<void> {
    if (bearer(x.req) !== ctx.apiKey) return send(x.res, keyInvalid, true);
    const body = x.json;
    if (!isObject(body)) return send(x.res, { code: 400, status: 'INVALID_ARGUMENT', message: 'Invalid JSON payload received.' }, true);
    if (body.web_search_options !== undefined) return send(x.res, badField('web_search_options'), true);
    const model = String(body.model ?? '').replace(/^models\//, '');
    x.record.model = model;
    if (!known(model)) return send(x.res, notFound(model, 'v1main'), true);
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const user = [...messages].reverse().find((m) => isObject(m) && m.role === 'user');
    const question = isObject(user) && typeof user.content === 'string' ? user.content : '';
    await ctx.serve(x, () => {
      const failure = ctx.takeFailure();
      if (failure) return send(x.res, failureStatus(failure), true);
      const turn = ctx.turn(model, question);
      sendJson(x.res, 200, {
        id: randomId(11),
        object: 'chat.completion',
        created: unixNow(),
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: turn.text }, finish_reason: 'stop' }],
        usage: {
          prompt_tokens: tokens(question),
          completion_tokens: tokens(turn.text),
          total_tokens: tokens(question) + tokens(turn.text),
        },
      });
    });
  }

  const handler = async (x: Exchange): Promise<void> => {
    if (x.path === '/v1beta/openai/chat/completions' && x.method === 'POST') return compatChat(x);
    const key = x.req.headers['x-goog-api-key'] ?? x.query.get('key') ?? undefined;
    if (!key) return send(x.res, unregistered);
    if (key !== ctx.apiKey) return send(x.res, keyInvalid);
    const match = /^\/(v1|v1beta)\/(.+)$/.exec(x.path);
    if (!match) return send(x.res, { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.' });
    const [, version, rest] = match as unknown as [string, string, string];
    if (x.method === 'GET' && rest === 'models') {
      const ids = Object.keys(MODELS).filter(known);
      const size = Math.min(1000, Number(x.query.get('pageSize') ?? 50) || 50);
      const start = Number(x.query.get('pageToken') ?? 0) || 0;
      const page = ids.slice(start, start + size);
      return sendJson(x.res, 200, {
        models: page.map(modelResource),
        ...(start + size < ids.length ? { nextPageToken: String(start + size) } : {}),
      });
    }
    const get = /^models\/([^:/]+)$/.exec(rest);
    if (x.method === 'GET' && get)
      return known(get[1]!) ? sendJson(x.res, 200, modelResource(get[1]!)) : send(x.res, notFound(get[1]!, version, 'get'));
    const generate = /^models\/([^:/]+):generateContent$/.exec(rest);
    if (x.method === 'POST' && generate) return generateContent(x, version, decodeURIComponent(generate[1]!));
    return send(x.res, { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.' });
  };
  return { handler, redirect };
}

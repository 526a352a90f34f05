import OpenAI from 'openai';
import type { PlatformDialect } from '../../domain/shared/platforms';
import type { StructuredOutput } from '../../domain/shared/structured-output';
import { notIn, uniqueUrls } from './citations';
import { PlatformError } from './platform-error';
import { MAX_OUTPUT_TOKENS, SEARCH_INSTRUCTION, userLocation, type PlatformRequest, type ProtocolReply } from './protocol';
import { sdkFailure } from './sdk-failure';

type ResponsesDialect = Extract<PlatformDialect, { protocol: 'openai-responses' }>;

/** Perplexity's output item with what its search found (the Agent API; OpenAI's types do not have it). */
interface SearchResultsItem {
  type: 'search_results';
  queries?: string[];
  results?: { url?: string; title?: string }[];
}

type OutputItem = OpenAI.Responses.ResponseOutputItem | SearchResultsItem;

/** The fields of a Responses-API reply this adapter reads, as OpenAI's SDK types them, plus Perplexity's additions. */
interface ResponsesReply {
  model: string;
  status?: string;
  error?: { message?: string; code?: string } | null;
  output: OutputItem[];
  usage?: { input_tokens: number; output_tokens: number; cost?: { total_cost?: number } } | null;
  tool_usage?: { web_search?: { num_requests: number } } | null;
}

/**
 * The OpenAI Responses API, spoken by ChatGPT (POST {base}/responses) and by Perplexity's Agent API
 * (POST {base}/v1/agent), with the web_search tool: the answer, what it searched for, the pages it
 * cited and the tokens and searches it used. Perplexity refuses any field it does not know, so the
 * request carries only what both document.
 */
export async function askOpenAiResponses(request: PlatformRequest<ResponsesDialect>): Promise<ProtocolReply> {
  const client = new OpenAI({
    apiKey: request.apiKey,
    baseURL: request.baseUrl,
    // Retries are Temporal's job: one attempt here, so backoff and the vendor's wait are honoured in one place.
    maxRetries: 0,
    timeout: request.timeoutMs,
    // The SDK would otherwise send OPENAI_ORG_ID/OPENAI_PROJECT_ID from the environment to every vendor.
    organization: null,
    project: null,
  });
  let reply: ResponsesReply;
  try {
    reply = await client.post<ResponsesReply>(request.dialect.path, { body: requestBody(request), signal: request.signal });
  } catch (error) {
    throw sdkFailure(OpenAI, error, request, (failure) => {
      const body = vendorError(failure.error);
      return { message: body.message, codes: [failure.code ?? undefined, failure.type ?? undefined, body.code] };
    });
  }
  // Perplexity reports a run that failed as HTTP 200 with status "failed".
  if (reply.status === 'failed') {
    throw new PlatformError('server', `${request.platformName} failed to answer${reply.error?.message ? `: ${reply.error.message}` : ''}`);
  }
  return { ...readReply(reply, request.model), ...(request.market && located(request) ? { marketAppliedAs: 'parameter' as const } : {}) };
}

/** A request whose market goes in the web search tool's `user_location` (a request without the tool takes none). */
const located = ({ webSearch, output }: PlatformRequest<ResponsesDialect>) => webSearch && !output;

function requestBody({ model, question, webSearch, dialect, output, market }: PlatformRequest<ResponsesDialect>): Record<string, unknown> {
  if (output) return { model, input: question, max_output_tokens: MAX_OUTPUT_TOKENS, ...outputFormat(output, dialect) };
  if (!webSearch) return { model, input: question, max_output_tokens: MAX_OUTPUT_TOKENS };
  return {
    model,
    input: question,
    instructions: SEARCH_INSTRUCTION,
    max_output_tokens: MAX_OUTPUT_TOKENS,
    tools: [{ type: 'web_search', ...(market ? { user_location: userLocation(market, dialect.typedLocation ?? false) } : {}) }],
    ...(dialect.forceSearch ? { tool_choice: { type: 'web_search' } } : {}),
    ...(dialect.includeSources ? { include: ['web_search_call.action.sources'] } : {}),
  };
}

/** OpenAI's `text.format` (strict: the reply always fits the schema), or Perplexity's `response_format`. */
function outputFormat({ name, description, schema }: StructuredOutput, dialect: ResponsesDialect): Record<string, unknown> {
  if (dialect.structuredOutput === 'response-format') return { response_format: { type: 'json_schema', json_schema: { name, schema } } };
  return { text: { format: { type: 'json_schema', name, description, schema, strict: true } } };
}

/** Exported for the fixture tests: a documented reply must read the same as a live one. */
export function readReply(reply: ResponsesReply, requestedModel: string): ProtocolReply {
  const searches = reply.output.filter((item): item is OpenAI.Responses.ResponseFunctionWebSearch => item.type === 'web_search_call');
  const searchActions = searches.flatMap((item) => (item.action.type === 'search' ? [item.action] : []));
  const searchResults = reply.output.filter((item): item is SearchResultsItem => item.type === 'search_results');
  const texts = reply.output
    .flatMap((item) => (item.type === 'message' ? item.content : []))
    .flatMap((part) => (part.type === 'output_text' ? [part] : []));

  const annotated = texts.flatMap((part) =>
    part.annotations.map((annotation) => (annotation.type === 'url_citation' ? annotation.url : undefined)),
  );
  // Perplexity's agent cites by number ([1], [2]) into its search results, seldom by annotation: those are its citations.
  const numbered = searchResults.flatMap((item) => (item.results ?? []).map((result) => result.url));
  const cited = annotated.length > 0 ? annotated : numbered;
  // gpt-5 attaches url_citation to only some answers: the pages its search read are found, not cited.
  const read = [...searchActions.flatMap((action) => (action.sources ?? []).map((source) => source.url)), ...numbered];
  const queries = [
    ...searchActions.flatMap((action) => action.queries ?? (action.query ? [action.query] : [])),
    ...searchResults.flatMap((item) => item.queries ?? []),
  ];
  const searchCount = reply.tool_usage?.web_search?.num_requests ?? searchActions.length + searchResults.length;

  return {
    text: texts.map((part) => part.text).join('\n\n'),
    citations: uniqueUrls(cited),
    found: notIn(uniqueUrls(read), cited),
    searched: searchActions.length + searchResults.length > 0,
    searchQueries: [...new Set(queries)],
    usage: { inputTokens: reply.usage?.input_tokens ?? 0, outputTokens: reply.usage?.output_tokens ?? 0, searches: searchCount },
    vendorCostUsd: reply.usage?.cost?.total_cost,
    model: reply.model || requestedModel,
  };
}

/** OpenAI-style error bodies: { error: { message, type, code } }; the SDK keeps the inner object. */
function vendorError(body: unknown): { message?: string; code?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const message = 'message' in body && typeof body.message === 'string' ? body.message : undefined;
  const code = 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  return { message, code };
}

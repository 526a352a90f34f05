import Anthropic from '@anthropic-ai/sdk';
import type { PlatformDialect } from '../../domain/shared/platforms';
import type { StructuredOutput } from '../../domain/shared/structured-output';
import { notIn, uniqueUrls } from './citations';
import { withLocation } from '../../domain/shared/language/location-sentence';
import { MAX_OUTPUT_TOKENS, SEARCH_INSTRUCTION, userLocation, type PlatformRequest, type ProtocolReply } from './protocol';
import { sdkFailure } from './sdk-failure';

type MessagesDialect = Extract<PlatformDialect, { protocol: 'anthropic-messages' }>;

/** Searches Claude may run for one answer: enough to ground it, bounded in cost ($10 per 1,000). */
const MAX_SEARCHES = 3;
/** A long search turn comes back as `pause_turn`; it is continued this many times at most. */
const MAX_CONTINUATIONS = 3;

/**
 * Anthropic Messages, spoken by Claude (POST {base}/v1/messages) and by DeepSeek's Anthropic-compatible
 * endpoint, with the vendor's server-side web search tool: the answer (without the narration written
 * before a search), the queries, the cited pages and the tokens and searches used.
 */
export async function askAnthropicMessages(request: PlatformRequest<MessagesDialect>): Promise<ProtocolReply> {
  const client = new Anthropic({
    apiKey: request.apiKey,
    baseURL: request.baseUrl,
    // Retries are Temporal's job: one attempt here, so backoff and the vendor's wait are honoured in one place.
    maxRetries: 0,
    timeout: request.timeoutMs,
    // The SDK sends the key as a Bearer token; Anthropic's API reference (and DeepSeek's compatible
    // endpoint) name x-api-key. Both carry the same key.
    defaultHeaders: { 'x-api-key': request.apiKey },
  });
  const applied = marketApplied(request);
  // DeepSeek's search tool takes no location: the question says where the person asks from.
  const messages: Anthropic.MessageParam[] = [
    { role: 'user', content: applied === 'prompt' ? withLocation(request.question, request.market) : request.question },
  ];
  const turns: Anthropic.Message[] = [];
  try {
    for (let continuation = 0; continuation <= MAX_CONTINUATIONS; continuation += 1) {
      const message = await client.post<Anthropic.Message>('/v1/messages', {
        body: requestBody(request, messages),
        signal: request.signal,
      });
      turns.push(message);
      if (message.stop_reason !== 'pause_turn') break;
      // The server paused a long search turn: sending its content back as the assistant's lets it go on.
      messages.push({ role: 'assistant', content: message.content });
    }
  } catch (error) {
    throw sdkFailure(Anthropic, error, request, (failure) => ({
      message: failure.apiMessage ?? undefined,
      codes: [failure.type ?? undefined, failure.errorCode ?? undefined],
    }));
  }
  const reply = { ...readTurns(turns, request.model), ...(applied ? { marketAppliedAs: applied } : {}) };
  return request.output && request.dialect.structuredOutput === 'tool' ? { ...reply, text: toolInput(turns, request.output.name) } : reply;
}

/** Claude's web search tool takes `user_location`; DeepSeek's takes none, so its prompt names the place. */
function marketApplied({ market, webSearch, output, dialect }: PlatformRequest<MessagesDialect>): 'parameter' | 'prompt' | undefined {
  if (!market || output) return undefined;
  return webSearch && dialect.searchTool === 'web_search_20250305' ? 'parameter' : 'prompt';
}

function requestBody(
  { model, webSearch, dialect, output, market }: PlatformRequest<MessagesDialect>,
  messages: Anthropic.MessageParam[],
): Record<string, unknown> {
  if (output) return { model, max_tokens: MAX_OUTPUT_TOKENS, messages, ...outputFormat(output, dialect) };
  if (!webSearch) return { model, max_tokens: MAX_OUTPUT_TOKENS, messages };
  // Forcing the tool (tool_choice) is refused by current Claude models; the instruction asks for a search instead.
  const located = market ? { user_location: userLocation(market, true) } : {};
  const tool =
    dialect.searchTool === 'web_search_20250305'
      ? { type: 'web_search_20250305', name: 'web_search', max_uses: MAX_SEARCHES, ...located }
      : { type: 'deepseek_web_search', name: 'deepseek_web_search' };
  return { model, max_tokens: MAX_OUTPUT_TOKENS, system: SEARCH_INSTRUCTION, messages, tools: [tool] };
}

/**
 * Claude's structured outputs (`output_config.format`: the reply's text is JSON in the schema), or, where
 * only tools are served (DeepSeek), one tool the model must call, whose input is the reply.
 */
function outputFormat({ name, description, schema }: StructuredOutput, dialect: MessagesDialect): Record<string, unknown> {
  if (dialect.structuredOutput === 'tool')
    return { tools: [{ name, description, input_schema: schema }], tool_choice: { type: 'tool', name } };
  return { output_config: { format: { type: 'json_schema', schema } } };
}

/** The input of the forced tool's call, as JSON; empty when the model did not call it. */
function toolInput(turns: readonly Anthropic.Message[], name: string): string {
  const call = turns
    .flatMap((turn) => turn.content)
    .find((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use' && block.name === name);
  return call ? JSON.stringify(call.input) : '';
}

/** Exported for the fixture tests: a documented reply must read the same as a live one. */
export function readTurns(turns: readonly Anthropic.Message[], requestedModel: string): ProtocolReply {
  const blocks = turns.flatMap((turn) => turn.content);
  const results = blocks.filter((block): block is Anthropic.WebSearchToolResultBlock => block.type === 'web_search_tool_result');
  const found = results.flatMap((block) => (Array.isArray(block.content) ? block.content : []));
  // Text written before the last search result is narration ("I'll search for…"), not the answer.
  const lastResult = blocks.map((block) => block.type).lastIndexOf('web_search_tool_result');
  const answerBlocks = blocks.slice(lastResult + 1).filter((block): block is Anthropic.TextBlock => block.type === 'text');
  const textBlocks = answerBlocks.length > 0 ? answerBlocks : blocks.filter((block): block is Anthropic.TextBlock => block.type === 'text');
  // Only web results carry a url; document citations (char_location…) are not sources.
  const cited = textBlocks.flatMap((block) => (block.citations ?? []).map((citation) => ('url' in citation ? citation.url : undefined)));
  const queries = blocks.flatMap((block) => (block.type === 'server_tool_use' ? [queryOf(block.input)] : []));
  const last = turns.at(-1);

  return {
    text: textBlocks.map((block) => block.text).join(''),
    citations: uniqueUrls(cited),
    found: notIn(uniqueUrls(found.map((result) => result.url)), cited),
    searched: found.length > 0,
    searchQueries: [...new Set(queries.filter((query): query is string => query !== undefined))],
    usage: {
      inputTokens: sum(turns.map((turn) => turn.usage.input_tokens)),
      outputTokens: sum(turns.map((turn) => turn.usage.output_tokens)),
      searches: sum(turns.map((turn) => turn.usage.server_tool_use?.web_search_requests ?? 0)) || results.length,
    },
    model: last?.model || requestedModel,
  };
}

function queryOf(input: unknown): string | undefined {
  return typeof input === 'object' && input !== null && 'query' in input && typeof input.query === 'string' ? input.query : undefined;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

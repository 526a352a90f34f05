import Anthropic from '@anthropic-ai/sdk';
import { uniqueUrls } from './citations';
import { httpFailure } from './http-failure';
import type { PlatformReply, PlatformRequest } from './protocol';
import { networkFailure, timeoutFailure } from './transport-failure';

/** Enough for a few paragraphs about a brand; the answer is read, not continued. */
const MAX_TOKENS = 1024;

/** Anthropic Messages, spoken by Claude: POST {baseUrl}/v1/messages with one user message. */
export async function askAnthropicMessages(request: PlatformRequest): Promise<PlatformReply> {
  const client = new Anthropic({
    apiKey: request.apiKey,
    baseURL: request.baseUrl,
    // Retries are Temporal's job: one attempt here, so backoff and Retry-After are honoured in one place.
    maxRetries: 0,
    timeout: request.timeoutMs,
  });
  try {
    const message = await client.messages.create(
      { model: request.model, max_tokens: MAX_TOKENS, messages: [{ role: 'user', content: request.question }] },
      { signal: request.signal },
    );
    // With web search Claude splits one answer into many text blocks between tool blocks; they read as one text.
    const textBlocks = message.content.filter((block) => block.type === 'text');
    return {
      text: textBlocks.map((block) => block.text).join(''),
      // Only web results carry a url; document citations (char_location, search_result_location…) are not sources.
      citations: uniqueUrls(textBlocks.flatMap((block) => (block.citations ?? []).map((citation) => ('url' in citation ? citation.url : undefined)))),
      model: message.model || request.model,
    };
  } catch (error) {
    throw toPlatformError(error, request);
  }
}

function toPlatformError(error: unknown, request: PlatformRequest): unknown {
  // A caller's abort is askPlatform's to report; pass it through untouched.
  if (error instanceof Anthropic.APIUserAbortError) return error;
  if (error instanceof Anthropic.APIConnectionTimeoutError) return timeoutFailure(request);
  if (error instanceof Anthropic.APIConnectionError) return networkFailure(request, error);
  if (error instanceof Anthropic.APIError && error.status !== undefined) {
    return httpFailure(request.platformName, error.status, error.headers, error.apiMessage, request.apiKey);
  }
  return error;
}

import OpenAI from 'openai';
import { uniqueUrls } from './citations';
import { httpFailure } from './http-failure';
import type { PlatformReply, PlatformRequest } from './protocol';
import { networkFailure, timeoutFailure } from './transport-failure';

/**
 * OpenAI Chat Completions, spoken by ChatGPT, Gemini, Perplexity and DeepSeek:
 * POST {baseUrl}/chat/completions with one user message.
 */
export async function askOpenAiChat(request: PlatformRequest): Promise<PlatformReply> {
  const client = new OpenAI({
    apiKey: request.apiKey,
    baseURL: request.baseUrl,
    // Retries are Temporal's job: one attempt here, so backoff and Retry-After are honoured in one place.
    maxRetries: 0,
    timeout: request.timeoutMs,
    // The SDK would otherwise send OPENAI_ORG_ID/OPENAI_PROJECT_ID from the environment to every vendor.
    organization: null,
    project: null,
  });
  try {
    const completion = await client.chat.completions.create(
      { model: request.model, messages: [{ role: 'user', content: request.question }] },
      { signal: request.signal },
    );
    return {
      text: completion.choices[0]?.message.content ?? '',
      citations: uniqueUrls([...annotationUrls(completion), ...perplexityUrls(completion)]),
      model: completion.model || request.model,
    };
  } catch (error) {
    throw toPlatformError(error, request);
  }
}

/** OpenAI search models: url_citation annotations on the message. */
function annotationUrls(completion: OpenAI.ChatCompletion): unknown[] {
  const annotations: unknown[] = completion.choices[0]?.message.annotations ?? [];
  return annotations.map((annotation) => field(field(annotation, 'url_citation'), 'url'));
}

/** Perplexity: top-level citations (URLs) and search_results ({title, url, date}), outside the SDK's types. */
function perplexityUrls(completion: OpenAI.ChatCompletion): unknown[] {
  const citations = field(completion, 'citations');
  const searchResults = field(completion, 'search_results');
  return [
    ...(Array.isArray(citations) ? citations : []),
    ...(Array.isArray(searchResults) ? searchResults.map((result) => field(result, 'url')) : []),
  ];
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

function toPlatformError(error: unknown, request: PlatformRequest): unknown {
  // A caller's abort is askPlatform's to report; pass it through untouched.
  if (error instanceof OpenAI.APIUserAbortError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return timeoutFailure(request);
  if (error instanceof OpenAI.APIConnectionError) return networkFailure(request, error);
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return httpFailure(request.platformName, error.status, error.headers, vendorMessage(error.error), request.apiKey);
  }
  return error;
}

/** OpenAI-style error bodies: { error: { message, type, code } }; the SDK keeps the inner object. */
function vendorMessage(body: unknown): string | undefined {
  const message = field(body, 'message');
  return typeof message === 'string' ? message : undefined;
}

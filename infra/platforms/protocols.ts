import type { PlatformDialect, PlatformProtocol } from '../../domain/shared/platforms';
import { askAnthropicMessages } from './anthropic-messages';
import { askGeminiGenerateContent } from './gemini-generate-content';
import { askOpenAiResponses } from './openai-responses';
import { askSearchSurface } from './search-surface';
import type { PlatformRequest, ProtocolReply } from './protocol';

type DialectOf<P extends PlatformProtocol> = Extract<PlatformDialect, { protocol: P }>;

interface ProtocolClient<P extends PlatformProtocol> {
  /** One question, one attempt; requestAnswer (platform-client.ts) adds timing, cost and the checks common to all. */
  ask(request: PlatformRequest<DialectOf<P>>): Promise<ProtocolReply>;
  /** The headers that carry the key to the vendor's model list (platform-models.ts). */
  credentials(apiKey: string): Record<string, string>;
}

/**
 * What differs by wire protocol, one row each: a new protocol is its adapter (`<protocol>.ts`) and a row
 * here, which the compiler asks for.
 */
export const PROTOCOLS: { [P in PlatformProtocol]: ProtocolClient<P> } = {
  'openai-responses': { ask: askOpenAiResponses, credentials: (apiKey) => ({ authorization: `Bearer ${apiKey}` }) },
  // DeepSeek lists its models OpenAI-style (Bearer) beside its Anthropic endpoint.
  'anthropic-messages': {
    ask: askAnthropicMessages,
    credentials: (apiKey) => ({ 'x-api-key': apiKey, authorization: `Bearer ${apiKey}`, 'anthropic-version': '2023-06-01' }),
  },
  'gemini-generate-content': { ask: askGeminiGenerateContent, credentials: (apiKey) => ({ 'x-goog-api-key': apiKey }) },
  // SerpApi takes its key as a parameter; DataForSEO's login:password is Basic authentication.
  'search-surface': {
    ask: askSearchSurface,
    credentials: (apiKey) => ({ authorization: `Basic ${Buffer.from(apiKey).toString('base64')}` }),
  },
};

/** The request to its protocol's adapter; generic in the protocol so that TypeScript reads the dialect and the adapter as one. */
export function askProtocol<P extends PlatformProtocol>(protocol: P, request: PlatformRequest<DialectOf<P>>): Promise<ProtocolReply> {
  return PROTOCOLS[protocol].ask(request);
}

import { canonicalUrls } from '../domain/canonical-url';
import type { PlatformConfig } from '../domain/config';
import type { PlatformDefinition, PlatformProtocol } from '../domain/platforms';
import { askAnthropicMessages } from './platforms/anthropic-messages';
import { redact } from './platforms/http-failure';
import { askOpenAiChat } from './platforms/openai-chat';
import { PlatformError } from './platforms/platform-error';
import type { ProtocolClient } from './platforms/protocol';
import { timeoutFailure } from './platforms/transport-failure';

/**
 * Asks one AI platform one question (DESIGN.md, "AI platforms: wire protocols"). One attempt only:
 * every failure becomes a PlatformError that says whether Temporal should retry it and when.
 */

export { PlatformError, type PlatformErrorKind } from './platforms/platform-error';

export interface PlatformAnswer {
  text: string;
  /** Cited URLs, canonical (no tracking parameters) and each once, in the platform's order. */
  citations: string[];
  /** The model that answered, as the platform names it. */
  model: string;
  latencyMs: number;
}

export interface AskOptions {
  /** The whole call, response body included. Default 60 s. */
  timeoutMs?: number;
  /** Aborting it rejects with the signal's reason (an activity's cancellation stays a cancellation). */
  signal?: AbortSignal;
}

export const DEFAULT_PLATFORM_TIMEOUT_MS = 60_000;

const PROTOCOL_CLIENTS: Record<PlatformProtocol, ProtocolClient> = {
  'openai-chat': askOpenAiChat,
  'anthropic-messages': askAnthropicMessages,
};

export async function askPlatform(platform: PlatformDefinition, config: PlatformConfig, question: string, options: AskOptions = {}): Promise<PlatformAnswer> {
  const { apiKey } = config;
  if (!apiKey) throw new PlatformError('not-configured', `${platform.name} is not configured: set ${platform.env}_API_KEY`);

  const timeoutMs = options.timeoutMs ?? DEFAULT_PLATFORM_TIMEOUT_MS;
  // The SDKs' own timeout stops at the response headers; this deadline also covers reading the body.
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const request = { platformName: platform.name, apiKey, baseUrl: config.baseUrl, model: config.model, question, timeoutMs, signal };

  const startedAt = performance.now();
  try {
    const reply = await PROTOCOL_CLIENTS[platform.protocol](request);
    if (!reply.text.trim()) throw new PlatformError('empty', `${platform.name} returned an empty answer`);
    // Canonical here, where every kind of check gets its answers, so no report carries tracking parameters.
    return { ...reply, citations: canonicalUrls(reply.citations), latencyMs: Math.round(performance.now() - startedAt) };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.aborted) throw timeoutFailure(request);
    if (error instanceof PlatformError) throw error;
    // Anything else is a reply neither SDK could make sense of: the platform's fault, and perhaps passing.
    const detail = error instanceof Error ? `: ${redact(error.message, apiKey)}` : '';
    throw new PlatformError('server', `${platform.name} gave an unreadable answer${detail}`);
  }
}

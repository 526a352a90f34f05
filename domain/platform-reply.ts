import type { PlatformId } from './platforms';

/**
 * One platform's reply to one question, with the verdict of the lens it was read through (the site
 * check's, the brand diagnosis's, …). A platform that could not answer is `error` with the reason.
 */
export interface PlatformReply<V> {
  platformId: PlatformId;
  /** Display name: ChatGPT, Claude, … */
  platform: string;
  model: string;
  status: 'answered' | 'error';
  answer: string;
  /** Cited URLs, each once, in the platform's order. */
  citations: string[];
  latencyMs: number;
  error?: string;
  /** Present when the platform answered. */
  verdict?: V;
}

export function platformErrorReply(platformId: PlatformId, platform: string, model: string, error: string): PlatformReply<never> {
  return { platformId, platform, model, status: 'error', answer: '', citations: [], latencyMs: 0, error };
}

import { ApplicationFailure } from '@temporalio/common';
import { Context } from '@temporalio/activity';
import { classifyAnswer } from '../domain/answer-classifier';
import type { Config } from '../domain/config';
import { FAILURE } from '../domain/failures';
import { PLATFORMS, type PlatformId } from '../domain/platforms';
import { platformErrorResult } from '../domain/memory-result';
import type { MemoryResult } from '../domain/report';
import { askPlatform, PlatformError } from '../infra/platform-client';


/** The question a person would ask an assistant about the site. */
export function awarenessQuestion(domain: string): string {
  return `What do you know about the website ${domain}? What is it, who is it for, and what is its reputation? Please cite your sources.`;
}

export interface AwarenessInput {
  platformId: PlatformId;
  domain: string;
  brand: string;
}

/**
 * Asks one platform what it knows about the site and classifies the answer. A failure that retrying
 * cannot fix comes back as an `error` result at once; a passing one is thrown for Temporal to retry,
 * at the delay the platform asked for (Retry-After).
 */
export function createAskPlatformAboutSite(config: Config) {
  return async function askPlatformAboutSite({ platformId, domain, brand }: AwarenessInput): Promise<MemoryResult> {
    const platform = PLATFORMS.find((candidate) => candidate.id === platformId)!;
    const platformConfig = config.platforms[platformId];
    try {
      const reply = await askPlatform(platform, platformConfig, awarenessQuestion(domain), { signal: Context.current().cancellationSignal });
      const { status, reputation } = classifyAnswer({ answer: reply.text, domain, brand });
      return { platform: platform.name, status, answer: reply.text, reputation, citations: reply.citations, model: reply.model, latencyMs: reply.latencyMs };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (!error.retryable) return platformErrorResult(platform.name, platformConfig.model, error.message);
      throw ApplicationFailure.create({
        type: FAILURE.platformUnavailable,
        message: error.message,
        nextRetryDelay: error.retryAfterMs,
        details: [error.kind],
      });
    }
  };
}


import type { SiteVerdict } from './lens';
import { answerEvidence, type PlatformReply } from '../shared/platform-reply';
import type { MemoryResult } from './report';

/** The question a person would ask an assistant about the site. */
export function awarenessQuestion(domain: string): string {
  return `What do you know about the website ${domain}? What is it, who is it for, and what is its reputation? Please cite your sources.`;
}

/** A platform's reply to the awareness question, as the site report's `memory[]` entry. */
export function memoryResultOf(reply: PlatformReply<SiteVerdict>): MemoryResult {
  const { platform, model, answer, citations, latencyMs } = reply;
  if (reply.status === 'error')
    return {
      ...platformErrorResult(platform, model, reply.error),
      ...(reply.missedDeadline ? { missedDeadline: reply.missedDeadline } : {}),
      ...answerEvidence(reply),
    };
  // The site check asks the five assistants only (memory[]'s statuses, docs/checks/site.md); a surface never reaches here.
  if (reply.status !== 'answered')
    return { ...platformErrorResult(platform, model, `${platform} gave no answer (${reply.reason})`), ...answerEvidence(reply) };
  return {
    platform,
    status: reply.verdict.status,
    answer,
    reputation: reply.verdict.reputation,
    citations,
    model,
    latencyMs,
    ...answerEvidence(reply),
  };
}

/** A platform that gave no usable answer: status `error` with the reason; the check goes on. */
export function platformErrorResult(platform: string, model: string, message: string): MemoryResult {
  return { platform, status: 'error', answer: '', reputation: 'unknown', citations: [], model, latencyMs: 0, error: message };
}

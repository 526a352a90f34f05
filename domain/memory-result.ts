import type { MemoryResult } from './report';

/** A platform that gave no usable answer: status `error` with the reason; the check goes on. */
export function platformErrorResult(platform: string, model: string, message: string): MemoryResult {
  return { platform, status: 'error', answer: '', reputation: 'unknown', citations: [], model, latencyMs: 0, error: message };
}

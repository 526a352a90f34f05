/**
 * Is a request from the crawler it claims to be? `verified`: its address is in the vendor's published
 * ranges, or its reverse DNS is the vendor's and confirms forward. `forged`: the vendor publishes ranges
 * or host names and the address matches neither. `unverifiable`: the vendor publishes nothing to check
 * against (Meta, ByteDance, DeepSeek, xAI, …), or the ranges or DNS answers needed are missing.
 */
export type Verdict = 'verified' | 'forged' | 'unverifiable';
export const VERDICTS: readonly Verdict[] = ['verified', 'forged', 'unverifiable'];

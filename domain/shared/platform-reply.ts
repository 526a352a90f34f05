import type { PlatformId } from './platforms';
import type { Usage } from './cost';
import type { StoredMarket } from './markets';
import type { MissedDeadline } from './ask-deadline';
import type { ProductCard, ProductNotes } from './product-cards';

/**
 * An answer is kept (in workflow history, in the report) up to this length, once its lens has read it
 * whole: 500 answers of a diagnosis at its largest stay a few megabytes.
 */
export const STORED_ANSWER_CHARS = 8_000;

/** What the vendor said about how an answer came about: asked with search, what it searched, what it cost. */
export interface AnswerEvidence {
  /** Was the platform asked with its search tool? Off means from memory only (`<PREFIX>_WEB_SEARCH=off`). */
  webSearch: boolean;
  /** Did a web search run for this answer? */
  searched: boolean;
  /** What the assistant searched for. */
  searchQueries: string[];
  usage: Usage;
  /** Dollars; null for a model with no known price. */
  costUsd: number | null;
  /** Where the question was asked from and how the vendor took it; absent when asked from nowhere in particular. */
  market?: StoredMarket;
}

/** The product cards a search surface showed beside its answer (docs/surfaces.md, "Product cards"); absent when none. */
export interface ShownProducts {
  products?: ProductCard[];
  /** Cards the provider sent that the answer does not keep (no title, past the limit). */
  productNotes?: ProductNotes;
}

interface ReplyBase extends AnswerEvidence, ShownProducts {
  platformId: PlatformId;
  /** Display name: ChatGPT, Claude, … */
  platform: string;
  model: string;
  answer: string;
  /** URLs the vendor marks as cited, each once, in the platform's order. */
  citations: string[];
  /** Pages the search found that the answer does not cite (absent in histories recorded before it). */
  found?: string[];
  latencyMs: number;
}

/** Why a surface gave no answer: Google showed no AI Overview for the query, or the provider found no results. */
export type NoAnswerReason = 'no-ai-overview' | 'no-results';

/**
 * A surface that answered without an answer (docs/surfaces.md#what-an-answer-keeps): a
 * result, not a failure. `no-answer` counts as a question asked (an AI Overview's presence is measured
 * by it); `unavailable` (the surface is not offered in the market's country) is asked of nobody and
 * counted nowhere.
 */
export type SurfaceAbsence = { status: 'no-answer'; reason: NoAnswerReason } | { status: 'unavailable'; reason: 'not-offered' };

/**
 * One platform's reply to one question: answered, with the verdict of the lens it was read through
 * (the site check's, the brand diagnosis's, …), an error with the reason, or a surface's absence.
 */
export type PlatformReply<V> =
  | (ReplyBase & { status: 'answered'; verdict: V })
  | (ReplyBase & { status: 'error'; error: string; missedDeadline?: MissedDeadline })
  | (ReplyBase & SurfaceAbsence);

/** Did the platform answer nothing at all, for a reason that is a result (no AI Overview, not offered)? */
export function isAbsence<V>(reply: PlatformReply<V>): reply is ReplyBase & SurfaceAbsence {
  return reply.status === 'no-answer' || reply.status === 'unavailable';
}

/** A failed request costs nothing: vendors bill answers, not refusals. */
export function platformErrorReply(
  platformId: PlatformId,
  platform: string,
  model: string,
  error: string,
  webSearch = true,
): Extract<PlatformReply<never>, { status: 'error' }> {
  return {
    platformId,
    platform,
    model,
    status: 'error',
    answer: '',
    citations: [],
    latencyMs: 0,
    error,
    webSearch,
    searched: false,
    searchQueries: [],
    usage: { inputTokens: 0, outputTokens: 0, searches: 0 },
    costUsd: 0,
  };
}

/** The evidence fields of a reply, as reports store them beside each answer. */
export function answerEvidence({ webSearch, searched, searchQueries, usage, costUsd, market }: AnswerEvidence): AnswerEvidence {
  return { webSearch, searched, searchQueries, usage, costUsd, ...(market ? { market } : {}) };
}

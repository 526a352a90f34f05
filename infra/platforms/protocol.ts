import type { PlatformDialect } from '../../domain/shared/platforms';
import type { StructuredOutput } from '../../domain/shared/structured-output';
import type { Usage } from '../../domain/shared/prices';
import type { Market, MarketAppliedAs } from '../../domain/shared/market';
import type { SurfaceProvider } from '../../domain/shared/platforms';
import type { SurfaceAbsence } from '../../domain/shared/platform-reply';
import type { ProductCard, ProductNotes } from '../../domain/shared/product-cards';

/** What each wire-protocol client receives and returns; requestAnswer adds timing, cost and the checks common to all. */

export interface PlatformRequest<D extends PlatformDialect = PlatformDialect> {
  /** Display name, for messages. */
  platformName: string;
  /** The platform's environment prefix, for failures that name the setting to change (OPENAI_MODEL). */
  env: string;
  dialect: D;
  apiKey: string;
  baseUrl: string;
  model: string;
  /** Declare the vendor's web search tool (on unless `<PREFIX>_WEB_SEARCH=off`). */
  webSearch: boolean;
  question: string;
  /** Where the person asks from; each protocol applies it as its vendor documents (or not at all). */
  market?: Market;
  /** A surface's SERP-API provider (config.ts chose it by the key that is set). */
  provider?: SurfaceProvider;
  /** Ask for a reply in this shape (the vendor's structured output); the reply's text is then that JSON. */
  output?: StructuredOutput;
  timeoutMs: number;
  signal: AbortSignal;
  /** Where a redirect link leads, read through the one site fetcher (Gemini's grounding links); undefined when it cannot tell. */
  resolveRedirect: (url: string) => Promise<string | undefined>;
}

export interface ProtocolReply {
  /** The answer, without narration written before a search ("I'll search for…"). */
  text: string;
  /** URLs the vendor marks as cited (url_citation, Claude's citations, Gemini's grounding supports, Perplexity's numbered sources), as it gave them. */
  citations: string[];
  /** Pages the answer's search found that it does not cite. */
  found: string[];
  /** Did a web search run for this answer? */
  searched: boolean;
  /** What the assistant searched for, in its order. */
  searchQueries: string[];
  usage: Usage;
  /** The vendor's own figure for the answer's cost, where it reports one (Perplexity). */
  vendorCostUsd?: number;
  /** The model that answered, as the vendor names it. */
  model: string;
  /** How the request's market reached the vendor; absent when it had none. */
  marketAppliedAs?: MarketAppliedAs;
  /** The price table's entry for this answer when it is not the model's (a surface's provider product). */
  priceKey?: string;
  /** A surface that showed no answer, or is not offered where the person asks from: a result, with empty text. */
  absent?: SurfaceAbsence;
  /** The product cards a surface showed beside its answer (product-cards.ts), in the order shown; absent when none. */
  products?: ProductCard[];
  /** Cards the provider sent that the answer does not keep. */
  productNotes?: ProductNotes;
}

/**
 * The location field of OpenAI's, Anthropic's and Perplexity's web search tools (docs/markets.md#how-each-platform-takes-a-market): ISO country and free-text city. OpenAI and Anthropic require `type: "approximate"`;
 * Perplexity's Agent API has no `type` and refuses a field it does not know.
 */
export function userLocation(market: Market, typed: boolean): Record<string, string> {
  return { ...(typed ? { type: 'approximate' } : {}), country: market.country, ...(market.city ? { city: market.city } : {}) };
}

/** The instruction that makes a search-capable model search rather than answer from memory alone. */
export const SEARCH_INSTRUCTION = 'Search the web before you answer, and cite the pages you rely on.';

/**
 * Room for a few paragraphs plus the reasoning of a reasoning model (gpt-5.4-mini counts its reasoning
 * as output): too little and the answer comes back cut off or empty. Only what is written is billed.
 */
export const MAX_OUTPUT_TOKENS = 4096;

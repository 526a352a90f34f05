import type { SurfaceId } from '../../domain/shared/surface-ids';
import type { DemandBehaviour } from './demand-types';

/** The SERP-API providers the stand-ins play (references/consumer-surfaces.md). */
export type StandInProvider = 'serpapi' | 'dataforseo';

/**
 * A provider's failure in its own form. `times`: fail that many requests, then answer; unset: always.
 * - `out_of_searches` (serpapi): 429 "Your account has run out of searches."
 * - `hourly_limit` (serpapi): 429, the plan's hourly throughput exceeded.
 * - `unauthorized` (both): SerpApi 401 with its message; DataForSEO HTTP 401.
 * - `server_error` (both): SerpApi 500; DataForSEO task 40101 "Internal SE Server Error." (billed, result null).
 * - `no_balance` (dataforseo): HTTP 402.
 */
export type SurfaceFailure = { times?: number; kind: 'out_of_searches' | 'hourly_limit' | 'unauthorized' | 'server_error' | 'no_balance' };

/** A product card a stand-in surface shows, written once and shown in each provider's shape (surface-products.ts). */
export interface StandInProduct {
  title: string;
  /** The merchant the card names. */
  merchant: string;
  /** ChatGPT shows "<merchant> + others" when more stores sell it. */
  otherMerchants?: boolean;
  /** The price; null or unset: the card shows none. */
  price?: number | null;
  /** ISO 4217; default USD. */
  currency?: string;
  regularPrice?: number;
  /** Out of 5. */
  rating?: number;
  reviews?: number;
  productId?: string;
}

export interface SurfaceBehaviour {
  /** The answer in Markdown, turned into the provider's blocks; '' or a function returning '': no results. */
  answer?: string | ((question: string) => string);
  /** The pages the answer references. */
  citations?: string[] | ((question: string) => string[]);
  /** An AI Overview: inline in the results, deferred behind a page_token, or not shown (default inline). */
  overview?: 'inline' | 'deferred' | 'absent' | ((question: string) => 'inline' | 'deferred' | 'absent');
  /** ChatGPT app: what it searched for and every page retrieved (cited or not). */
  fanOutQueries?: string[];
  searchResults?: string[];
  /** Product cards shown beside the answer (AI Mode, ChatGPT app); none or []: no cards, as for a question nobody shops with. */
  products?: StandInProduct[] | ((question: string) => StandInProduct[]);
  delayMs?: number;
}

export const SURFACE_FAILURES: Record<StandInProvider, SurfaceFailure['kind'][]> = {
  serpapi: ['out_of_searches', 'hourly_limit', 'unauthorized', 'server_error'],
  dataforseo: ['unauthorized', 'server_error', 'no_balance'],
};

/** What a provider handler may ask of the server: the surface's behaviour and its failures. */
export interface SurfaceContext {
  behaviour(surface: SurfaceId): SurfaceBehaviour;
  takeFailure(provider: StandInProvider): SurfaceFailure | undefined;
  /** DataForSEO's search volumes (dataforseo-demand.ts). */
  demand(): DemandBehaviour;
}

export function pick<T>(value: T | ((question: string) => T) | undefined, question: string, fallback: T): T {
  return typeof value === 'function' ? (value as (q: string) => T)(question) : (value ?? fallback);
}

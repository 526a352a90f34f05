/**
 * Where a person asks from (docs/markets.md): a country (ISO 3166-1
 * alpha-2, upper-case), a language (BCP 47) and, optionally, a city. Unset means no location and English,
 * as every check before markets was asked. Requests are read by `marketSchema` (market-schema.ts): this
 * file stays free of zod, since workflows import it.
 */
export interface Market {
  country: string;
  language: string;
  city?: string;
}

/**
 * How a market reached the platform: a vendor's own location parameter (`user_location`, SerpApi's
 * `gl`/`hl`/`location`, DataForSEO's `location_code`/`language_code`), or a sentence in the prompt
 * where the vendor takes none (Gemini, DeepSeek).
 */
export type MarketAppliedAs = 'parameter' | 'prompt';

/** The market an answer was asked in, recorded on the answer. */
export interface AnsweredMarket extends Market {
  appliedAs: MarketAppliedAs;
}

/** The primary language subtag, lower-cased: "pt-BR" → "pt". */
export function languageOf(market: Pick<Market, 'language'> | undefined): string {
  return (market?.language ?? 'en').split('-')[0]!.toLowerCase();
}

/** One stable key per market, for series, rows and grouping: "DE-de", "US-en-New York". */
export function marketKey(market: Market | undefined): string {
  if (!market) return 'any';
  return [market.country, market.language, market.city].filter(Boolean).join('-');
}

import { z } from 'zod';

/**
 * Where a person asks from (docs/DESIGN.md, "What people see, where they are"): a country (ISO 3166-1
 * alpha-2), a language (BCP 47) and, optionally, a city. Unset means no location and English, as every
 * check before markets was asked.
 */
export const marketSchema = z
  .object({
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 country code, such as "DE"')
      .transform((code) => code.toUpperCase()),
    language: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP 47 language tag, such as "de" or "pt-BR"'),
    city: z.string().trim().min(1).max(80).optional(),
  })
  .strict()
  .meta({ id: 'Market' });

export type Market = z.infer<typeof marketSchema>;

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

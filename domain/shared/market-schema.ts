import { z } from 'zod';

/**
 * The markets' zod schemas, apart from market.ts and markets.ts, which workflows import and which must
 * stay free of zod (the workflow bundle holds only the Temporal SDK besides our code).
 */

/**
 * Where a person asks from (docs/markets.md): a country (ISO 3166-1
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

/**
 * The market an answer was asked in, as reports store it: where, in which language, and how it
 * reached the platform (`appliedAs`, absent on an answer that failed before it was asked).
 */
export const answeredMarketSchema = z
  .object({
    country: z.string().describe('ISO 3166-1 alpha-2'),
    language: z.string().describe('BCP 47'),
    city: z.string().optional(),
    appliedAs: z
      .enum(['parameter', 'prompt'])
      .optional()
      .describe(
        "parameter: the vendor's own location parameter (user_location); prompt: one sentence in the question says where the person asks from",
      ),
  })
  .meta({ id: 'AnsweredMarket' });

/** A market as a report lists it. */
export const reportMarketSchema = answeredMarketSchema.omit({ appliedAs: true }).meta({ id: 'ReportMarket' });

export type StoredMarket = z.infer<typeof answeredMarketSchema>;

import { z } from 'zod';

/** A difference between two markets' rates beyond noise, as reports give it (market-comparison.ts). */
export const marketDifferenceSchema = z
  .object({
    metric: z.string(),
    higher: z.string().describe('The market with the higher rate'),
    lower: z.string(),
    difference: z.number().describe('Higher minus lower, 0–1'),
    low: z.number().describe('95% interval of the difference (Newcombe)'),
    high: z.number(),
    text: z.string(),
  })
  .meta({ id: 'MarketDifference' });

import { z } from 'zod';

/** A `Rate` (rate.ts) as the reports publish it: every kind's report schema uses this one, so OpenAPI names it once. */
export const rateSchema = z
  .object({
    value: z.number().min(0).max(1).describe('count / total'),
    count: z.number().int().min(0),
    total: z.number().int().min(0),
    low: z.number().min(0).max(1).describe('Wilson 95% interval, lower bound'),
    high: z.number().min(0).max(1).describe('Wilson 95% interval, upper bound'),
  })
  .meta({ id: 'Rate' });

import { z } from 'zod';

/** An alert, defined once: its type for the rules, the store and the webhook; its schema for the API (MonitorAlert). */

const counts = z.object({ count: z.number().int(), total: z.number().int() });

export const alertTypeSchema = z.enum(['jump', 'confirmed', 'event']);

export const alertEvidenceSchema = z
  .object({
    /** Rates: the counts compared. */
    from: counts.optional(),
    to: counts.optional(),
    /** Rates: the answers (question × platform) whose verdict flipped between the two runs. */
    flipped: z.array(z.object({ answer: z.string(), from: z.boolean(), to: z.boolean() })).optional(),
    /** How many answers flipped in all (the list stops at 20). */
    flippedCount: z.number().int().optional(),
    /** Site events: what changed, in words, and where. */
    crawler: z.string().optional(),
    check: z.string().optional(),
    file: z.string().optional(),
    detail: z.string().optional(),
  })
  .describe('Counts and the answers (question × platform) that flipped, or the crawler, file or check');

export const alertSchema = z.object({
  id: z.string().describe('Also the webhook-id of its delivery'),
  monitorId: z.string(),
  type: alertTypeSchema,
  metric: z.string(),
  from: z.union([z.number(), z.string()]),
  to: z.union([z.number(), z.string()]),
  interval: z
    .object({ low: z.number(), high: z.number(), level: z.union([z.literal(0.95), z.literal(0.99)]) })
    .optional()
    .describe('Newcombe interval of to − from'),
  /** For a confirmed change, the newest baseline run and the last run. */
  snapshots: z.tuple([z.string(), z.string()]).describe('[previous, last]'),
  evidence: alertEvidenceSchema,
  /** The last run's time. */
  at: z.string().describe('ISO 8601: the last run’s time'),
});

export type AlertType = z.infer<typeof alertTypeSchema>;
export type AlertEvidence = z.infer<typeof alertEvidenceSchema>;
export type Alert = z.infer<typeof alertSchema>;

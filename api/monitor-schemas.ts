import { z } from 'zod';
import { alertSchema } from '../domain/monitoring/alert-schema';
import { SERIES_FAMILIES } from '../domain/monitoring/metric';
import { MONITOR_KINDS, type MonitorKind } from '../domain/shared/check-kinds';
import { REQUEST_SCHEMAS } from './kinds/requests';
import { PUBLIC_HTTP_URL_PATTERN } from './schemas';

/** "a", "b" or "c". */
const quotedList = (words: readonly string[]) =>
  words
    .map((word) => `"${word}"`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');

/** Monitors' request and response bodies (docs/checks/monitoring.md): they validate requests and feed /openapi.json. */

const every = z.enum(['day', 'week'], { error: 'every must be "day" or "week"' }).describe('How often the check runs');
const webhook = z
  .object({
    url: z
      .url({ protocol: /^https?$/, error: 'webhook.url must be an http(s) URL' })
      .max(2048, { error: 'webhook.url is longer than 2048 characters' })
      // Published as a pattern instead of format uri, which allows other schemes and hosts refused with 400 or 422.
      .meta({
        pattern: PUBLIC_HTTP_URL_PATTERN,
        format: undefined,
        description: 'An http(s) URL on a public host; the pattern gives the form always accepted (a public IP address is accepted too)',
      }),
  })
  .describe('Where alerts are POSTed, signed as Standard Webhooks 1.0');

/** A monitor of one kind: its target is the body the kind's own endpoint takes. */
const monitorCreateOf = <K extends MonitorKind>(kind: K) =>
  z.object({ kind: z.literal(kind), target: REQUEST_SCHEMAS[kind], every, webhook: webhook.optional() });
const [first, ...others] = MONITOR_KINDS.map(monitorCreateOf);

export const monitorCreateSchema = z
  .discriminatedUnion('kind', [first!, ...others], { error: `kind must be ${quotedList(MONITOR_KINDS)}` })
  .meta({
    id: 'MonitorCreateRequest',
    description:
      'target is the body the kind’s own endpoint takes: {url} for a site or an article, {keyword, brand, domain?, aliases?, competitors?} for a brand',
  });

export const monitorPatchSchema = z
  .object({
    every: every.optional(),
    paused: z.boolean({ error: 'paused must be true or false' }).optional(),
    webhook: webhook.nullable().optional().describe('null removes the webhook'),
  })
  .strict()
  .meta({ id: 'MonitorPatchRequest', description: 'Any call renews the monitor for 90 days' });

export const monitorCreatedSchema = z
  .object({
    id: z.string(),
    token: z.string().describe('Shown once: send it as Authorization: Bearer <token> to manage the monitor'),
    manageUrl: z.string().describe('GET, PATCH, DELETE with the token'),
    trendUrl: z.string().describe('The trend as JSON, public by the id'),
    pageUrl: z.string().describe('The trend page, public by the id'),
    webhookSecret: z.string().optional().describe('whsec_…: verifies the webhook-signature of deliveries'),
    nextRunAt: z.string().nullable(),
  })
  .meta({ id: 'MonitorCreated' });

export const monitorSchema = z
  .object({
    id: z.string(),
    kind: z.enum(MONITOR_KINDS),
    target: z.record(z.string(), z.unknown()),
    every,
    paused: z.boolean(),
    webhook: z.object({ url: z.string(), active: z.boolean() }).optional(),
    webhookSecret: z.string().optional().describe('Only when this call set a new webhook'),
    createdAt: z.string(),
    renewedAt: z.string(),
    expiresAt: z.string().describe('The schedule stops then unless renewed (any PATCH)'),
    nextRunAt: z.string().nullable(),
    trendUrl: z.string(),
    pageUrl: z.string(),
  })
  .meta({ id: 'Monitor' });

const point = z.object({
  at: z.string(),
  snapshotId: z.string(),
  value: z.number(),
  low: z.number().optional().describe('Rates: Wilson 95% interval'),
  high: z.number().optional(),
  count: z.number().int().optional(),
  total: z.number().int().optional(),
  fingerprint: z.string(),
});

const monitorAlertSchema = alertSchema.meta({ id: 'MonitorAlert' });

export const trendSchema = z
  .object({
    monitor: z.object({
      id: z.string(),
      kind: z.enum(MONITOR_KINDS),
      target: z.record(z.string(), z.unknown()),
      every,
      paused: z.boolean(),
      nextRunAt: z.string().nullable(),
    }),
    runs: z.array(z.object({ snapshotId: z.string(), reportUrl: z.string(), at: z.string(), fingerprint: z.string() })),
    series: z.array(
      z.object({
        key: z
          .union([
            z.object({ family: z.enum(['metric', ...SERIES_FAMILIES]), id: z.string() }),
            z.object({ family: z.literal('market'), id: z.string(), metric: z.string().describe("the rate's key") }),
          ])
          .describe(
            "Which series: a metric of the kind (id: its key), one market's rate (family 'market', id: the market's key such as `DE-de`, metric: the rate's key), or one per platform (family 'platform', id: the platform's name)",
          ),
        metric: z.string().describe('The same as one string: the key, `<key>@<market>` or `<family>:<id>`'),
        unit: z.enum(['rate', 'score', 'share', 'position', 'status']),
        points: z.array(point),
      }),
    ),
    alerts: z.array(monitorAlertSchema),
  })
  .meta({ id: 'MonitorTrend' });

export type MonitorCreate = z.infer<typeof monitorCreateSchema>;
export type MonitorPatch = z.infer<typeof monitorPatchSchema>;
export type MonitorCreated = z.infer<typeof monitorCreatedSchema>;
export type MonitorView = z.infer<typeof monitorSchema>;
export type MonitorTrend = z.infer<typeof trendSchema>;

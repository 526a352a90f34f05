import { z } from 'zod';
import { monitorCreatedSchema, monitorCreateSchema, monitorPatchSchema, monitorSchema, trendSchema } from './monitor-schemas';
import { MAX_BODY_BYTES } from './parse-body';
import { errorSchema, rateLimitedSchema } from './schemas';

const ref = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${z.globalRegistry.get(schema)?.id as string}` });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema: ref(schema) } } });

const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The monitor id (a UUID)' };
const secured = { security: [{ monitorToken: [] }] };
const notFound = json(errorSchema, 'No such monitor, or a wrong or missing token (the same answer)');
const tooLarge = json(errorSchema, `The body is larger than ${MAX_BODY_BYTES / 1024} KiB`);

export const monitorSecuritySchemes = {
  monitorToken: { type: 'http', scheme: 'bearer', description: 'The token POST /api/v1/monitors answered with, once' },
};

/** The monitors' paths of /openapi.json (docs/checks/monitoring.md). */
export function monitorPaths(perDay: number, monitorsMax: number) {
  const limit = perDay > 0 ? `${perDay} created per IP per day` : 'no daily limit';
  return {
    '/api/v1/monitors': {
      post: {
        operationId: 'createMonitor',
        summary:
          'Monitor a site, a brand or an article: the check repeated every day or week, its trend, and alerts only when a change is real',
        description: `Limit: ${limit}; at most ${monitorsMax} monitors active in all (503 past it). The first run starts at once. The token is shown only here (the service keeps its SHA-256). A monitor stops 90 days after its last renewal (any PATCH). Alerts go to webhook.url as Standard Webhooks 1.0 (webhook-id, webhook-timestamp, webhook-signature: v1 HMAC-SHA256 with webhookSecret), retried with backoff for up to 24 h; a 410 answer turns the webhook off.`,
        requestBody: { required: true, content: { 'application/json': { schema: ref(monitorCreateSchema) } } },
        responses: {
          201: json(monitorCreatedSchema, 'The monitor; keep the token'),
          400: json(errorSchema, 'The body is not JSON, or kind, target, every or webhook is missing or malformed'),
          413: tooLarge,
          422: json(errorSchema, 'The target or the webhook names no public host'),
          429: json(rateLimitedSchema, 'Too many monitors created from this address today'),
          503: json(errorSchema, 'The service runs its maximum of monitors'),
        },
      },
    },
    '/api/v1/monitors/{id}': {
      get: {
        operationId: 'getMonitor',
        summary: 'A monitor’s settings and next run',
        ...secured,
        parameters: [id],
        responses: { 200: json(monitorSchema, 'The monitor'), 404: notFound },
      },
      patch: {
        operationId: 'changeMonitor',
        summary: 'Pause, resume, change the cadence or the webhook; renews the monitor for 90 days',
        ...secured,
        parameters: [id],
        requestBody: { required: true, content: { 'application/json': { schema: ref(monitorPatchSchema) } } },
        responses: {
          200: json(monitorSchema, 'The monitor as changed (webhookSecret when a new webhook was set)'),
          400: json(errorSchema, 'The body is not JSON or a field is malformed'),
          404: notFound,
          413: tooLarge,
          422: json(errorSchema, 'The webhook names no public host'),
        },
      },
      delete: {
        operationId: 'deleteMonitor',
        summary: 'Delete the monitor and its schedule; its reports stay',
        ...secured,
        parameters: [id],
        responses: { 204: { description: 'Deleted' }, 404: notFound },
      },
    },
    '/api/v1/monitors/{id}/run': {
      post: {
        operationId: 'runMonitorNow',
        summary: 'Run the monitor’s check now (after a run in progress), counted against the kind’s own hourly limit',
        ...secured,
        parameters: [id],
        responses: {
          202: {
            description: 'The run is started',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { ok: { const: true }, id: { type: 'string' }, trendUrl: { type: 'string' } },
                  required: ['ok', 'id', 'trendUrl'],
                },
              },
            },
          },
          404: notFound,
          409: json(errorSchema, 'The monitor has expired: renew it first'),
          429: json(rateLimitedSchema, 'The kind’s hourly limit is reached'),
        },
      },
    },
    '/api/v1/monitors/{id}/trend': {
      get: {
        operationId: 'getMonitorTrend',
        summary: 'The trend, public by the monitor id: runs, series (rates with their Wilson 95% band), alerts; oldest first',
        parameters: [id],
        responses: { 200: json(trendSchema, 'The trend'), 404: json(errorSchema, 'No such monitor') },
      },
    },
    '/monitor/{id}': {
      get: {
        operationId: 'monitorPage',
        summary: 'The trend page: charts with their noise bands, alerts, what changed since the last run, every run’s report',
        parameters: [id],
        responses: {
          200: { description: 'The page', content: { 'text/html': {} } },
          404: { description: 'No such monitor', content: { 'text/html': {} } },
        },
      },
    },
  };
}

import { z } from 'zod';
import type { RateLimitedOperation } from '../domain/shared/rate-limits';
import type { OfferedPlatform } from '../domain/shared/platform-choice';
import { exportPaths } from './export-openapi';
import { monitorPaths, monitorSecuritySchemes } from './monitor-openapi';
import { MAX_BODY_BYTES } from './parse-body';
import { monitorCreateSchema, monitorPatchSchema } from './monitor-schemas';
import { marketSchema } from '../domain/shared/market-schema';
import { MAX_TARGET_LENGTH } from '../domain/shared/target';
import {
  errorEventSchema,
  errorSchema,
  progressEventSchema,
  rankingsResponseSchema,
  rateLimitedSchema,
  snapshotResponseSchema,
  stepEventSchema,
  PUBLIC_ADDRESS_PATTERN,
  platformIdSchema,
} from './schemas';
import { checkRequestSchema, checkResponseSchema } from './kinds/site/schemas';
import { crawlerLogAcceptedSchema, unreadableLogSchema } from './kinds/traffic/schemas';
import { apiKinds } from './kinds';
import { MCP_TOOLS } from './mcp-server/tools';

const componentId = (schema: z.ZodType) => z.globalRegistry.get(schema)?.id as string;
const ref = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${componentId(schema)}` });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema: ref(schema) } } });

/**
 * One Server-Sent Event of a stream, its data one JSON value of `data`. Before OpenAPI 3.2's itemSchema,
 * the schema of text/event-stream describes each event (as Schemathesis reads it): {data, event, id, retry}.
 */
const sseEvent = (data: object) => ({
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'string', contentMediaType: 'application/json', contentSchema: data } },
});
const eventStream = (description: string, data: object) => ({ description, content: { 'text/event-stream': { schema: sseEvent(data) } } });
const oneOf = (...schemas: z.ZodType[]) => ({ oneOf: schemas.map(ref) });

const rateLimitHeaders = {
  'X-RateLimit-Limit': { description: 'Requests allowed per hour', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left this hour', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'ISO 8601 time when the quota renews', schema: { type: 'string', format: 'date-time' } },
};

const errors = {
  400: json(errorSchema, 'The body is not JSON, or url is missing, not a string, empty, too long or not a host or URL'),
  413: json(errorSchema, `The body is larger than ${MAX_BODY_BYTES / 1024} KiB`),
  422: json(
    errorSchema,
    'url is well-formed but names no public site: an IP address, localhost, no or a reserved top-level domain, a scheme other than http(s); or the site cannot be reached',
  ),
  429: {
    ...json(rateLimitedSchema, 'Rate limit exceeded; wait until resetAt'),
    headers: { ...rateLimitHeaders, 'Retry-After': { description: 'Seconds until the quota renews', schema: { type: 'integer' } } },
  },
};

/**
 * A JSON-RPC 2.0 request (with id) or notification (without), as the MCP SDK's transport parses it
 * (JSONRPCMessageSchema): anything else it answers 400 before any method runs.
 */
// Integers a JavaScript number holds exactly: the SDK refuses a larger id as not JSON-RPC.
const requestId = { anyOf: [{ type: 'string' }, { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }] };
const jsonRpcRequest = {
  type: 'object',
  description: 'A JSON-RPC 2.0 request, or a notification when id is absent',
  properties: {
    jsonrpc: { const: '2.0' },
    id: { ...requestId, description: 'Absent for a notification (answered 202)' },
    method: { type: 'string', description: 'initialize, ping, tools/list, tools/call; others answer JSON-RPC error -32601' },
    params: {
      type: 'object',
      properties: {
        _meta: {
          type: 'object',
          properties: { progressToken: { ...requestId, description: 'Asks tools/call for progress notifications' } },
        },
      },
    },
  },
  required: ['jsonrpc', 'method'],
  additionalProperties: false,
};
/** What the MCP endpoint answers with: a JSON-RPC response (result or error), or a notification such as notifications/progress. */
const jsonRpcAnswer = { type: 'object', required: ['jsonrpc'], properties: { jsonrpc: { const: '2.0' } } };

const limitText = (perHour: number) => (perHour > 0 ? `${perHour} per IP per hour` : 'none');

function renderComponents(io: 'input' | 'output'): Record<string, object> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    io,
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as Record<string, unknown>;
      return [id, rest];
    }),
  );
}

/**
 * The components: every request and response schema, from the same zod schemas that validate requests.
 * Request bodies as a client sends them (zod's input: fields with a default are optional, unknown
 * properties are dropped, not refused); responses as the service sends them.
 */
function components(platforms: readonly OfferedPlatform[]) {
  const requests = new Set(
    // A market is read from requests only: its output shape (the country upper-cased by a transform) would say nothing.
    [...apiKinds().map((kind) => kind.requestSchema), monitorCreateSchema, monitorPatchSchema, marketSchema]
      .map((schema) => z.globalRegistry.get(schema)?.id)
      .filter(Boolean),
  );
  const input = renderComponents('input');
  const schemas = Object.fromEntries(
    Object.entries(renderComponents('output')).map(([id, schema]) => [id, requests.has(id) ? input[id] : schema]),
  );
  return { ...schemas, [componentId(platformIdSchema)]: offeredPlatformIds(platforms) };
}

/**
 * The platform ids a request may name on this service (refusedPlatforms' rule): the configured ones,
 * so that a client following the document is never refused for naming one (docs/http-api.md).
 */
function offeredPlatformIds(platforms: readonly OfferedPlatform[]): object {
  const configured = platforms.filter((platform) => platform.configured).map((platform) => platform.id);
  const description = 'A platform configured on this service; any other id is answered 400';
  return configured.length > 0
    ? { type: 'string', enum: configured, description }
    : { not: {}, description: 'No platform is configured on this service: leave platforms out' };
}

/** Each kind's stream (api/kinds/): its body, its events (steps, its final event, or an error) and its limit. */
function streamPaths(limits: Record<RateLimitedOperation, number>): Record<string, object> {
  return Object.fromEntries(
    apiKinds().flatMap(({ stream, requestSchema, events, finalEventSchema }) => {
      if (!stream) return [];
      const step = events.step === 'step' ? stepEventSchema : progressEventSchema;
      return [
        [
          stream.path,
          {
            post: {
              operationId: stream.operationId,
              summary: stream.summary,
              description: `Limit: ${limitText(limits[stream.operation])}. ${stream.description}`,
              requestBody: { required: true, content: { 'application/json': { schema: ref(requestSchema) } } },
              responses: {
                200: eventStream(
                  `The event stream: ${events.step} events, then a ${events.final} or an error event`,
                  oneOf(step, finalEventSchema, errorEventSchema),
                ),
                400: stream.errors?.[400] ? json(errorSchema, stream.errors[400]) : errors[400],
                413: errors[413],
                422: stream.errors?.[422] ? json(errorSchema, stream.errors[422]) : errors[422],
                429: errors[429],
              },
            },
          },
        ],
      ];
    }),
  );
}

/** OpenAPI 3.1 description of the public interface (docs/http-api.md; version 1.0.0). */
export function openApiDocument(
  publicBaseUrl: string,
  limits: Record<RateLimitedOperation, number>,
  platforms: readonly OfferedPlatform[],
  monitorsMax = 1000,
): object {
  // Referenced here so the schemas are registered before the components are read.
  void [
    checkResponseSchema,
    snapshotResponseSchema,
    crawlerLogAcceptedSchema,
    unreadableLogSchema,
    rankingsResponseSchema,
    stepEventSchema,
    progressEventSchema,
    errorEventSchema,
    ...apiKinds().flatMap((kind) => [kind.requestSchema, kind.finalEventSchema]),
  ];
  return {
    openapi: '3.1.0',
    info: {
      title: 'AI visibility check',
      version: '1.0.0',
      description:
        'Whether AI crawlers can reach a site, what AI assistants know and say about it, which of its pages they cite, and what to fix. Free, no authentication; limited per client IP address and hour.',
    },
    servers: [{ url: publicBaseUrl }],
    paths: {
      '/api/v1/check': {
        post: {
          operationId: 'checkSite',
          summary: 'Run one full site check (about 40–100 s; set your client time-out above 120 s)',
          description: `Limit: ${limitText(limits.check)}. Each success stores a permanent snapshot.`,
          requestBody: { required: true, content: { 'application/json': { schema: ref(checkRequestSchema) } } },
          responses: { 200: { ...json(checkResponseSchema, 'The report and its snapshot'), headers: rateLimitHeaders }, ...errors },
        },
      },
      ...streamPaths(limits),
      '/api/v1/crawler-logs': {
        post: {
          operationId: 'uploadCrawlerLog',
          summary: 'Which AI crawlers really fetch a site, verified, from its access log; and the visits AI assistants send',
          description: `Limit: ${limitText(limits.crawlerLogs)}. The body is the access log as text, or gzipped (by its first bytes, or Content-Encoding: gzip): NGINX/Apache combined or common, JSON lines of Cloudflare Logpush, Vercel, Fastly or CloudFront, CloudFront or ALB standard logs; the format is detected from the first lines. Each request claiming an AI crawler is verified against its vendor's published IP ranges (or reverse DNS confirmed forward): verified, forged or unverifiable. 202 at once; follow the check at eventsUrl (progress events, then one \`{"type":"summary","reportId","reportUrl","report"}\`); the report keeps no IP address, and the log is deleted once read.`,
          parameters: [
            {
              name: 'domain',
              in: 'query',
              required: true,
              // The form always read, as for a check's url (api/schemas.ts): other forms are read as a browser would, or refused with 422.
              schema: { type: 'string', minLength: 1, maxLength: MAX_TARGET_LENGTH, pattern: PUBLIC_ADDRESS_PATTERN },
              description:
                'The site the log is of: a public domain name such as example.com (a URL is read for its host). Answered 422 when it is an IP address, localhost, a name without a top-level domain or under a reserved one (.test, .example, .invalid, .local …).',
            },
          ],
          requestBody: {
            required: true,
            content: { 'text/plain': { schema: { type: 'string' } }, 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
          },
          responses: {
            202: json(crawlerLogAcceptedSchema, 'The log is stored and its check started'),
            400: json(errorSchema, 'domain is missing or empty, or the body starts as gzip and is not a complete gzip stream'),
            413: json(errorSchema, 'Larger than CRAWLER_LOG_MAX_MB (as sent) or CRAWLER_LOG_MAX_LINES'),
            422: json(unreadableLogSchema, 'domain is not a public host name; or the body holds no line, or is no known log format'),
            429: errors[429],
          },
        },
      },
      '/api/check/{checkId}/events': {
        get: {
          operationId: 'followCheck',
          summary: 'Follow a running or finished check again (EventSource-compatible), e.g. after a lost connection',
          parameters: [
            { name: 'checkId', in: 'path', required: true, schema: { type: 'string' }, description: "checkId of the stream's first event" },
          ],
          responses: {
            200: eventStream(
              "The check's events so far, then each new one until the last",
              oneOf(stepEventSchema, progressEventSchema, ...apiKinds().map((kind) => kind.finalEventSchema), errorEventSchema),
            ),
            404: json(errorSchema, 'No check with this id'),
          },
        },
      },
      '/api/v1/report/{snapshotId}': {
        get: {
          operationId: 'getSnapshot',
          summary: 'A stored report as JSON',
          parameters: [{ name: 'snapshotId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: { 200: json(snapshotResponseSchema, 'The snapshot'), 404: json(errorSchema, 'No report with this id') },
        },
      },
      ...exportPaths(),
      '/report/{snapshotId}': {
        get: {
          operationId: 'snapshotPage',
          summary: 'The permanent snapshot page',
          parameters: [{ name: 'snapshotId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            200: { description: 'The report as a web page', content: { 'text/html': {} } },
            404: { description: 'No report with this id', content: { 'text/html': {} } },
          },
        },
      },
      '/api/v1/rankings': {
        get: {
          operationId: 'getRankings',
          summary: 'The AI-visibility ranking: the newest site check of each domain, by total score (ties: newest first)',
          parameters: [
            {
              name: 'limit',
              in: 'query',
              required: false,
              schema: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
              description: 'How many domains',
            },
          ],
          responses: {
            200: json(rankingsResponseSchema, 'The ranking'),
            400: json(errorSchema, 'limit is not a whole number from 1 to 50'),
          },
        },
      },
      '/rankings': {
        get: {
          operationId: 'rankingsPage',
          summary: 'The ranking as a web page (top 50)',
          responses: { 200: { description: 'The ranking', content: { 'text/html': {} } } },
        },
      },
      '/api/mcp': {
        post: {
          operationId: 'mcp',
          summary: `MCP endpoint (Model Context Protocol, JSON-RPC 2.0 over stateless Streamable HTTP) with ${MCP_TOOLS.length} tools`,
          description: `Methods initialize, ping, tools/list, tools/call. Tools: ${MCP_TOOLS.map((tool) => tool.name).join(', ')}; check_site (${limitText(limits.mcpCheckSite)}) sends progress notifications and answers with the check's id if it outlasts MCP_CHECK_WAIT_S. Clients send Accept: application/json, text/event-stream (or an Accept that admits both, such as none or */*). Tool failures are results with isError; protocol faults are JSON-RPC errors (-32700, -32601, -32602). GET and DELETE answer 405; a body over 64 KiB answers 413; a request whose Origin is not allowed (MCP_ALLOWED_ORIGINS) answers 403.`,
          requestBody: { required: true, content: { 'application/json': { schema: jsonRpcRequest } } },
          responses: {
            200: {
              description: 'A JSON-RPC response, as JSON or as an event stream',
              content: { 'application/json': { schema: jsonRpcAnswer }, 'text/event-stream': { schema: sseEvent(jsonRpcAnswer) } },
            },
            202: { description: 'A notification was accepted' },
            400: {
              description: 'Malformed JSON or not JSON-RPC (a JSON-RPC error body)',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            403: {
              description: 'A browser request from an origin not in MCP_ALLOWED_ORIGINS (a JSON-RPC error body)',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            405: { description: 'Only POST is served (stateless)' },
            406: { description: 'The Accept header does not admit both application/json and text/event-stream' },
            413: { description: 'The body is larger than 64 KiB' },
            415: { description: 'The body is not application/json' },
          },
        },
      },
      ...monitorPaths(limits.monitorCreate, monitorsMax),
      '/healthz': {
        get: {
          operationId: 'health',
          summary:
            "Whether Temporal, MongoDB and Redis answer, each AI platform's state (ok, no key, model unknown, unreachable), the Node.js version (`node`) and the service's (`version`)",
          responses: { 200: { description: 'All answer' }, 503: { description: 'One does not answer; the body names it' } },
        },
      },
      '/metrics': {
        get: {
          operationId: 'metrics',
          summary:
            "The gateway's Prometheus metrics: requests by route and status with latency histograms, open event streams; served on API_METRICS_PORT instead when that is set (then 404 here); not rate-limited",
          responses: {
            200: { description: 'Prometheus text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } },
          },
        },
      },
    },
    components: { schemas: components(platforms), securitySchemes: monitorSecuritySchemes },
  };
}

import { monitorPatchSchema } from '../../api/monitor-schemas';
import { openApiDocument } from '../../api/openapi';
import { errorEvent, startEvent, stepEvent } from '../../api/check-events';
import { errorEventSchema, progressEventSchema, stepEventSchema } from '../../api/schemas';
import { brandRequestSchema } from '../../api/kinds/brand/schemas';
import { checkRequestSchema } from '../../api/kinds/site/schemas';
import { RATE_LIMITS, type RateLimitedOperation } from '../../domain/shared/rate-limits';
import { offeredPlatforms, refusedPlatforms } from '../../domain/shared/platform-choice';
import { PLATFORMS, type PlatformId } from '../../domain/shared/platforms';
import { InvalidTargetError, normaliseTarget, RESERVED_SUFFIXES } from '../../domain/shared/target';

/**
 * /openapi.json promises what a schema-valid request gets: Schemathesis (test/conformance) builds
 * requests from it and expects each valid one accepted. These pin the parts that make that true.
 */

const limits = Object.fromEntries(Object.entries(RATE_LIMITS).map(([operation, limit]) => [operation, limit.perHour])) as Record<
  RateLimitedOperation,
  number
>;
type Schema = Record<string, unknown> & { properties: Record<string, Record<string, unknown>> };
type Responses = Record<string, { content?: Record<string, { schema: Schema }> }>;
type Operation = { responses: Responses; requestBody?: { content: Record<string, { schema: Schema }> } };
/** A service with two assistants and one surface configured (SerpApi's AI Mode alone, say). */
const configured = new Set(['chatgpt', 'claude', 'google-ai-mode']);
const configs = Object.fromEntries(PLATFORMS.map(({ id }) => [id, { apiKey: configured.has(id) ? 'key' : undefined }])) as Record<
  PlatformId,
  { apiKey?: string }
>;
const documentOf = (offered: ReturnType<typeof offeredPlatforms>) =>
  openApiDocument('http://localhost:3000', limits, offered) as {
    components: { schemas: Record<string, Schema> };
    paths: Record<string, Record<string, Operation>>;
  };
const document = openApiDocument('http://localhost:3000', limits, offeredPlatforms(configs)) as {
  components: { schemas: Record<string, Schema> };
  paths: Record<string, Record<string, Operation>>;
};
const { schemas } = document.components;

/** A JSON Schema pattern as Schemathesis and JavaScript read it: unanchored unless it says ^…$. */
const matches = (pattern: unknown, value: string) => new RegExp(pattern as string, 'u').test(value);
const webhookPattern = (schemas.MonitorPatchRequest!.properties.webhook!.anyOf as Schema[])[0]!.properties.url!.pattern;

describe('a target (url, domain) matches the published pattern only when the service checks it', () => {
  const pattern = schemas.CheckRequest!.properties.url!.pattern;

  test.each(['example.com', 'https://www.bbc.co.uk/news?x=1#top', 'http://a-b.io/', 'shop.acme-tools.co.uk', 'x1.de/@user/~page'])(
    '%s matches and is checked',
    (value) => {
      expect(matches(pattern, value)).toBe(true);
      expect(() => normaliseTarget(value)).not.toThrow();
    },
  );

  // Every reserved name normaliseTarget refuses, so the pattern's list cannot fall behind unnoticed.
  test.each([...RESERVED_SUFFIXES])('a name under .%s is refused (422) and does not match', (suffix) => {
    const value = `shop.${suffix}`;
    expect(() => normaliseTarget(value)).toThrow(InvalidTargetError);
    expect(matches(pattern, value)).toBe(false);
    expect(matches(pattern, `https://${value}/page`)).toBe(false);
  });

  test.each([
    '0',
    'localhost',
    '127.0.0.1',
    'https://[::1]/',
    'ftp://example.com',
    'example',
    'https://example.com:99999/',
    'exa mple.com',
    `${'a'.repeat(64)}.com`,
  ])('%s is refused (400 or 422) and does not match', (value) => {
    expect(() => normaliseTarget(value)).toThrow(InvalidTargetError);
    expect(matches(pattern, value)).toBe(false);
  });

  test("the brand diagnosis's domain has the same pattern", () => {
    expect(schemas.BrandDiagnosisRequest!.properties.domain!.pattern).toBe(pattern);
  });
});

test('a webhook URL is published as an http(s) URL on a public-looking host, not as any URI', () => {
  expect(schemas.MonitorPatchRequest!.properties.webhook!.anyOf).toEqual(
    expect.arrayContaining([expect.objectContaining({ properties: { url: expect.not.objectContaining({ format: 'uri' }) } })]),
  );
  for (const value of ['https://hooks.example.org/in', 'http://alerts.acme.io/x?y=1']) expect(matches(webhookPattern, value)).toBe(true);
  for (const value of ['ftp://hooks.example.org/', 'http://localhost/', 'http://10.0.0.1/', 'hooks.example.org', 'https://a.test/'])
    expect(matches(webhookPattern, value)).toBe(false);
});

test('request bodies are published as the service reads them: unknown properties ignored, defaults optional', () => {
  const { CheckRequest, BrandDiagnosisRequest, MonitorPatchRequest } = schemas;
  expect(CheckRequest!.additionalProperties).toBeUndefined();
  expect(checkRequestSchema.safeParse({ url: 'example.com', note: 1 }).success).toBe(true);
  expect(BrandDiagnosisRequest!.required).toEqual(['keyword', 'brand']);
  expect(brandRequestSchema.safeParse({ keyword: 'project planning', brand: 'Acme' }).success).toBe(true);
  // The monitor PATCH body is strict in zod: there both the service and the document refuse unknown properties.
  expect(MonitorPatchRequest!.additionalProperties).toBe(false);
  expect(monitorPatchSchema.safeParse({ paused: true, note: 1 }).success).toBe(false);
});

describe('a stream is published event by event: data is JSON of one of its event schemas', () => {
  const eventsOf = (path: string, method = 'post') => {
    const { schema } = document.paths[path]![method]!.responses['200']!.content!['text/event-stream']!;
    expect(schema).toMatchObject({
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'string', contentMediaType: 'application/json' } },
    });
    return (schema.properties.data!.contentSchema as { oneOf: { $ref: string }[] }).oneOf.map(({ $ref }) => $ref.split('/').pop());
  };

  test('each stream names the events it sends', () => {
    expect(eventsOf('/api/check')).toEqual(['SiteCheckStepEvent', 'SiteCheckReportEvent', 'ErrorEvent']);
    expect(eventsOf('/api/keywords')).toEqual(['ProgressEvent', 'BrandDiagnosisSummaryEvent', 'ErrorEvent']);
    expect(eventsOf('/api/article-check')).toEqual(['ProgressEvent', 'ArticleCheckSummaryEvent', 'ErrorEvent']);
    expect(eventsOf('/api/check/{checkId}/events', 'get')).toHaveLength(7);
  });

  // Strict: the published event schemas refuse properties they do not name.
  test('the events the gateway builds have exactly the published fields', () => {
    const step = { stage: 'robots', status: 'waiting' as const, message: 'Waiting', at: new Date().toISOString() };
    expect(
      stepEventSchema.strict().safeParse(startEvent({ kind: 'site', snapshotId: 's', workflowId: 'w', label: 'example.com' })).success,
    ).toBe(true);
    expect(stepEventSchema.strict().safeParse(stepEvent('site', step)).success).toBe(true);
    expect(
      progressEventSchema.strict().safeParse(startEvent({ kind: 'brand', snapshotId: 's', workflowId: 'w', label: 'Acme' })).success,
    ).toBe(true);
    expect(progressEventSchema.strict().safeParse(stepEvent('article', step)).success).toBe(true);
    expect(errorEventSchema.strict().safeParse(errorEvent('example.com could not be reached')).success).toBe(true);
  });
});

test('the MCP endpoint takes a JSON-RPC 2.0 request or notification, as the SDK transport parses it', () => {
  const { schema } = document.paths['/api/mcp']!.post!.requestBody!.content['application/json']!;
  expect(schema).toMatchObject({
    type: 'object',
    required: ['jsonrpc', 'method'],
    additionalProperties: false,
    properties: { jsonrpc: { const: '2.0' }, method: { type: 'string' } },
  });
  expect(schema.properties.id).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'integer', maximum: 2 ** 53 - 1 }] });
});

test('the crawler-log upload publishes what a domain is, so a generator never sends one the service refuses', () => {
  const parameters = (
    document.paths['/api/v1/crawler-logs']!.post as unknown as { parameters: { name: string; schema: Record<string, unknown> }[] }
  ).parameters;
  const { pattern, maxLength } = parameters.find((parameter) => parameter.name === 'domain')!.schema;
  expect(maxLength).toBe(2048);
  // Schemathesis sent domain=00: read as 0.0.0.0 and refused with 422. The pattern now says no.
  for (const value of ['00', '0', '127.0.0.1', 'localhost', 'shop.test']) {
    expect(matches(pattern, value)).toBe(false);
    expect(() => normaliseTarget(value)).toThrow(InvalidTargetError);
  }
  for (const value of ['example.com', 'www.example.co.uk']) {
    expect(matches(pattern, value)).toBe(true);
    expect(() => normaliseTarget(value)).not.toThrow();
  }
});

describe('platforms: the document lists the ones configured on this service, so a client that follows it is never refused', () => {
  const platformIdOf = (schema: Schema) => (schema.properties.platforms!.items as { $ref: string }).$ref.split('/').pop()!;

  test('every request that takes platforms names them by the one component, which lists the configured ones alone', () => {
    for (const request of ['BrandDiagnosisRequest', 'ArticleCheckRequest']) expect(platformIdOf(schemas[request]!)).toBe('PlatformId');
    const listed = schemas.PlatformId!.enum as string[];
    expect(listed).toEqual(['chatgpt', 'claude', 'google-ai-mode']);
    // The rule the service refuses by agrees: each listed id is served, each left out refused.
    expect(refusedPlatforms(configs, listed)).toBeUndefined();
    for (const id of PLATFORMS.map((platform) => platform.id).filter((id) => !listed.includes(id)))
      expect(refusedPlatforms(configs, [id])).toMatch(/not configured/);
  });

  test("a monitor's target is the kind's own request, so it names platforms by the same component", () => {
    const targets = JSON.stringify(schemas.MonitorCreateRequest);
    for (const request of ['BrandDiagnosisRequest', 'ArticleCheckRequest']) expect(targets).toContain(`#/components/schemas/${request}`);
  });

  test('with nothing configured, no id is offered', () => {
    const none = Object.fromEntries(PLATFORMS.map(({ id }) => [id, {}])) as Record<PlatformId, { apiKey?: string }>;
    expect(documentOf(offeredPlatforms(none)).components.schemas.PlatformId).toMatchObject({ not: {} });
  });
});

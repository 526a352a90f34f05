import { READING_OUTPUT } from '../../domain/brand/reader/model-reading';
import { parseConfig, type Config } from '../../domain/shared/config';
import { ASSISTANTS, platformDefinition, type PlatformId, type AssistantId } from '../../domain/shared/platforms';
import type { StructuredOutput } from '../../domain/shared/structured-output';
import { PlatformError, requestAnswer } from '../../infra/platform-client';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';

/**
 * Structured output through each wire protocol, against stand-ins as strict as the vendors: the schema
 * goes where the vendor takes it, and the reply's text is the JSON the vendor returned in that shape.
 */
let vendors: VendorStandIns;
let config: Config;

beforeEach(async () => {
  vendors = await startVendorStandIns();
  config = parseConfig(vendors.env());
});
afterEach(() => vendors.close());

const READING = { answers: [{ answer: 'a1', names: [{ name: 'Asana', role: 'option', rank: 1 }] }] };

const ask = (id: PlatformId, output: StructuredOutput) =>
  requestAnswer(platformDefinition(id), { ...config.platforms[id], webSearch: false }, config.prices, 'List the options of answer a1.', {
    output,
  });

const lastBody = (id: PlatformId) =>
  vendors.requests.filter((request) => request.platform === id && request.method === 'POST').at(-1)!.body as Record<string, unknown>;

/** Where each vendor takes the schema, as its documentation names the field. */
const SCHEMA_AT: Record<AssistantId, (body: Record<string, unknown>) => unknown> = {
  chatgpt: (body) => body.text,
  claude: (body) => body.output_config,
  gemini: (body) => (body.generationConfig as Record<string, unknown>).responseSchema,
  perplexity: (body) => body.response_format,
  deepseek: (body) => body.tool_choice,
};

test.each(ASSISTANTS.map((platform) => platform.id))('%s returns the structured reply as the answer’s text', async (id) => {
  const schemas: unknown[] = [];
  vendors.setBehaviour(id, {
    structured: (_question, schema) => {
      schemas.push(schema);
      return READING;
    },
  });
  const reply = await ask(id, READING_OUTPUT);
  expect(JSON.parse(reply.text)).toEqual(READING);
  expect(schemas).toHaveLength(1);
  expect(SCHEMA_AT[id](lastBody(id))).toBeDefined();
  expect(reply.searched).toBe(false);
});

test('Gemini gets the schema as its Schema object: the Type enum’s names, no additionalProperties', async () => {
  await ask('gemini', READING_OUTPUT);
  const config = lastBody('gemini').generationConfig as Record<string, unknown>;
  expect(config.responseMimeType).toBe('application/json');
  expect(config.responseSchema).toMatchObject({
    type: 'OBJECT',
    required: ['answers'],
    propertyOrdering: ['answers'],
    properties: { answers: { type: 'ARRAY', items: { type: 'OBJECT' } } },
  });
  expect(JSON.stringify(config.responseSchema)).not.toContain('additionalProperties');
  // The roles: a STRING with format "enum", as Gemini's Schema reference writes an enum.
  const names = (config.responseSchema as { properties: { answers: { items: { properties: { names: { items: unknown } } } } } }).properties
    .answers.items.properties.names.items;
  expect(names).toMatchObject({
    properties: { role: { type: 'STRING', format: 'enum', enum: ['option', 'store', 'source', 'component', 'category', 'other'] } },
  });
});

test('Gemini refuses an enum on anything but a STRING, as its API does', async () => {
  // The adapter sends only a STRING's enum: the stand-in is asked directly.
  const response = await fetch(`${config.platforms.gemini.baseUrl}/v1beta/models/${config.platforms.gemini.model}:generateContent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': config.platforms.gemini.apiKey! },
    body: JSON.stringify({
      contents: [{ role: 'user', parts: [{ text: 'rank' }] }],
      generationConfig: {
        responseMimeType: 'application/json',
        responseSchema: { type: 'OBJECT', properties: { rank: { type: 'INTEGER', enum: ['1'] } } },
      },
    }),
  });
  expect(response.status).toBe(400);
  expect(JSON.stringify(await response.json())).toContain('enum is only supported for STRING type');
});

describe('a schema strict mode cannot take is refused, as the vendor refuses it', () => {
  // Objects without additionalProperties: false, as OpenAI's and Claude's strict modes refuse them.
  const loose = {
    ...READING_OUTPUT,
    schema: { type: 'object', properties: { answers: { type: 'array', items: { type: 'string' } } }, required: ['answers'] },
  } as unknown as StructuredOutput;

  test.each(['chatgpt', 'claude'] as const)('%s answers 400', async (id) => {
    const error = await ask(id, loose).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).retryable).toBe(false);
    expect((error as PlatformError).message).toMatch(/additionalProperties/);
  });

  test('Gemini refuses a field its Schema does not have', async () => {
    const response = await fetch(`${config.platforms.gemini.baseUrl}/v1beta/models/${config.platforms.gemini.model}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': config.platforms.gemini.apiKey! },
      body: JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        generationConfig: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', additionalProperties: false } },
      }),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { status: string; message: string } };
    expect(error).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(/Unknown name "additionalProperties"/) });
  });
});

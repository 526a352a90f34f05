import Anthropic from '@anthropic-ai/sdk';
import type { GoogleGenAI as GoogleGenAIClient } from '@google/genai' with { 'resolution-mode': 'import' };
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import OpenAI from 'openai';
import { startVendorStandIns, type StandInPlatform, type VendorStandIns } from '../../dev/vendor-stand-ins';

/**
 * The stand-ins driven by the vendors' own SDKs: the SDKs parse what the stand-ins send, and the
 * stand-ins refuse what the vendors refuse.
 */

let standIns: VendorStandIns;
let env: Record<string, string>;
// @google/genai is an ES module package whose Node types TypeScript will not `require` from this CommonJS file.
let GoogleGenAI: typeof GoogleGenAIClient;
beforeAll(async () => {
  ({ GoogleGenAI } = await import('@google/genai'));
  standIns = await startVendorStandIns();
  env = standIns.env();
});
afterAll(() => standIns.close());

const QUESTION = 'What is acme-widgets.test known for?';
const SOURCES = ['https://acme-widgets.test/pricing', 'https://en.wikipedia.org/wiki/Widget'];
const ANSWER = 'Acme Widgets makes durable steel widgets.';

const openai = (baseURL = env.OPENAI_BASE_URL!, apiKey = env.OPENAI_API_KEY!) => new OpenAI({ baseURL, apiKey, maxRetries: 0 });
const anthropic = (baseURL = env.ANTHROPIC_BASE_URL!, apiKey = env.ANTHROPIC_API_KEY!) => new Anthropic({ baseURL, apiKey, maxRetries: 0 });
const gemini = () => new GoogleGenAI({ apiKey: env.GEMINI_API_KEY!, httpOptions: { baseUrl: env.GEMINI_BASE_URL! } });

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? (JSON.parse(text) as any) : undefined }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

test('env names a base URL and a key per vendor and no model', () => {
  expect(Object.keys(env).sort()).toEqual(
    ['ANTHROPIC', 'DEEPSEEK', 'GEMINI', 'OPENAI', 'PERPLEXITY'].flatMap((prefix) => [`${prefix}_API_KEY`, `${prefix}_BASE_URL`]).sort(),
  );
  expect(standIns.fetchOverrides()).toEqual({ 'vertexaisearch.cloud.google.com': standIns.origin });
  expect(() => standIns.setBehaviour('gemini', { failure: { kind: 'pause_turn' } })).toThrow(/gemini does not signal/);
});

describe('ChatGPT: OpenAI Responses', () => {
  beforeEach(() =>
    standIns.setBehaviour('chatgpt', { answer: ANSWER, citations: SOURCES, searchQueries: ['acme widgets', 'acme-widgets.test reviews'] }),
  );

  test('with web_search: search calls with queries, sources on request, url_citation annotations, usage', async () => {
    const response = await openai().responses.create({
      model: 'gpt-5.4-mini',
      input: QUESTION,
      tools: [{ type: 'web_search' }],
      include: ['web_search_call.action.sources'],
    });
    expect(response.output_text).toBe(ANSWER);
    expect(response.model).toBe('gpt-5.4-mini-2026-03-17');
    const calls = response.output.filter((item) => item.type === 'web_search_call');
    expect(calls.map((call) => call.action.type === 'search' && call.action.queries)).toEqual([
      ['acme widgets'],
      ['acme-widgets.test reviews'],
    ]);
    expect(calls.flatMap((call) => (call.action.type === 'search' ? (call.action.sources ?? []).map((s) => s.url) : []))).toEqual(
      expect.arrayContaining(SOURCES),
    );
    const message = response.output.find((item) => item.type === 'message');
    const text = message?.type === 'message' ? message.content[0] : undefined;
    expect(text?.type === 'output_text' && text.annotations.map((a) => a.type === 'url_citation' && a.url)).toEqual(SOURCES);
    expect(response.usage?.input_tokens).toBeGreaterThan(0);
    expect(response.tool_usage?.web_search.num_requests).toBe(2);
  });

  test('sources only when include asks for them; nothing searched or cited without the tool', async () => {
    const withTool = await openai().responses.create({ model: 'gpt-5.4-mini', input: QUESTION, tools: [{ type: 'web_search' }] });
    const call = withTool.output.find((item) => item.type === 'web_search_call');
    expect(call?.type === 'web_search_call' && call.action.type === 'search' && call.action.sources).toBeUndefined();

    const bare = await openai().responses.create({ model: 'gpt-5.4-mini', input: QUESTION });
    expect(bare.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(JSON.stringify(bare.output)).not.toContain('url_citation');
  });

  test('a shut-down or retired model is 404 model_not_found; unknown parameters and the preview-only Chat field are 400', async () => {
    await expect(openai().responses.create({ model: 'gpt-4o-mini-search-preview', input: QUESTION })).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
    standIns.retireModel('chatgpt', 'gpt-4.1-mini');
    await expect(openai().responses.create({ model: 'gpt-4.1-mini', input: QUESTION })).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
    await expect(
      openai().responses.create({ model: 'gpt-5.4-mini', input: QUESTION, web_search_options: {} } as never),
    ).rejects.toMatchObject({ status: 400, code: 'unknown_parameter' });
    await expect(
      openai().responses.create({ model: 'gpt-5.4-mini', input: QUESTION, tool_choice: 'web_search' } as never),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_value' });
    await expect(
      openai().responses.create({ model: 'gpt-5.4-mini', input: QUESTION, tools: [{ type: 'web_search', max_uses: 2 }] } as never),
    ).rejects.toMatchObject({ status: 400, param: 'tools[0].max_uses' });
    // ToolChoiceTypes in responses.d.ts has web_search_preview but not web_search: force it with "required".
    await expect(
      openai().responses.create({
        model: 'gpt-5.4-mini',
        input: QUESTION,
        tools: [{ type: 'web_search' }],
        tool_choice: { type: 'web_search' },
      } as never),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      openai().chat.completions.create({ model: 'gpt-5.4-mini', messages: [{ role: 'user', content: QUESTION }], web_search_options: {} }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Unknown parameter: 'web_search_options'"),
    });
    const search = await openai().chat.completions.create({
      model: 'gpt-5-search-api',
      messages: [{ role: 'user', content: QUESTION }],
      web_search_options: {},
    });
    expect(search.choices[0]?.message.annotations?.map((a) => a.url_citation.url)).toEqual(SOURCES);
    await expect(openai(env.OPENAI_BASE_URL, 'wrong').responses.create({ model: 'gpt-5.4-mini', input: QUESTION })).rejects.toMatchObject({
      status: 401,
    });
  });

  test('the model list has the default and shutdown dates, not the shut-down models', async () => {
    const ids = new Map<string, string | null | undefined>();
    for await (const model of openai().models.list()) ids.set(model.id, model.shutdown_date);
    expect(ids.get('gpt-5.4-mini')).toBeNull();
    expect(ids.get('gpt-5')).toBe('2026-12-11');
    expect(ids.has('gpt-4o-mini-search-preview')).toBe(false);
  });

  test('429s: rate_limit_exceeded with x-ratelimit-reset-requests, insufficient_quota; then an answer', async () => {
    standIns.setBehaviour('chatgpt', { answer: ANSWER, failure: { kind: 'rate_limit', times: 1, retryAfterSeconds: 3 } });
    const limited = await post(
      `${env.OPENAI_BASE_URL}/responses`,
      { model: 'gpt-5.4-mini', input: QUESTION },
      { authorization: `Bearer ${env.OPENAI_API_KEY}` },
    );
    expect([limited.status, limited.json.error.code, limited.headers.get('x-ratelimit-reset-requests')]).toEqual([
      429,
      'rate_limit_exceeded',
      '3s',
    ]);
    expect((await openai().responses.create({ model: 'gpt-5.4-mini', input: QUESTION })).output_text).toBe(ANSWER);
    standIns.setBehaviour('chatgpt', { failure: { kind: 'quota' } });
    await expect(openai().responses.create({ model: 'gpt-5.4-mini', input: QUESTION })).rejects.toMatchObject({
      status: 429,
      code: 'insufficient_quota',
    });
  });
});

describe('Claude: Anthropic Messages', () => {
  const search = [{ type: 'web_search_20250305' as const, name: 'web_search' as const, max_uses: 2 }];
  beforeEach(() => standIns.setBehaviour('claude', { answer: ANSWER, citations: SOURCES }));

  test('with the search tool: narration, server_tool_use, results, cited text; usage counts searches', async () => {
    const message = await anthropic().messages.create({
      model: 'claude-haiku-5-5',
      max_tokens: 1024,
      messages: [{ role: 'user', content: QUESTION }],
      tools: search,
    });
    expect(message.content.map((block) => block.type)).toEqual(['text', 'server_tool_use', 'web_search_tool_result', 'text', 'text']);
    const [narration, use, results, , cited] = message.content;
    expect(narration?.type === 'text' && narration.text).toMatch(/^I'll search for/);
    expect(use?.type === 'server_tool_use' && use.input).toEqual({ query: QUESTION });
    expect(results?.type === 'web_search_tool_result' && Array.isArray(results.content) && results.content.map((r) => r.url)).toEqual(
      SOURCES,
    );
    expect(cited?.type === 'text' && cited.citations?.map((c) => c.type === 'web_search_result_location' && c.url)).toEqual(SOURCES);
    expect(message.usage.server_tool_use?.web_search_requests).toBe(1);
    expect(message.stop_reason).toBe('end_turn');
  });

  test('max_uses bounds the searches', async () => {
    standIns.setBehaviour('claude', { answer: ANSWER, citations: SOURCES, searchQueries: ['one', 'two', 'three'] });
    const message = await anthropic().messages.create({
      model: 'claude-haiku-5-5',
      max_tokens: 1024,
      messages: [{ role: 'user', content: QUESTION }],
      tools: search,
    });
    expect(message.content.filter((block) => block.type === 'server_tool_use').map((block) => block.input)).toEqual([
      { query: 'one' },
      { query: 'two' },
    ]);
    expect(message.usage.server_tool_use?.web_search_requests).toBe(2);
  });

  test('without the tool: one text block, no citations, no server tool use', async () => {
    const message = await anthropic().messages.create({
      model: 'claude-haiku-5-5',
      max_tokens: 1024,
      messages: [{ role: 'user', content: QUESTION }],
    });
    expect(message.content).toEqual([{ type: 'text', text: ANSWER, citations: null }]);
    expect(message.usage.server_tool_use).toBeNull();
  });

  test('refusals: headers, required fields, extra inputs, a foreign search tool, unknown models', async () => {
    const headers = { 'x-api-key': env.ANTHROPIC_API_KEY!, 'anthropic-version': '2023-06-01' };
    const url = `${env.ANTHROPIC_BASE_URL}/v1/messages`;
    const body = { model: 'claude-haiku-5-5', max_tokens: 64, messages: [{ role: 'user' as const, content: QUESTION }] };
    expect((await post(url, body, { 'x-api-key': env.ANTHROPIC_API_KEY! })).json.error.message).toMatch(/anthropic-version/);
    expect((await post(url, body, { 'anthropic-version': '2023-06-01' })).status).toBe(401);
    expect((await post(url, { ...body, max_tokens: undefined }, headers)).json.error.message).toBe('max_tokens: Field required');
    expect((await post(url, { ...body, temperature: 0 }, headers)).json.error.message).toBe('temperature: Extra inputs are not permitted');
    expect((await post(url, { ...body, max_tokens: 0 }, headers)).json.error.message).toBe(
      'max_tokens: Input should be an integer greater than or equal to 1',
    );
    expect((await post(url, { ...body, messages: [{ role: 'system', content: QUESTION }] }, headers)).json.error.message).toBe(
      "messages.0.role: Input should be 'user' or 'assistant'",
    );
    expect((await post(url, { ...body, tools: [{ type: 'deepseek_web_search', name: 'deepseek_web_search' }] }, headers)).status).toBe(400);
    await expect(anthropic().messages.create({ ...body, model: 'claude-sonnet-9' })).rejects.toMatchObject({
      status: 404,
      error: { error: { type: 'not_found_error' } },
    });
    await expect(anthropic().messages.create({ ...body, model: 'claude-3-5-haiku-20241022' })).rejects.toMatchObject({ status: 404 });
    const dynamic = { ...body, model: 'claude-haiku-4-5', tools: [{ type: 'web_search_20260209', name: 'web_search' }] };
    expect((await post(url, dynamic, headers)).json.error.message).toMatch(/not supported on claude-haiku-4-5/);
    expect((await post(url, { ...dynamic, model: 'claude-sonnet-4-6' }, headers)).status).toBe(200);
    expect(
      (await post(url, { ...body, tools: [{ ...search[0], filters: { allowed_domains: ['a.com'] } }] }, headers)).json.error.message,
    ).toBe('tools.0.web_search_20250305.filters: Extra inputs are not permitted');
    const forced = { ...body, model: 'claude-sonnet-5-5', tools: search, tool_choice: { type: 'tool', name: 'web_search' } };
    expect((await post(url, forced, headers)).status).toBe(400);
  });

  test('the model list shows lifecycle by the clock: claude-sonnet-4-5 deprecated until it retires on 2026-11-30, then retired', async () => {
    const models = new Map<string, Anthropic.ModelInfo>();
    for await (const model of anthropic().models.list({ limit: 5 })) models.set(model.id, model);
    expect(models.get('claude-haiku-5-5')).toMatchObject({ lifecycle: 'active', retires_at: null });
    expect(models.has('claude-3-5-haiku-20241022')).toBe(false);
    const retired = [];
    for await (const model of anthropic().models.list({ lifecycle: ['retired'] })) retired.push(model.id);
    expect(retired).toContain('claude-3-5-haiku-20241022');
    // The vendor's lifecycle follows the calendar, so what this model shows depends on the day the test runs.
    const sonnet45 = 'claude-sonnet-4-5-20250929';
    if (Date.now() < Date.parse('2026-11-30T00:00:00Z')) {
      expect(models.get(sonnet45)).toMatchObject({ lifecycle: 'deprecated', retires_at: '2026-11-30T00:00:00Z' });
    } else {
      expect(models.has(sonnet45)).toBe(false);
      expect(retired).toContain(sonnet45);
      await expect(
        anthropic().messages.create({ model: sonnet45, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }),
      ).rejects.toMatchObject({
        status: 404,
      });
    }
  });

  test('pause_turn: the caller sends the content back and the stand-in finishes the answer', async () => {
    standIns.setBehaviour('claude', { answer: ANSWER, citations: SOURCES, failure: { kind: 'pause_turn', times: 1 } });
    const params = { model: 'claude-haiku-5-5', max_tokens: 1024, tools: search, messages: [{ role: 'user' as const, content: QUESTION }] };
    const paused = await anthropic().messages.create(params);
    expect(paused.stop_reason).toBe('pause_turn');
    expect(paused.content.some((block) => block.type === 'text' && block.citations)).toBe(false);
    const finished = await anthropic().messages.create({
      ...params,
      messages: [...params.messages, { role: 'assistant', content: paused.content }],
    });
    expect(finished.stop_reason).toBe('end_turn');
    expect(
      finished.content.flatMap((block) =>
        block.type === 'text' ? (block.citations ?? []).map((c) => c.type === 'web_search_result_location' && c.url) : [],
      ),
    ).toEqual(SOURCES);
  });

  test('failures: search error inside a 200, 529 overloaded, rate limit with retry-after, spend limit without', async () => {
    standIns.setBehaviour('claude', {
      answer: ANSWER,
      citations: SOURCES,
      failure: { kind: 'search_error', errorCode: 'max_uses_exceeded' },
    });
    const failed = await anthropic().messages.create({
      model: 'claude-haiku-5-5',
      max_tokens: 64,
      tools: search,
      messages: [{ role: 'user', content: QUESTION }],
    });
    expect(failed.content.find((block) => block.type === 'web_search_tool_result')).toMatchObject({
      content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' },
    });
    expect(JSON.stringify(failed.content)).not.toContain('web_search_result_location');

    const headers = { 'x-api-key': env.ANTHROPIC_API_KEY!, 'anthropic-version': '2023-06-01' };
    const body = { model: 'claude-haiku-5-5', max_tokens: 64, messages: [{ role: 'user' as const, content: QUESTION }] };
    standIns.setBehaviour('claude', { failure: { kind: 'overloaded' } });
    expect((await post(`${env.ANTHROPIC_BASE_URL}/v1/messages`, body, headers)).json).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error' },
    });
    standIns.setBehaviour('claude', { failure: { kind: 'rate_limit', retryAfterSeconds: 7 } });
    const limited = await post(`${env.ANTHROPIC_BASE_URL}/v1/messages`, body, headers);
    expect([limited.status, limited.headers.get('retry-after'), limited.headers.get('anthropic-ratelimit-requests-remaining')]).toEqual([
      429,
      '7',
      '0',
    ]);
    standIns.setBehaviour('claude', { failure: { kind: 'quota' } });
    const spent = await post(`${env.ANTHROPIC_BASE_URL}/v1/messages`, body, headers);
    expect([spent.status, spent.headers.get('retry-after'), spent.json.error.details]).toEqual([
      429,
      null,
      { error_code: 'enforced_spend_limit_reached' },
    ]);
    await expect(anthropic().messages.create(body)).rejects.toMatchObject({ status: 429, errorCode: 'enforced_spend_limit_reached' });
  });
});

describe('Gemini: native generateContent', () => {
  beforeEach(() => standIns.setBehaviour('gemini', { answer: ANSWER, citations: SOURCES, searchQueries: ['acme widgets'] }));

  test('with google_search: grounding chunks are redirect links titled by domain; the links resolve by Host', async () => {
    const response = await gemini().models.generateContent({
      model: 'gemini-3.5-flash-lite',
      contents: QUESTION,
      config: { tools: [{ googleSearch: {} }] },
    });
    expect(response.text).toBe(ANSWER);
    const metadata = response.candidates?.[0]?.groundingMetadata;
    expect(metadata?.webSearchQueries).toEqual(['acme widgets']);
    expect(metadata?.groundingChunks?.map((chunk) => chunk.web?.title)).toEqual(['acme-widgets.test', 'en.wikipedia.org']);
    const uri = metadata?.groundingChunks?.[0]?.web?.uri ?? '';
    expect(uri).toMatch(/^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\/[\w-]{20,}$/);
    expect(metadata?.groundingSupports?.[0]?.groundingChunkIndices).toEqual([0, 1]);
    expect(response.usageMetadata?.promptTokenCount).toBeGreaterThan(0);

    const redirect = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
      const { port } = new URL(standIns.origin);
      request(
        { host: '127.0.0.1', port, method: 'HEAD', path: new URL(uri).pathname, headers: { host: 'vertexaisearch.cloud.google.com' } },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode, location: res.headers.location });
        },
      )
        .on('error', reject)
        .end();
    });
    expect(redirect).toEqual({ status: 302, location: SOURCES[0] });
  });

  test('without the tool, or when the model chooses not to search: no grounding', async () => {
    const bare = await gemini().models.generateContent({ model: 'gemini-3.5-flash-lite', contents: QUESTION });
    expect(bare.candidates?.[0]?.groundingMetadata).toBeUndefined();
    standIns.setBehaviour('gemini', { answer: ANSWER, citations: SOURCES, searches: false });
    const declined = await gemini().models.generateContent({
      model: 'gemini-3.5-flash-lite',
      contents: QUESTION,
      config: { tools: [{ googleSearch: {} }] },
    });
    expect(declined.candidates?.[0]?.groundingMetadata).toBeUndefined();
  });

  test('errors as Google status JSON: unknown model 404, missing key 403, 429 RetryInfo in the body and no Retry-After', async () => {
    await expect(gemini().models.generateContent({ model: 'gemini-1.5-flash', contents: QUESTION })).rejects.toMatchObject({ status: 404 });
    const url = `${env.GEMINI_BASE_URL}/v1beta/models/gemini-3.5-flash-lite:generateContent`;
    const body = { contents: [{ role: 'user', parts: [{ text: QUESTION }] }], tools: [{ google_search: {} }] };
    expect((await post(url, body)).json.error.status).toBe('PERMISSION_DENIED');
    expect((await post(`${url}?key=${env.GEMINI_API_KEY}`, body)).status).toBe(200);
    expect((await post(`${url}?key=${env.GEMINI_API_KEY}`, { ...body, generation_config: {}, search: true })).json.error.message).toMatch(
      /Unknown name "search"/,
    );
    standIns.setBehaviour('gemini', { failure: { kind: 'rate_limit', times: 1 } });
    const limited = await post(url, body, { 'x-goog-api-key': env.GEMINI_API_KEY! });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(limited.json.error).toMatchObject({
      status: 'RESOURCE_EXHAUSTED',
      details: expect.arrayContaining([{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '2s' }]),
    });
    expect((await post(url, body, { 'x-goog-api-key': env.GEMINI_API_KEY! })).status).toBe(200);
  });

  test('the model list has the default; the OpenAI-compatible route never grounds and answers errors as an array', async () => {
    const pager = await gemini().models.list();
    const names: string[] = [];
    for await (const model of pager) names.push(model.name ?? '');
    expect(names).toContain('models/gemini-3.5-flash-lite');

    const compat = `${env.GEMINI_BASE_URL}/v1beta/openai/chat/completions`;
    const auth = { authorization: `Bearer ${env.GEMINI_API_KEY}` };
    const refused = await post(
      compat,
      { model: 'gemini-3.5-flash-lite', messages: [{ role: 'user', content: QUESTION }], web_search_options: {} },
      auth,
    );
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual([
      { error: expect.objectContaining({ code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('web_search_options') }) },
    ]);
    const plain = await post(compat, { model: 'gemini-3.5-flash-lite', messages: [{ role: 'user', content: QUESTION }] }, auth);
    expect(plain.json.choices[0].message).toEqual({ role: 'assistant', content: ANSWER });
  });
});

describe('Perplexity: Agent API', () => {
  const agent = (body: unknown) => post(`${env.PERPLEXITY_BASE_URL}/v1/agent`, body, { authorization: `Bearer ${env.PERPLEXITY_API_KEY}` });
  beforeEach(() => standIns.setBehaviour('perplexity', { answer: ANSWER, citations: SOURCES, searchQueries: ['acme widgets'] }));

  test('web_search forced: a search_results item with queries and results, the message, usage.cost', async () => {
    const { status, json } = await agent({
      model: 'perplexity/sonar',
      input: QUESTION,
      tools: [{ type: 'web_search', filters: { search_recency_filter: 'month' } }],
      tool_choice: { type: 'web_search' },
    });
    expect(status).toBe(200);
    expect(json.status).toBe('completed');
    expect(json.output.map((item: { type: string }) => item.type)).toEqual(['search_results', 'message']);
    expect(json.output[0].queries).toEqual(['acme widgets']);
    expect(json.output[0].results.map((result: { url: string }) => result.url)).toEqual(SOURCES);
    expect(json.output[1].content[0]).toMatchObject({ type: 'output_text', text: ANSWER, annotations: [] });
    expect(json.usage.cost).toMatchObject({ currency: 'USD', tool_calls_cost: 0.005 });
    expect(json.usage.cost.total_cost).toBeGreaterThan(0.005);
  });

  test('strict: no search without the tool; leftover Sonar fields and unknown nested fields are 400 "unknown field"', async () => {
    const bare = await agent({ model: 'perplexity/sonar', input: QUESTION });
    expect(bare.json.output.map((item: { type: string }) => item.type)).toEqual(['message']);
    for (const [extra, field] of [
      [{ search_mode: 'web' }, 'search_mode'],
      [{ return_related_questions: true }, 'return_related_questions'],
      [{ tools: [{ type: 'web_search', search_domain_filter: ['a.com'] }] }, 'search_domain_filter'],
      [{ text: { format: { type: 'text' } } }, 'format'],
      [{ input: [{ type: 'message', role: 'user', content: QUESTION, name: 'me' }] }, 'name'],
    ] as const) {
      const refused = await agent({ model: 'perplexity/sonar', input: QUESTION, ...extra });
      expect([refused.status, refused.json.error]).toEqual([
        400,
        { message: `invalid request body: json: unknown field "${field}"`, type: 'invalid_request', code: 400, param: field },
      ]);
    }
    expect((await agent({ model: 'sonar', input: QUESTION })).json.error.type).toBe('invalid_model');
    expect(
      (await agent({ model: 'perplexity/sonar', input: QUESTION, tools: [{ type: 'function', name: 'web_search', parameters: {} }] }))
        .status,
    ).toBe(400);
  });

  test('the same API at /v1/responses through the openai SDK; /v1/models needs no key; Sonar chat refused', async () => {
    const response = await openai(`${env.PERPLEXITY_BASE_URL}/v1`, env.PERPLEXITY_API_KEY).responses.create({
      model: 'perplexity/sonar',
      input: QUESTION,
      tools: [{ type: 'web_search' }],
    });
    expect(response.output_text).toBe(ANSWER);
    expect(response.output.map((item) => item.type)).toEqual(['search_results', 'message']);
    const models = (await (await fetch(`${env.PERPLEXITY_BASE_URL}/v1/models`)).json()) as { data: { id: string }[] };
    expect(models.data.map((model) => model.id)).toContain('perplexity/sonar');
    const sonar = await post(
      `${env.PERPLEXITY_BASE_URL}/chat/completions`,
      { model: 'sonar', messages: [{ role: 'user', content: QUESTION }] },
      { authorization: `Bearer ${env.PERPLEXITY_API_KEY}` },
    );
    expect([sonar.status, sonar.json.error.type]).toEqual([403, 'chat_completions_not_available']);
  });

  test('a model that chooses not to search searches only when forced (Perplexity and OpenAI)', async () => {
    standIns.setBehaviour('perplexity', { answer: ANSWER, citations: SOURCES, searches: false });
    const offered = await agent({ model: 'perplexity/sonar', input: QUESTION, tools: [{ type: 'web_search' }] });
    expect(offered.json.output.map((item: { type: string }) => item.type)).toEqual(['message']);
    expect(offered.json.usage.cost.tool_calls_cost).toBeUndefined();
    const forced = await agent({
      model: 'perplexity/sonar',
      input: QUESTION,
      tools: [{ type: 'web_search' }],
      tool_choice: { type: 'web_search' },
    });
    expect(forced.json.output.map((item: { type: string }) => item.type)).toEqual(['search_results', 'message']);

    standIns.setBehaviour('chatgpt', { answer: ANSWER, citations: SOURCES, searches: false });
    const auto = await openai().responses.create({ model: 'gpt-5.4-mini', input: QUESTION, tools: [{ type: 'web_search' }] });
    expect(auto.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    const required = await openai().responses.create({
      model: 'gpt-5.4-mini',
      input: QUESTION,
      tools: [{ type: 'web_search' }],
      tool_choice: 'required',
    });
    expect(required.output.map((item) => item.type)).toEqual(['reasoning', 'web_search_call', 'message']);
  });

  test('a failed run is HTTP 200 with status "failed"; a rate limit is 429 with X-RateLimit-*', async () => {
    standIns.setBehaviour('perplexity', { failure: { kind: 'failed_run', times: 1 } });
    const failed = await agent({ model: 'perplexity/sonar', input: QUESTION, tools: [{ type: 'web_search' }] });
    expect([failed.status, failed.json.status, typeof failed.json.error.message]).toEqual([200, 'failed', 'string']);
    standIns.setBehaviour('perplexity', { failure: { kind: 'rate_limit' } });
    const limited = await agent({ model: 'perplexity/sonar', input: QUESTION });
    expect([limited.status, limited.json.error.type, limited.headers.get('x-ratelimit-remaining')]).toEqual([
      429,
      'request_rate_limit_exceeded',
      '0',
    ]);
  });
});

describe('DeepSeek: Anthropic-compatible Messages', () => {
  const tools = [{ type: 'deepseek_web_search', name: 'deepseek_web_search' }] as unknown as Anthropic.ToolUnion[];
  const deepseek = () => anthropic(env.DEEPSEEK_BASE_URL, env.DEEPSEEK_API_KEY);
  beforeEach(() => standIns.setBehaviour('deepseek', { answer: ANSWER, citations: SOURCES }));

  test('deepseek_web_search searches and cites; without it nothing is cited', async () => {
    const message = await deepseek().messages.create({
      model: 'deepseek-flash',
      max_tokens: 512,
      tools,
      messages: [{ role: 'user', content: QUESTION }],
    });
    expect(message.content.find((block) => block.type === 'server_tool_use')).toMatchObject({
      name: 'deepseek_web_search',
      input: { query: QUESTION },
    });
    expect(JSON.stringify(message.content)).toContain('web_search_result_location');
    const bare = await deepseek().messages.create({
      model: 'deepseek-flash',
      max_tokens: 512,
      messages: [{ role: 'user', content: QUESTION }],
    });
    expect(bare.content.map((block) => block.type)).toEqual(['text']);
  });

  test('deepseek-chat is refused; blank lines before the JSON still parse; 402 for an empty balance; models at /models', async () => {
    await expect(
      deepseek().messages.create({ model: 'deepseek-chat', max_tokens: 64, messages: [{ role: 'user', content: QUESTION }] }),
    ).rejects.toMatchObject({ status: 400 });
    standIns.setBehaviour('deepseek', { answer: ANSWER, failure: { kind: 'blank_lines', lines: 4 } });
    const padded = await post(
      `${env.DEEPSEEK_BASE_URL}/v1/messages`,
      { model: 'deepseek-flash', max_tokens: 64, messages: [{ role: 'user', content: QUESTION }] },
      { 'x-api-key': env.DEEPSEEK_API_KEY! },
    );
    expect(padded.text.startsWith('\n\n\n\n{')).toBe(true);
    standIns.setBehaviour('deepseek', { answer: ANSWER, failure: { kind: 'blank_lines' } });
    expect(
      (await deepseek().messages.create({ model: 'deepseek-flash', max_tokens: 64, messages: [{ role: 'user', content: QUESTION }] }))
        .content[0],
    ).toMatchObject({ text: ANSWER });
    standIns.setBehaviour('deepseek', { failure: { kind: 'quota' } });
    await expect(
      deepseek().messages.create({ model: 'deepseek-flash', max_tokens: 64, messages: [{ role: 'user', content: QUESTION }] }),
    ).rejects.toMatchObject({ status: 402 });
    const list = await fetch(`${standIns.origin}/deepseek/models`, { headers: { authorization: `Bearer ${env.DEEPSEEK_API_KEY}` } });
    expect(((await list.json()) as { data: { id: string }[] }).data.map((model) => model.id)).toContain('deepseek-flash');
    expect((await fetch(`${env.DEEPSEEK_BASE_URL}/v1/models`, { headers: { 'x-api-key': env.DEEPSEEK_API_KEY! } })).status).toBe(404);
  });
});

test('requests are recorded in order with platform and model; delays count in flight; a caller that leaves is marked', async () => {
  standIns.setBehaviour('claude', { answer: ANSWER, delayMs: 300 });
  const before = standIns.requests.length;
  const body = { model: 'claude-haiku-5-5', max_tokens: 64, messages: [{ role: 'user' as const, content: QUESTION }] };
  await Promise.all([anthropic().messages.create(body), anthropic().messages.create(body)]);
  expect(standIns.peakInFlight.get('claude')).toBe(2);
  expect(standIns.requests.slice(before).map((r) => [r.platform, r.method, r.path, r.model])).toEqual([
    ['claude', 'POST', '/anthropic/v1/messages', 'claude-haiku-5-5'],
    ['claude', 'POST', '/anthropic/v1/messages', 'claude-haiku-5-5'],
  ]);

  const controller = new AbortController();
  const call = anthropic().messages.create(body, { signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  await expect(call).rejects.toThrow();
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(standIns.requests[standIns.requests.length - 1]?.abandoned).toBe(true);
});

describe('the stand-ins answer in the shape of the documented examples (test/fixtures/vendors)', () => {
  /** Every key path of a JSON value, arrays collapsed to `[]`. */
  const paths = (value: unknown, prefix = ''): string[] => {
    if (Array.isArray(value)) return value.flatMap((item) => paths(item, `${prefix}[]`));
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, child]) => [`${prefix}.${key}`, ...paths(child, `${prefix}.${key}`)]);
  };
  const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'vendors', `${name}.json`), 'utf8'));
  const missing = (documented: unknown, served: unknown) => {
    const have = new Set(paths(served));
    return [...new Set(paths(documented))].filter((path) => !have.has(path));
  };

  test('OpenAI Responses (the guide still shows the deprecated action.query where the SDK types action.queries)', async () => {
    standIns.setBehaviour('chatgpt', { answer: ANSWER, citations: SOURCES });
    const served = await post(
      `${env.OPENAI_BASE_URL}/responses`,
      { model: 'gpt-5.4-mini', input: QUESTION, tools: [{ type: 'web_search' }] },
      { authorization: `Bearer ${env.OPENAI_API_KEY}` },
    );
    expect(missing(fixture('openai-responses-web-search'), served.json)).toEqual(['.output[].action.query']);
  });

  test('Claude and DeepSeek Messages', async () => {
    standIns.setBehaviour('claude', { answer: ANSWER, citations: SOURCES });
    standIns.setBehaviour('deepseek', { answer: ANSWER, citations: SOURCES });
    const claude = await anthropic().messages.create({
      model: 'claude-haiku-5-5',
      max_tokens: 256,
      tools: [{ type: 'web_search_20250305', name: 'web_search' }],
      messages: [{ role: 'user', content: QUESTION }],
    });
    expect(missing(fixture('anthropic-messages-web-search'), claude)).toEqual([]);
    const deepseek = await anthropic(env.DEEPSEEK_BASE_URL, env.DEEPSEEK_API_KEY).messages.create({
      model: 'deepseek-flash',
      max_tokens: 256,
      tools: [{ type: 'deepseek_web_search', name: 'deepseek_web_search' }] as unknown as Anthropic.ToolUnion[],
      messages: [{ role: 'user', content: QUESTION }],
    });
    expect(missing(fixture('deepseek-messages-web-search'), deepseek)).toEqual([]);
  });

  test('Gemini generateContent', async () => {
    standIns.setBehaviour('gemini', { answer: ANSWER, citations: SOURCES });
    const served = await post(
      `${env.GEMINI_BASE_URL}/v1beta/models/gemini-3.5-flash-lite:generateContent`,
      { contents: [{ role: 'user', parts: [{ text: QUESTION }] }], tools: [{ google_search: {} }] },
      { 'x-goog-api-key': env.GEMINI_API_KEY! },
    );
    expect(missing(fixture('gemini-generate-content-grounded'), served.json)).toEqual([]);
  });

  test('Perplexity Agent API', async () => {
    standIns.setBehaviour('perplexity', { answer: ANSWER, citations: SOURCES });
    const served = await post(
      `${env.PERPLEXITY_BASE_URL}/v1/agent`,
      { model: 'perplexity/sonar', input: QUESTION, tools: [{ type: 'web_search' }] },
      { authorization: `Bearer ${env.PERPLEXITY_API_KEY}` },
    );
    expect(missing(fixture('perplexity-agent'), served.json)).toEqual([]);
  });
});

describe('the failures every vendor signals, in its own status codes', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ask: Record<StandInPlatform, () => Promise<{ status: number; json: any }>> = {
    chatgpt: () =>
      post(
        `${env.OPENAI_BASE_URL}/responses`,
        { model: 'gpt-5.4-mini', input: QUESTION },
        { authorization: `Bearer ${env.OPENAI_API_KEY}` },
      ),
    claude: () =>
      post(
        `${env.ANTHROPIC_BASE_URL}/v1/messages`,
        { model: 'claude-haiku-5-5', max_tokens: 64, messages: [{ role: 'user', content: QUESTION }] },
        { 'x-api-key': env.ANTHROPIC_API_KEY!, 'anthropic-version': '2023-06-01' },
      ),
    gemini: () =>
      post(
        `${env.GEMINI_BASE_URL}/v1beta/models/gemini-3.5-flash-lite:generateContent`,
        { contents: [{ parts: [{ text: QUESTION }] }] },
        { 'x-goog-api-key': env.GEMINI_API_KEY! },
      ),
    perplexity: () =>
      post(
        `${env.PERPLEXITY_BASE_URL}/v1/agent`,
        { model: 'perplexity/sonar', input: QUESTION },
        { authorization: `Bearer ${env.PERPLEXITY_API_KEY}` },
      ),
    deepseek: () =>
      post(
        `${env.DEEPSEEK_BASE_URL}/v1/messages`,
        { model: 'deepseek-flash', max_tokens: 64, messages: [{ role: 'user', content: QUESTION }] },
        { 'x-api-key': env.DEEPSEEK_API_KEY! },
      ),
  };
  const expected: Record<StandInPlatform, Record<'rate_limit' | 'overloaded' | 'server_error' | 'unauthorized' | 'bad_request', number>> = {
    chatgpt: { rate_limit: 429, overloaded: 503, server_error: 500, unauthorized: 401, bad_request: 400 },
    claude: { rate_limit: 429, overloaded: 529, server_error: 500, unauthorized: 401, bad_request: 400 },
    gemini: { rate_limit: 429, overloaded: 503, server_error: 500, unauthorized: 400, bad_request: 400 },
    perplexity: { rate_limit: 429, overloaded: 503, server_error: 500, unauthorized: 401, bad_request: 400 },
    deepseek: { rate_limit: 429, overloaded: 503, server_error: 500, unauthorized: 401, bad_request: 400 },
  };

  test.each(Object.keys(expected) as StandInPlatform[])('%s: each failure twice, then the answer', async (platform) => {
    for (const [kind, status] of Object.entries(expected[platform])) {
      standIns.setBehaviour(platform, { answer: ANSWER, failure: { kind: kind as keyof (typeof expected)['chatgpt'], times: 2 } });
      expect([(await ask[platform]()).status, (await ask[platform]()).status, (await ask[platform]()).status]).toEqual([
        status,
        status,
        200,
      ]);
    }
  });
});

import { parseConfig, type Config } from '../../domain/shared/config';
import { platformDefinition, type PlatformId } from '../../domain/shared/platforms';
import type { Market } from '../../domain/shared/market';
import { PlatformError, requestAnswer } from '../../infra/platform-client';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';

/**
 * A market applied as each vendor documents it (docs/markets.md#how-each-platform-takes-a-market),
 * asserted on what the stand-ins received: OpenAI, Claude and Perplexity in their search tool's
 * `user_location`, Gemini and DeepSeek in one sentence of the question, in its language.
 */

let vendors: VendorStandIns;
let config: Config;

beforeAll(async () => {
  vendors = await startVendorStandIns();
  config = parseConfig(vendors.env());
});
afterAll(() => vendors.close());

const MUNICH: Market = { country: 'DE', language: 'de', city: 'München' };
const TOKYO: Market = { country: 'JP', language: 'ja' };

const ask = (id: PlatformId, question: string, market?: Market) =>
  requestAnswer(platformDefinition(id), config.platforms[id], config.prices, question, market ? { market } : {});
const lastBody = (id: PlatformId) =>
  vendors.requests.filter((request) => request.platform === id && request.method === 'POST').at(-1)!.body as Record<string, unknown>;
const searchTool = (body: Record<string, unknown>) =>
  (body.tools as Record<string, unknown>[]).find((tool) => String(tool.type).includes('web_search'))!;

describe('the vendors with a location parameter take it in their web search tool', () => {
  test('ChatGPT: user_location {type: "approximate", country, city}, recorded as a parameter', async () => {
    const answer = await ask('chatgpt', 'Was sind die besten Staubsauger?', MUNICH);
    expect(searchTool(lastBody('chatgpt')).user_location).toEqual({ type: 'approximate', country: 'DE', city: 'München' });
    expect(lastBody('chatgpt').input).toBe('Was sind die besten Staubsauger?');
    expect(answer.market).toEqual({ ...MUNICH, appliedAs: 'parameter' });
  });

  test('Claude: the web search tool’s user_location {type: "approximate", country}', async () => {
    const answer = await ask('claude', '一番いい掃除機は？', TOKYO);
    expect(searchTool(lastBody('claude'))).toMatchObject({
      type: 'web_search_20250305',
      user_location: { type: 'approximate', country: 'JP' },
    });
    expect(answer.market?.appliedAs).toBe('parameter');
  });

  test('Perplexity: user_location {country, city} without a type, which its Agent API refuses', async () => {
    const answer = await ask('perplexity', 'Was sind die besten Staubsauger?', MUNICH);
    expect(searchTool(lastBody('perplexity')).user_location).toEqual({ country: 'DE', city: 'München' });
    expect(answer.market?.appliedAs).toBe('parameter');
  });

  test('without a market no location is sent, and none is recorded', async () => {
    const answer = await ask('chatgpt', 'What are the best vacuum cleaners?');
    expect(searchTool(lastBody('chatgpt'))).not.toHaveProperty('user_location');
    expect(answer.market).toBeUndefined();
  });
});

describe('Gemini and DeepSeek take no location: one sentence in the question’s language says where', () => {
  test('Gemini: the German sentence, with the city and the country in German, before the question', async () => {
    const answer = await ask('gemini', 'Was sind die besten Staubsauger?', MUNICH);
    const contents = lastBody('gemini').contents as { parts: { text: string }[] }[];
    expect(contents[0]!.parts[0]!.text).toBe('Mein Standort: München, Deutschland. Was sind die besten Staubsauger?');
    expect(JSON.stringify(lastBody('gemini').tools)).not.toContain('location');
    expect(answer.market).toEqual({ ...MUNICH, appliedAs: 'prompt' });
  });

  test('DeepSeek: the Japanese sentence before the question', async () => {
    const answer = await ask('deepseek', '一番いい掃除機は？', TOKYO);
    const messages = lastBody('deepseek').messages as { content: string }[];
    expect(messages[0]!.content).toBe('私がいる場所：日本。一番いい掃除機は？');
    expect(answer.market?.appliedAs).toBe('prompt');
  });
});

describe('the stand-ins refuse a user_location shape their vendor refuses', () => {
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${vendors.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const env = () => vendors.env();

  test.each([
    ['no type', { country: 'DE' }, /user_location\.type/],
    ['a country name', { type: 'approximate', country: 'Germany' }, /user_location\.country/],
    ['a made-up time zone', { type: 'approximate', timezone: 'Europe/Munich' }, /user_location\.timezone/],
  ])('OpenAI: %s', async (_, location, message) => {
    const response = await post(
      '/openai/v1/responses',
      { model: 'gpt-5.4-mini', input: 'hi', tools: [{ type: 'web_search', user_location: location }] },
      { authorization: `Bearer ${env().OPENAI_API_KEY!}` },
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(message);
  });

  test.each([
    ['no type', { country: 'JP' }, /user_location\.type/],
    ['a lower-case country', { type: 'approximate', country: 'jp' }, /user_location\.country/],
  ])('Anthropic: %s', async (_, location, message) => {
    const response = await post(
      '/anthropic/v1/messages',
      {
        model: 'claude-haiku-5-5',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ type: 'web_search_20250305', name: 'web_search', user_location: location }],
      },
      { 'x-api-key': env().ANTHROPIC_API_KEY!, 'anthropic-version': '2023-06-01' },
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(message);
  });

  test.each([
    ['OpenAI’s type', { type: 'approximate', country: 'DE' }, /unknown field \\"type\\"/],
    ['coordinates without a country', { latitude: 48.1, longitude: 11.6 }, /user_location\.country/],
  ])('Perplexity: %s', async (_, location, message) => {
    const response = await post(
      '/perplexity/v1/agent',
      { model: 'perplexity/sonar', input: 'hi', tools: [{ type: 'web_search', user_location: location }] },
      { authorization: `Bearer ${env().PERPLEXITY_API_KEY!}` },
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(message);
  });

  test('a refused location reaches the platform client as a failure that names it', async () => {
    const error = await requestAnswer(platformDefinition('chatgpt'), config.platforms.chatgpt, config.prices, 'hi', {
      market: { country: 'de', language: 'de' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).message).toMatch(/user_location\.country/);
  });
});

import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';

/**
 * The SERP-API providers' stand-ins as strict as their documentation (references/consumer-surfaces.md
 * §7): they refuse what SerpApi and DataForSEO refuse and signal outcomes the way each does.
 */

let standIns: VendorStandIns;
let env: Record<string, string>;
beforeAll(async () => {
  standIns = await startVendorStandIns();
  env = standIns.surfaceEnv();
});
afterAll(() => standIns.close());

const QUESTION = 'best project management software for agencies';

async function serpApi(parameters: Record<string, string>) {
  const url = new URL(`${env.SERPAPI_BASE_URL!}/search.json`);
  for (const [name, value] of Object.entries({ api_key: env.SERPAPI_API_KEY!, ...parameters })) url.searchParams.set(name, value);
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function dataForSeo(path: string, body: unknown, auth = `${env.DATAFORSEO_LOGIN!}:${env.DATAFORSEO_PASSWORD!}`) {
  const response = await fetch(`${env.DATAFORSEO_BASE_URL!}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(auth).toString('base64')}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const AI_MODE = '/v3/serp/google/ai_mode/live/advanced';
const ORGANIC = '/v3/serp/google/organic/live/advanced';

describe('SerpApi', () => {
  test('refuses a wrong key, a missing q, and location with uule, each with its documented error', async () => {
    expect(await serpApi({ engine: 'google_ai_mode', q: QUESTION, api_key: 'wrong' })).toEqual({
      status: 401,
      body: { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' },
    });
    expect(await serpApi({ engine: 'google_ai_mode' })).toEqual({ status: 400, body: { error: 'Missing query `q` parameter.' } });
    const both = await serpApi({ engine: 'google_ai_mode', q: QUESTION, location: 'Austin,Texas,United States', uule: 'w+CAIQICIN' });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatch(/location.*uule/);
  });

  test('AI Mode answers in text blocks: headings, nested lists, tables with their header row and formatted rows, code with only a snippet', async () => {
    standIns.setSurfaceBehaviour('google-ai-mode', {
      answer:
        '## Top picks\n\n- **Asana**: for teams\n  - boards\n- **Trello**\n\n| Tool | Price |\n| --- | --- |\n| Asana | $10 |\n\n```\nnpm i\n```',
      citations: ['https://asana.example/', 'https://trello.example/'],
    });
    const { status, body } = await serpApi({ engine: 'google_ai_mode', q: `${QUESTION} blocks`, no_cache: 'true' });
    expect(status).toBe(200);
    expect(body.search_metadata).toMatchObject({ status: 'Success', json_endpoint: expect.any(String) });
    expect(body.text_blocks).toEqual([
      { type: 'heading', snippet: 'Top picks' },
      {
        type: 'list',
        list: [
          { title: 'Asana', snippet: 'for teams', reference_indexes: [0], list: [{ snippet: 'boards', reference_indexes: [1] }] },
          { title: 'Trello', snippet: '', reference_indexes: [0] },
        ],
      },
      {
        type: 'table',
        table: [
          ['Tool', 'Price'],
          ['Asana', '$10'],
        ],
        formatted: [{ Tool: 'Asana', Price: '$10' }],
      },
      { type: 'code_block', snippet: 'npm i' },
    ]);
    expect(body.references.map((reference: { index: number; link: string }) => [reference.index, reference.link])).toEqual([
      [0, 'https://asana.example/'],
      [1, 'https://trello.example/'],
    ]);
  });

  test('no answer is HTTP 200 with a top-level error; a search is cached for an hour (free) unless no_cache=true', async () => {
    standIns.setSurfaceBehaviour('google-ai-mode', { answer: '' });
    expect(await serpApi({ engine: 'google_ai_mode', q: 'nothing at all' })).toMatchObject({
      status: 200,
      body: { search_metadata: { status: 'Success' }, error: "Google hasn't returned any results for this query." },
    });
    standIns.setSurfaceBehaviour('google-ai-mode', { answer: 'An answer.' });
    const first = await serpApi({ engine: 'google_ai_mode', q: 'cached question' });
    const billed = standIns.serpApi.billed;
    const again = await serpApi({ engine: 'google_ai_mode', q: 'cached question' });
    expect(again.body.search_metadata.id).toBe(first.body.search_metadata.id);
    expect(standIns.serpApi.billed).toBe(billed);
    await serpApi({ engine: 'google_ai_mode', q: 'cached question', no_cache: 'true' });
    expect(standIns.serpApi.billed).toBe(billed + 1);
  });

  test('AI Overviews: inline, deferred behind a page_token that expires, or absent', async () => {
    standIns.setSurfaceBehaviour('google-ai-overviews', { answer: 'Asana is popular.', overview: 'inline' });
    expect((await serpApi({ engine: 'google', q: 'inline one' })).body.ai_overview.text_blocks).toEqual([
      { type: 'paragraph', snippet: 'Asana is popular.', reference_indexes: [] },
    ]);

    standIns.setSurfaceBehaviour('google-ai-overviews', { answer: 'Asana is popular.', overview: 'deferred' });
    const deferred = (await serpApi({ engine: 'google', q: 'deferred one' })).body.ai_overview;
    expect(Object.keys(deferred).sort()).toEqual(['page_token', 'serpapi_link']);
    const redeemed = await serpApi({ engine: 'google_ai_overview', page_token: deferred.page_token });
    expect(redeemed.body.ai_overview.text_blocks[0].snippet).toBe('Asana is popular.');

    standIns.serpApi.tokenTtlMs = 0;
    const stale = (await serpApi({ engine: 'google', q: 'stale one' })).body.ai_overview;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await serpApi({ engine: 'google_ai_overview', page_token: stale.page_token })).status).toBe(400);
    standIns.serpApi.tokenTtlMs = 60_000;

    standIns.setSurfaceBehaviour('google-ai-overviews', { answer: 'Asana is popular.', overview: 'absent' });
    const absent = await serpApi({ engine: 'google', q: 'absent one' });
    expect(absent.status).toBe(200);
    expect(absent.body).not.toHaveProperty('ai_overview');
  });

  test('out of searches and over the hourly throughput are both 429, told apart by their error', async () => {
    standIns.setProviderFailure('serpapi', { kind: 'out_of_searches', times: 1 });
    expect(await serpApi({ engine: 'google_ai_mode', q: 'quota' })).toEqual({
      status: 429,
      body: { error: 'Your account has run out of searches.' },
    });
    standIns.setProviderFailure('serpapi', { kind: 'hourly_limit', times: 1 });
    const hourly = await serpApi({ engine: 'google_ai_mode', q: 'hourly' });
    expect(hourly.status).toBe(429);
    expect(hourly.body.error).toMatch(/hourly/);
    standIns.setProviderFailure('serpapi', undefined);
  });
});

describe('DataForSEO', () => {
  const TASK = { keyword: QUESTION, location_code: 2840, language_code: 'en' };

  test('a refused login is HTTP 401; a Live endpoint takes one task; a task without a location is refused in a 200', async () => {
    expect((await dataForSeo(AI_MODE, [TASK], 'someone:wrong')).status).toBe(401);
    expect(await dataForSeo(AI_MODE, [TASK, TASK])).toMatchObject({ status: 200, body: { status_code: 40000 } });
    const missing = await dataForSeo(AI_MODE, [{ keyword: QUESTION, language_code: 'en' }]);
    expect(missing).toMatchObject({ status: 200, body: { status_code: 20000, tasks: [{ status_code: 40501, result: null }] } });
    expect((await dataForSeo(AI_MODE, [{ ...TASK, gl: 'us' }])).body.tasks[0].status_code).toBe(40501);
  });

  test('HTTP 200 whatever the outcome: 40101 and 40102 carry result null; no balance is HTTP 402', async () => {
    standIns.setProviderFailure('dataforseo', { kind: 'server_error', times: 1 });
    expect(await dataForSeo(AI_MODE, [TASK])).toMatchObject({
      status: 200,
      body: { tasks: [{ status_code: 40101, status_message: 'Internal SE Server Error.', result: null }] },
    });
    standIns.setSurfaceBehaviour('google-ai-mode', { answer: '' });
    expect(await dataForSeo(AI_MODE, [TASK])).toMatchObject({
      status: 200,
      body: { tasks: [{ status_code: 40102, status_message: 'No Search Results.', result: null }] },
    });
    standIns.setProviderFailure('dataforseo', { kind: 'no_balance', times: 1 });
    expect((await dataForSeo(AI_MODE, [TASK])).status).toBe(402);
  });

  test('a deferred AI Overview is empty unless the task asks to load it', async () => {
    standIns.setSurfaceBehaviour('google-ai-overviews', {
      answer: 'Asana leads.\n\n| Tool | Price |\n| --- | --- |\n| Asana | $10 |',
      overview: 'deferred',
      citations: ['https://asana.example/'],
    });
    const without = (await dataForSeo(ORGANIC, [TASK])).body.tasks[0].result[0].items[0];
    expect(without).toMatchObject({ type: 'ai_overview', asynchronous_ai_overview: true, items: null });
    const loaded = (await dataForSeo(ORGANIC, [{ ...TASK, load_async_ai_overview: true }])).body.tasks[0].result[0].items[0];
    expect(loaded.items.map((item: { type: string }) => item.type)).toEqual(['ai_overview_element', 'ai_overview_table_element']);
    expect(loaded.items[1].table).toEqual({ table_header: ['Tool', 'Price'], table_content: [['Asana', '$10']] });
    expect(loaded.references[0]).toMatchObject({ url: 'https://asana.example/', domain: 'asana.example' });
  });
});

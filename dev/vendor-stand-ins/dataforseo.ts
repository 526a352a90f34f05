import type { SurfaceId } from '../../domain/shared/surface-ids';
import { domainOf, isObject, randomId, sendJson, titleOf, type Exchange } from './exchange';
import { dataForSeoElements } from './surface-blocks';
import { chatGptProductsItem, dataForSeoShoppingElement } from './surface-products';
import { pick, type SurfaceContext } from './surface-types';
import { DEMAND_PATHS, demandHandler } from './dataforseo-demand';

/**
 * DataForSEO's Live endpoints, as its documentation and TypeScript client describe them
 * (references/consumer-surfaces.md §3, §7): Basic authentication; a POST whose body is an array of
 * tasks, of which a Live endpoint takes one; HTTP 200 except 401, 402, 404 and 500, the outcome in
 * each task's `status_code` (20000 ok, 40101 its search engine failed, 40102 no results; both with
 * `result: null`). The organic SERP loads an asynchronous AI Overview only with `load_async_ai_overview`.
 */
const ENDPOINTS: Record<string, { surface: SurfaceId; keywordMax: number; cost: number }> = {
  '/v3/serp/google/ai_mode/live/advanced': { surface: 'google-ai-mode', keywordMax: 700, cost: 0.004 },
  '/v3/serp/google/organic/live/advanced': { surface: 'google-ai-overviews', keywordMax: 700, cost: 0.002 },
  '/v3/ai_optimization/chat_gpt/llm_scraper/live/advanced': { surface: 'chatgpt-app', keywordMax: 2000, cost: 0.0012 },
};
const TASK_FIELDS = new Set([
  'keyword',
  'location_code',
  'location_name',
  'location_coordinate',
  'language_code',
  'language_name',
  'device',
  'os',
  'tag',
  'calculate_rectangles',
  'load_async_ai_overview',
  'force_web_search',
  'depth',
]);

export function dataForSeoHandler(login: string, password: string, surfaces: SurfaceContext) {
  const expected = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  const demand: Record<string, ReturnType<typeof demandHandler>> = {
    [DEMAND_PATHS.ai]: demandHandler('ai', surfaces.demand, envelope, taskOf),
    [DEMAND_PATHS.google]: demandHandler('google', surfaces.demand, envelope, taskOf),
  };
  return function handle(x: Exchange): void {
    if (x.req.headers.authorization !== expected) return envelope(x, 401, 40100, 'You are not authorized to access this resource.', []);
    const demanded = x.method === 'POST' ? demand[x.path] : undefined;
    if (demanded) {
      const failure = surfaces.takeFailure('dataforseo');
      if (failure?.kind === 'unauthorized') return envelope(x, 401, 40100, 'You are not authorized to access this resource.', []);
      if (failure?.kind === 'no_balance') return envelope(x, 402, 40200, 'Payment Required.', []);
      return demanded(x, failure);
    }
    const endpoint = ENDPOINTS[x.path];
    if (!endpoint || x.method !== 'POST') return envelope(x, 404, 40400, 'Not Found.', []);
    if (!Array.isArray(x.json)) return envelope(x, 200, 40000, 'Invalid JSON: the body must be an array of tasks.', []);
    if (x.json.length > 100) return envelope(x, 200, 40006, 'You can set only 100 tasks per POST request.', []);
    if (x.json.length !== 1) return envelope(x, 200, 40000, 'You can set only one task at a time.', []);
    const task: unknown = x.json[0];
    const failure = surfaces.takeFailure('dataforseo');
    if (failure?.kind === 'unauthorized') return envelope(x, 401, 40100, 'You are not authorized to access this resource.', []);
    if (failure?.kind === 'no_balance') return envelope(x, 402, 40200, 'Payment Required.', []);
    const refused = refusal(task, endpoint.keywordMax);
    if (refused) return envelope(x, 200, 20000, 'Ok.', [taskOf(task, 40501, refused, null, 0)]);
    const fields = task as Record<string, unknown>;
    if (failure?.kind === 'server_error')
      return envelope(x, 200, 20000, 'Ok.', [taskOf(fields, 40101, 'Internal SE Server Error.', null, endpoint.cost)]);
    const question = String(fields.keyword);
    const result = resultOf(endpoint.surface, question, fields);
    if (!result) return envelope(x, 200, 20000, 'Ok.', [taskOf(fields, 40102, 'No Search Results.', null, endpoint.cost)]);
    envelope(x, 200, 20000, 'Ok.', [taskOf(fields, 20000, 'Ok.', [result], endpoint.cost)]);
  };

  function resultOf(surface: SurfaceId, question: string, task: Record<string, unknown>): Record<string, unknown> | undefined {
    const behaviour = surfaces.behaviour(surface);
    const text = pick(behaviour.answer, question, `Here is what people read about ${question}.`);
    const urls = pick(behaviour.citations, question, []);
    const references = urls.map((url) => ({ url, title: titleOf(url), domain: domainOf(url) }));
    const products = pick(behaviour.products, question, []);
    const common = {
      keyword: question,
      location_code: task.location_code ?? null,
      language_code: task.language_code ?? null,
      datetime: new Date().toISOString(),
    };
    if (surface === 'chatgpt-app') {
      if (!text.trim()) return undefined;
      const retrieved = [...urls, ...(behaviour.searchResults ?? [])];
      return {
        ...common,
        model: 'gpt-5',
        markdown: text,
        sources: references.map((reference, index) => ({ type: 'chat_gpt_source', ...reference, position: index + 1 })),
        search_results: retrieved.map((url, index) => ({
          type: 'chat_gpt_search_result',
          url,
          title: titleOf(url),
          domain: domainOf(url),
          position: index + 1,
        })),
        fan_out_queries: behaviour.fanOutQueries ?? [question],
        brand_entities: [],
        items: [
          { type: 'chat_gpt_text', rank_group: 1, rank_absolute: 1, markdown: text },
          ...(products.length > 0 ? [chatGptProductsItem(products, question, 2)] : []),
        ],
      };
    }
    const organic = { type: 'organic', rank_absolute: 2, url: 'https://example.com/', title: `Results for ${question}` };
    const overview = (items: unknown) => ({
      type: 'ai_overview',
      rank_absolute: 1,
      markdown: text,
      items,
      references: references.map((reference) => ({ type: 'ai_overview_reference', source: reference.domain, text: null, ...reference })),
    });
    if (surface === 'google-ai-mode')
      return text.trim()
        ? {
            ...common,
            check_url: 'https://www.google.com/search?udm=50',
            item_types: ['ai_overview'],
            items: [
              overview([...dataForSeoElements(text, references), ...(products.length > 0 ? [dataForSeoShoppingElement(products)] : [])]),
            ],
          }
        : undefined;
    const mode = pick(behaviour.overview, question, 'inline');
    if (mode === 'absent' || !text.trim()) return { ...common, item_types: ['organic'], items: [organic] };
    // A deferred overview is one Google loads after the page: empty unless the task asked to load it.
    if (mode === 'deferred' && task.load_async_ai_overview !== true)
      return {
        ...common,
        item_types: ['ai_overview', 'organic'],
        items: [
          { type: 'ai_overview', rank_absolute: 1, asynchronous_ai_overview: true, markdown: null, items: null, references: null },
          organic,
        ],
      };
    return { ...common, item_types: ['ai_overview', 'organic'], items: [overview(dataForSeoElements(text, references)), organic] };
  }
}

/** Why DataForSEO would refuse a task, or undefined: fields it does not know, a missing keyword, location or language. */
function refusal(task: unknown, keywordMax: number): string | undefined {
  if (!isObject(task)) return 'Invalid Field: task must be an object.';
  const unknown = Object.keys(task).find((name) => !TASK_FIELDS.has(name));
  if (unknown) return `Invalid Field: '${unknown}'.`;
  if (typeof task.keyword !== 'string' || task.keyword.trim() === '') return "Invalid Field: 'keyword'.";
  if (task.keyword.length > keywordMax) return `Invalid Field: 'keyword' is longer than ${keywordMax} characters.`;
  if (task.location_code === undefined && task.location_name === undefined && task.location_coordinate === undefined)
    return "Invalid Field: 'location_code'.";
  if (task.location_code !== undefined && typeof task.location_code !== 'number') return "Invalid Field: 'location_code' must be a number.";
  if (task.language_code === undefined && task.language_name === undefined) return "Invalid Field: 'language_code'.";
  return undefined;
}

function taskOf(task: unknown, code: number, message: string, result: unknown[] | null, cost: number): Record<string, unknown> {
  return {
    id: randomId(16),
    status_code: code,
    status_message: message,
    time: '1.2 sec.',
    cost: code === 20000 || code === 40101 ? cost : 0,
    result_count: result?.length ?? 0,
    path: [],
    data: task,
    result,
  };
}

function envelope(x: Exchange, http: number, code: number, message: string, tasks: Record<string, unknown>[]): void {
  const cost = tasks.reduce((sum, task) => sum + (task.cost as number), 0);
  sendJson(x.res, http, {
    version: '0.1.20261127',
    status_code: code,
    status_message: message,
    time: '1.3 sec.',
    cost,
    tasks_count: tasks.length,
    tasks_error: tasks.filter((task) => task.status_code !== 20000).length,
    tasks,
  });
}

import { isObject, type Exchange } from './exchange';
import type { SurfaceFailure } from './surface-types';
import type { DemandBehaviour } from './demand-types';

/**
 * DataForSEO's two demand endpoints, as its documentation and TypeScript client describe them
 * (references/products-demand-agents.md §2; docs.dataforseo.com `ai_optimization/ai_keyword_data/
 * keywords_search_volume/live` and `keywords_data/google_ads/search_volume/live`):
 * - AI search volume: `keywords[]` required (at most 1,000, each at most 250 characters), a location
 *   (`location_code` or `location_name`) and a language (`language_code` or `language_name`) required;
 *   `result[0]` is `{location_code, language_code, items_count, items[]{keyword, ai_search_volume,
 *   ai_monthly_searches[]}}`, with keywords lowercased. Its "no data" form is undocumented: the stand-in
 *   leaves the keyword out, or gives null, or 0, as the test chooses.
 * - Google Ads search volume: `keywords[]` (at most 1,000, each at most 80 characters and 10 words),
 *   location and language optional; `result[]` is one object per keyword (`search_volume`,
 *   `monthly_searches`, `cpc`, `competition`), null where there is no data.
 * A task with a keyword the endpoint refuses is refused whole (40501), as DataForSEO does.
 */

export const DEMAND_PATHS = {
  ai: '/v3/ai_optimization/ai_keyword_data/keywords_search_volume/live',
  google: '/v3/keywords_data/google_ads/search_volume/live',
} as const;

const FIELDS = {
  ai: new Set(['keywords', 'location_code', 'location_name', 'language_code', 'language_name', 'tag']),
  google: new Set([
    'keywords',
    'location_code',
    'location_name',
    'location_coordinate',
    'language_code',
    'language_name',
    'search_partners',
    'date_from',
    'date_to',
    'include_adult_keywords',
    'sort_by',
    'tag',
  ]),
};
/** What each task costs: $0.0001 a keyword for AI volume (the reference's figure), $0.075 a live Google Ads task. */
const COST = { ai: (keywords: number) => 0.0001 * keywords, google: () => 0.075 };

type Envelope = (x: Exchange, http: number, code: number, message: string, tasks: Record<string, unknown>[]) => void;
type TaskOf = (task: unknown, code: number, message: string, result: unknown[] | null, cost: number) => Record<string, unknown>;

export function demandHandler(endpoint: keyof typeof DEMAND_PATHS, behaviour: () => DemandBehaviour, envelope: Envelope, taskOf: TaskOf) {
  return function handle(x: Exchange, failure: SurfaceFailure | undefined): void {
    if (!Array.isArray(x.json)) return envelope(x, 200, 40000, 'Invalid JSON: the body must be an array of tasks.', []);
    if (x.json.length !== 1) return envelope(x, 200, 40000, 'You can set only one task at a time.', []);
    const task: unknown = x.json[0];
    const refused = refusal(endpoint, task);
    if (refused) return envelope(x, 200, 20000, 'Ok.', [taskOf(task, 40501, refused, null, 0)]);
    const fields = task as Record<string, unknown> & { keywords: string[] };
    if (failure?.kind === 'server_error') return envelope(x, 200, 20000, 'Ok.', [taskOf(fields, 50000, 'Internal Error.', null, 0)]);
    const { ai, google, month = { year: 2026, month: 10 } } = behaviour();
    const cost = COST[endpoint](fields.keywords.length);
    const place = { location_code: fields.location_code ?? null, language_code: fields.language_code ?? null };
    if (endpoint === 'ai') {
      const items = fields.keywords.flatMap((raw) => {
        const keyword = raw.toLowerCase();
        const volume = ai?.(keyword, fields);
        if (volume === undefined) return [];
        const monthly = volume === null ? null : [{ year: month.year, month: month.month, ai_search_volume: volume }];
        return [{ keyword, ai_search_volume: volume, ai_monthly_searches: monthly }];
      });
      return envelope(x, 200, 20000, 'Ok.', [taskOf(fields, 20000, 'Ok.', [{ ...place, items_count: items.length, items }], cost)]);
    }
    const result = fields.keywords.map((keyword) => {
      const volume = google?.(keyword, fields) ?? null;
      return {
        keyword,
        spell: null,
        ...place,
        search_partners: false,
        competition: volume === null ? null : 'LOW',
        competition_index: volume === null ? null : 12,
        search_volume: volume,
        low_top_of_page_bid: null,
        high_top_of_page_bid: null,
        cpc: volume === null ? null : 1.25,
        monthly_searches: volume === null ? null : [{ year: month.year, month: month.month, search_volume: volume }],
      };
    });
    return envelope(x, 200, 20000, 'Ok.', [taskOf(fields, 20000, 'Ok.', result, cost)]);
  };
}

function refusal(endpoint: keyof typeof DEMAND_PATHS, task: unknown): string | undefined {
  if (!isObject(task)) return 'Invalid Field: task must be an object.';
  const unknown = Object.keys(task).find((name) => !FIELDS[endpoint].has(name));
  if (unknown) return `Invalid Field: '${unknown}'.`;
  const { keywords } = task;
  if (!Array.isArray(keywords) || keywords.length === 0 || keywords.some((keyword) => typeof keyword !== 'string' || keyword.trim() === ''))
    return "Invalid Field: 'keywords'.";
  if (keywords.length > 1000) return "Invalid Field: 'keywords'. The maximum number of keywords is 1000.";
  const words = (keyword: string) => keyword.trim().split(/\s+/u).length;
  if (endpoint === 'google') {
    const bad = (keywords as string[]).find((keyword) => keyword.length > 80 || words(keyword) > 10);
    if (bad) return `Invalid Field: 'keywords'. Keyword '${bad}' is longer than 80 characters or 10 words.`;
  } else {
    const bad = (keywords as string[]).find((keyword) => keyword.length > 250);
    if (bad) return `Invalid Field: 'keywords'. Keyword '${bad}' is longer than 250 characters.`;
    if (task.location_code === undefined && task.location_name === undefined) return "Invalid Field: 'location_code'.";
    if (task.language_code === undefined && task.language_name === undefined) return "Invalid Field: 'language_code'.";
  }
  if (task.location_code !== undefined && typeof task.location_code !== 'number') return "Invalid Field: 'location_code' must be a number.";
  return undefined;
}

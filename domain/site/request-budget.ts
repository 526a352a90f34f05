import { CRAWLERS } from '../shared/crawlers';

/**
 * Requests a check may make to the checked site, per stage (each redirect hop counts as one), derived
 * from what each stage fetches: one more crawler in crawlers.json, agent file or sitemap document
 * raises its stage's budget with it. A stage that reaches its budget stops fetching; a retried stage
 * starts a fresh budget. docs/checks/site.md, "Politeness and safety".
 */

/** Redirect hops followed: a page (the home page, robots.txt as RFC 9309 says, an article) or a resource. */
export const REDIRECTS = { page: 5, resource: 2 } as const;

/** The crawlers whose User-Agent the home page is fetched as (besides a browser's). */
export const SIMULATED_CRAWLERS = CRAWLERS.filter((crawler) => crawler.simulate && crawler.userAgent);
/** The files a site may publish for AI agents, probed in this order. The MCP server card's place is still settling: both are probed. */
export const AGENT_FILE_PATHS = [
  '/llms.txt',
  '/llms-full.txt',
  '/.well-known/llms.txt',
  '/.well-known/ai-plugin.json',
  '/.well-known/mcp.json',
  '/.well-known/mcp/server-card.json',
  '/ai.txt',
] as const;
/** Sitemap documents read at most (an index and the sitemaps it lists). */
export const SITEMAP_MAX_DOCUMENTS = 10;
/** The site's cited pages whose titles are fetched. */
export const TITLED_PAGES = 5;
/** Grounding links of one Gemini answer read (not the checked site's; each one request, never followed). */
export const GROUNDING_LINKS = 12;

/** Requests of `count` fetches that each follow up to `redirects` hops. */
const fetches = (count: number, redirects: number) => count * (1 + redirects);

export const REQUEST_BUDGET = {
  /** https, then http. */
  home: fetches(2, REDIRECTS.page),
  robots: fetches(1, REDIRECTS.page),
  /** The browser and each simulated crawler. */
  simulation: fetches(1 + SIMULATED_CRAWLERS.length, REDIRECTS.resource),
  /** Each agent file, and the home page asked for as Markdown (Accept: text/markdown). */
  agentFiles: fetches(AGENT_FILE_PATHS.length + 1, REDIRECTS.resource),
  sitemap: fetches(SITEMAP_MAX_DOCUMENTS, REDIRECTS.resource),
  citedPages: fetches(TITLED_PAGES, REDIRECTS.resource),
  /** An article check's one page. */
  article: fetches(1, REDIRECTS.page),
  grounding: fetches(GROUNDING_LINKS, 0),
  /** An alert POSTed to a monitor's webhook, no redirect followed. */
  webhook: fetches(1, 0),
  /** One vendor's IP-range file (crawler traffic). */
  rangeFile: fetches(1, REDIRECTS.resource),
  /** One signing agent's key directory (crawler traffic): the draft forbids following a redirect. */
  keyDirectory: fetches(1, 0),
} as const;

export type FetchingStage = keyof typeof REQUEST_BUDGET;

/** Stages that fetch something other than the checked site during a site check. */
const NOT_THE_SITE: readonly FetchingStage[] = ['article', 'grounding', 'webhook', 'rangeFile', 'keyDirectory'];

/** A site check's stages (an article check makes at most REQUEST_BUDGET.article). */
export const MAX_REQUESTS_PER_CHECK = Object.entries(REQUEST_BUDGET).reduce(
  (sum, [stage, budget]) => sum + (NOT_THE_SITE.includes(stage as FetchingStage) ? 0 : budget),
  0,
);

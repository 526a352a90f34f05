/**
 * Requests a check may make to the checked site, per stage (each redirect hop counts as one).
 * A stage that reaches its budget stops fetching; a retried stage starts a fresh budget.
 * Documented in the README ("Politeness"); change both together.
 */
export const REQUEST_BUDGET = {
  /** https then http home page, 5 redirects each. */
  home: 12,
  /** robots.txt, 5 redirects (RFC 9309). */
  robots: 6,
  /** the browser and 12 crawler User-Agents, 2 redirects each. */
  simulation: 39,
  /** 7 agent files, 2 redirects each. */
  agentFiles: 21,
  /** 10 sitemap documents at most, 2 redirects each. */
  sitemap: 30,
  /** titles of 5 cited pages, 2 redirects each. */
  citedPages: 15,
  /** an article check's one page, 5 redirects. */
  article: 6,
  /** one Gemini answer's grounding links, one request each, never followed (not the checked site's). */
  grounding: 12,
} as const;

export type FetchingStage = keyof typeof REQUEST_BUDGET;

/** Stages that fetch something other than the checked site during a site check. */
const NOT_THE_SITE: readonly FetchingStage[] = ['article', 'grounding'];

/** A site check's stages (an article check makes at most REQUEST_BUDGET.article). */
export const MAX_REQUESTS_PER_CHECK = Object.entries(REQUEST_BUDGET).reduce((sum, [stage, budget]) => sum + (NOT_THE_SITE.includes(stage as FetchingStage) ? 0 : budget), 0);

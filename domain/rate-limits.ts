/** Hourly per-client-IP limits of SPEC.md, each overridable by its environment variable. */
export const RATE_LIMITS = {
  check: { env: 'RATE_LIMIT_CHECK', perHour: 10, operation: 'POST /api/v1/check' },
  checkStream: { env: 'RATE_LIMIT_CHECK_STREAM', perHour: 20, operation: 'POST /api/check' },
  keywords: { env: 'RATE_LIMIT_KEYWORDS', perHour: 10, operation: 'POST /api/keywords' },
  articleCheck: { env: 'RATE_LIMIT_ARTICLE_CHECK', perHour: 20, operation: 'POST /api/article-check' },
  mcpCheckSite: { env: 'RATE_LIMIT_MCP_CHECK_SITE', perHour: 5, operation: 'MCP tool check_site' },
} as const;

export type RateLimitedOperation = keyof typeof RATE_LIMITS;

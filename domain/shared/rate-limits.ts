/** Hourly per-client-IP limits (docs/http-api.md), each overridable by its environment variable. */
export const RATE_LIMITS = {
  check: { env: 'RATE_LIMIT_CHECK', perHour: 10, operation: 'POST /api/v1/check' },
  checkStream: { env: 'RATE_LIMIT_CHECK_STREAM', perHour: 20, operation: 'POST /api/check' },
  keywords: { env: 'RATE_LIMIT_KEYWORDS', perHour: 10, operation: 'POST /api/keywords' },
  articleCheck: { env: 'RATE_LIMIT_ARTICLE_CHECK', perHour: 20, operation: 'POST /api/article-check' },
  mcpCheckSite: { env: 'RATE_LIMIT_MCP_CHECK_SITE', perHour: 5, operation: 'MCP tool check_site' },
  crawlerLogs: { env: 'RATE_LIMIT_CRAWLER_LOGS', perHour: 10, operation: 'POST /api/v1/crawler-logs' },
  /** Counted per day, not per hour: monitors created by one IP. */
  monitorCreate: { env: 'RATE_LIMIT_MONITOR', perHour: 3, operation: 'POST /api/v1/monitors (per day)', periodSeconds: 86_400 },
} as const;

/** The counting period of an operation's limit: an hour unless the table says otherwise. */
export const limitPeriodSeconds = (operation: RateLimitedOperation): number => {
  const limit = RATE_LIMITS[operation];
  return 'periodSeconds' in limit ? limit.periodSeconds : 3600;
};

export type RateLimitedOperation = keyof typeof RATE_LIMITS;

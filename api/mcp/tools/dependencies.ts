import type { CheckClient } from '../../../infra/check-client';
import type { RateLimits } from '../../../infra/rate-limits';
import type { SnapshotStore } from '../../../infra/snapshot-store';

/**
 * What a report's MCP tools are given: the gateway's services they read, built once in main.ts. The
 * monitors' service is not among them: only the monitors' tool, above the kinds, reads it
 * (api/mcp-server/dependencies.ts), so a kind's tools never reach the registry through it.
 */
export interface McpServices {
  checks: CheckClient;
  store: SnapshotStore;
  rateLimits: RateLimits;
  allowedHosts: ReadonlySet<string>;
  publicBaseUrl: string;
  /** How long check_site waits for its check (MCP_CHECK_WAIT_S). */
  checkWaitMs: number;
  /** check_site's hourly limit per client (RATE_LIMIT_MCP_CHECK_SITE), for its description. */
  checkSitePerHour: number;
}

/** One request's tools: the services, and the caller's rate-limit key (the server is built per request). */
export interface ToolDependencies extends McpServices {
  client: string;
}

import type { CheckClient } from '../../../infra/check-client';
import type { RateLimits } from '../../../infra/rate-limits';
import type { SnapshotStore } from '../../../infra/snapshot-store';
import type { MonitorService } from '../../monitor-service';

/** What the MCP tools are given: the gateway's own services, built once in main.ts. */
export interface McpDependencies {
  checks: CheckClient;
  store: SnapshotStore;
  monitors: MonitorService;
  rateLimits: RateLimits;
  allowedHosts: ReadonlySet<string>;
  publicBaseUrl: string;
  /** How long check_site waits for its check (MCP_CHECK_WAIT_S). */
  checkWaitMs: number;
  /** check_site's hourly limit per client (RATE_LIMIT_MCP_CHECK_SITE), for its description. */
  checkSitePerHour: number;
}

/** One request's tools: the services, and the caller's rate-limit key (the server is built per request). */
export interface ToolDependencies extends McpDependencies {
  client: string;
}

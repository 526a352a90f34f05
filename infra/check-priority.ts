import type { Priority } from '@temporalio/common';
import { hashedClientKey } from './client-hash';

/**
 * Who a check is for, which sets its Temporal priority (docs/platform-budgets.md): a person waiting on it (the synchronous check, the streams, the web version), an agent
 * over MCP, or a monitor's scheduled run. Its activities inherit it, so on a platform queue with a
 * backlog a person's question is handed out before an agent's, and an agent's before a monitor's.
 */
export type CheckOrigin = 'person' | 'mcp' | 'monitor';

/** Temporal's priority of a run started without one (5 levels, lower first). */
export const DEFAULT_PRIORITY_KEY = 3;

/** Lower goes first. */
const PRIORITY_KEY: Record<CheckOrigin, number> = { person: 1, mcp: DEFAULT_PRIORITY_KEY, monitor: 5 };

/**
 * The fairness key of a request's client: its rate-limit identity (domain/shared/client-key), hashed
 * so that no address is written into workflow histories. Within one priority, Temporal hands out each
 * key's tasks in turn, so one client's burst does not hold another's one check behind it.
 */
export function clientFairnessKey(clientKey: string): string {
  return `client:${hashedClientKey(clientKey)}`;
}

/** A monitor's runs share one fairness key: a monitor is one client. */
export const monitorFairnessKey = (monitorId: string) => `monitor:${monitorId}`;

export function checkPriority(origin: CheckOrigin, fairnessKey: string): Priority {
  return { priorityKey: PRIORITY_KEY[origin], fairnessKey };
}

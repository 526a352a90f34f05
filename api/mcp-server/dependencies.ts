import type { MonitorService } from '../monitor-service';
import type { McpServices, ToolDependencies } from '../mcp/tools/dependencies';

/** What the MCP endpoint is given: the report tools' services and the monitors'. */
export interface McpDependencies extends McpServices {
  monitors: MonitorService;
}

/** One request's tools, the monitors' tool included. */
export type ServerToolDependencies = ToolDependencies & Pick<McpDependencies, 'monitors'>;

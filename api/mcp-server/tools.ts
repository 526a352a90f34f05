import type { McpServer } from '@modelcontextprotocol/server';
import { apiKinds, type KindTool } from '../kinds';
import type { ToolDependencies } from '../mcp/tools/dependencies';
import { registerExportAnswersTool } from '../mcp/tools/export-answers';
import { registerMonitorTrendTool } from '../mcp/tools/monitor-trend';
import { registerRankingsTool } from '../mcp/tools/rankings';

/** Every tool the MCP endpoint offers, in the order tools/list gives them: each kind's (api/kinds/), then the rankings, monitors' and exports'. */
export const MCP_TOOLS: readonly KindTool[] = [
  ...apiKinds().flatMap((kind) => kind.mcpTools),
  { name: 'get_rankings', register: registerRankingsTool },
  { name: 'get_monitor_trend', register: registerMonitorTrendTool },
  { name: 'export_answers', register: registerExportAnswersTool },
];

export function registerTools(server: McpServer, deps: ToolDependencies): void {
  for (const tool of MCP_TOOLS) tool.register(server, deps);
}

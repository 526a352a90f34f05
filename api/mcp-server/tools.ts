import type { McpServer } from '@modelcontextprotocol/server';
import { apiKinds } from '../kinds';
import type { ServerToolDependencies } from './dependencies';
import { registerExportAnswersTool } from '../mcp/tools/export-answers';
import { registerMonitorTrendTool } from './monitor-trend-tool';
import { registerRankingsTool } from '../mcp/tools/rankings';

/** Every tool the MCP endpoint offers, in the order tools/list gives them: each kind's (api/kinds/), then the rankings, monitors' and exports'. */
export const MCP_TOOLS: readonly { name: string; register: (server: McpServer, deps: ServerToolDependencies) => void }[] = [
  ...apiKinds().flatMap((kind) => kind.mcpTools),
  { name: 'get_rankings', register: registerRankingsTool },
  { name: 'get_monitor_trend', register: registerMonitorTrendTool },
  { name: 'export_answers', register: registerExportAnswersTool },
];

export function registerTools(server: McpServer, deps: ServerToolDependencies): void {
  for (const tool of MCP_TOOLS) tool.register(server, deps);
}

import type { McpServer } from '@modelcontextprotocol/server';
import { registerArticleReportTool } from './article-report';
import { registerBrandReportTool } from './brand-report';
import { registerCheckSiteTool } from './check-site';
import { registerCrawlerReportTool } from './crawler-report';
import type { ToolDependencies } from './dependencies';
import { registerExportAnswersTool } from './export-answers';
import { registerLatestReportTool } from './latest-report';
import { registerMonitorTrendTool } from './monitor-trend';
import { registerRankingsTool } from './rankings';

/** Every tool the MCP endpoint offers, in the order tools/list gives them. */
export function registerTools(server: McpServer, deps: ToolDependencies): void {
  registerCheckSiteTool(server, deps);
  registerLatestReportTool(server, deps);
  registerRankingsTool(server, deps);
  registerBrandReportTool(server, deps);
  registerArticleReportTool(server, deps);
  registerCrawlerReportTool(server, deps);
  registerMonitorTrendTool(server, deps);
  registerExportAnswersTool(server, deps);
}

import type { McpServer } from '@modelcontextprotocol/server';
import { trafficData, trafficOutput } from '../structured';
import { trafficSummary } from '../summaries';
import type { ToolDependencies } from './dependencies';
import { registerReportByIdTool } from './report-by-id';

/** get_crawler_report {id}: a stored crawler-traffic report. */
export function registerCrawlerReportTool(server: McpServer, deps: ToolDependencies): void {
  registerReportByIdTool(server, deps, {
    name: 'get_crawler_report',
    title: 'AI crawler traffic report',
    description: 'A stored crawler-traffic report by its report id (reportId of POST /api/v1/crawler-logs): per AI crawler the requests that were verified against its vendor’s published IP ranges or host names, forged, or unverifiable, what robots.txt says against what happened, and the visits AI assistants sent, as markdown (the totals also as structured content). No IP address is kept. Read-only.',
    kind: 'traffic',
    missing: 'crawler-traffic',
    outputSchema: trafficOutput,
    summary: trafficSummary,
    data: trafficData,
  });
}

import type { McpServer } from '@modelcontextprotocol/server';
import { brandData, brandOutput } from '../structured';
import { brandSummary } from '../summaries';
import type { ToolDependencies } from './dependencies';
import { registerReportByIdTool } from './report-by-id';

/** get_brand_report {id}: a stored brand diagnosis. */
export function registerBrandReportTool(server: McpServer, deps: ToolDependencies): void {
  registerReportByIdTool(server, deps, {
    name: 'get_brand_report',
    title: 'Brand GEO diagnosis report',
    description: 'A stored brand GEO diagnosis by its report id (reportId of POST /api/keywords): mention rate, first-recommendation rate, share of voice, citation rate with their 95% intervals, the stage, competitors, the action plan and the report link, as markdown (the headline figures also as structured content). Read-only.',
    kind: 'brand',
    missing: 'brand diagnosis',
    outputSchema: brandOutput,
    summary: brandSummary,
    data: brandData,
  });
}

import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { brandData, brandOutput } from '../structured';
import { brandSummary } from '../summaries';
import type { ToolDependencies } from './dependencies';
import { failure, READ_ONLY, reportLink, snapshotIdInput, structured } from './results';

/** get_brand_report {id}: a stored brand diagnosis. */
export function registerBrandReportTool(server: McpServer, deps: ToolDependencies): void {
  const link = reportLink(deps.publicBaseUrl);
  server.registerTool(
    'get_brand_report',
    {
      title: 'Brand GEO diagnosis report',
      description: 'A stored brand GEO diagnosis by its report id (reportId of POST /api/keywords): mention rate, first-recommendation rate, share of voice, citation rate with their 95% intervals, the stage, competitors, the action plan and the report link, as markdown (the headline figures also as structured content). Read-only.',
      inputSchema: z.object({ id: snapshotIdInput }),
      outputSchema: brandOutput,
      annotations: READ_ONLY,
    },
    async ({ id }) => {
      const snapshot = await deps.store.get(id.toLowerCase());
      if (snapshot?.kind !== 'brand') return failure(`No brand diagnosis report has the id ${id}.`);
      return structured(brandSummary(snapshot.report, link(snapshot.snapshotId)), brandData(snapshot.snapshotId, snapshot.report, link));
    },
  );
}

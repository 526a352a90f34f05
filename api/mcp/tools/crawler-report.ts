import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { trafficData, trafficOutput } from '../structured';
import { trafficSummary } from '../summaries';
import type { ToolDependencies } from './dependencies';
import { failure, READ_ONLY, reportLink, snapshotIdInput, structured } from './results';

/** get_crawler_report {id}: a stored crawler-traffic report. */
export function registerCrawlerReportTool(server: McpServer, deps: ToolDependencies): void {
  const link = reportLink(deps.publicBaseUrl);
  server.registerTool(
    'get_crawler_report',
    {
      title: 'AI crawler traffic report',
      description: 'A stored crawler-traffic report by its report id (reportId of POST /api/v1/crawler-logs): per AI crawler the requests that were verified against its vendor’s published IP ranges or host names, forged, or unverifiable, what robots.txt says against what happened, and the visits AI assistants sent, as markdown (the totals also as structured content). No IP address is kept. Read-only.',
      inputSchema: z.object({ id: snapshotIdInput }),
      outputSchema: trafficOutput,
      annotations: READ_ONLY,
    },
    async ({ id }) => {
      const snapshot = await deps.store.get(id.toLowerCase());
      if (snapshot?.kind !== 'traffic') return failure(`No crawler-traffic report has the id ${id}.`);
      return structured(trafficSummary(snapshot.report, link(snapshot.snapshotId)), trafficData(snapshot.snapshotId, snapshot.report, link));
    },
  );
}

import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { articleData, articleOutput } from '../structured';
import { articleSummary } from '../summaries';
import type { ToolDependencies } from './dependencies';
import { failure, READ_ONLY, reportLink, snapshotIdInput, structured } from './results';

/** get_article_report {id}: a stored article check. */
export function registerArticleReportTool(server: McpServer, deps: ToolDependencies): void {
  const link = reportLink(deps.publicBaseUrl);
  server.registerTool(
    'get_article_report',
    {
      title: 'Article GEO check report',
      description: 'A stored article GEO check by its report id (reportId of POST /api/article-check): coverage, URL citation rate, the verdict and the optimisation advice, as markdown (the headline figures also as structured content). Read-only.',
      inputSchema: z.object({ id: snapshotIdInput }),
      outputSchema: articleOutput,
      annotations: READ_ONLY,
    },
    async ({ id }) => {
      const snapshot = await deps.store.get(id.toLowerCase());
      if (snapshot?.kind !== 'article') return failure(`No article check report has the id ${id}.`);
      return structured(articleSummary(snapshot.report, link(snapshot.snapshotId)), articleData(snapshot.snapshotId, snapshot.report, link));
    },
  );
}

import type { McpServer } from '@modelcontextprotocol/server';
import { articleData, articleOutput } from '../structured';
import { articleSummary } from '../summaries';
import type { ToolDependencies } from './dependencies';
import { registerReportByIdTool } from './report-by-id';

/** get_article_report {id}: a stored article check. */
export function registerArticleReportTool(server: McpServer, deps: ToolDependencies): void {
  registerReportByIdTool(server, deps, {
    name: 'get_article_report',
    title: 'Article GEO check report',
    description: 'A stored article GEO check by its report id (reportId of POST /api/article-check): coverage, URL citation rate, the verdict and the optimisation advice, as markdown (the headline figures also as structured content). Read-only.',
    kind: 'article',
    missing: 'article check',
    outputSchema: articleOutput,
    summary: articleSummary,
    data: articleData,
  });
}

import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { InvalidTargetError, normaliseTarget } from '../../../domain/shared/target';
import { siteData, siteOutput } from './structured';
import { siteSummary } from './summary';
import type { ToolDependencies } from '../../mcp/tools/dependencies';
import { domainInput, failure, READ_ONLY, reportLink, structured } from '../../mcp/tools/results';

/** get_latest_report {domain}: the newest stored site check of a domain. */
export function registerLatestReportTool(server: McpServer, deps: ToolDependencies): void {
  const link = reportLink(deps.publicBaseUrl);
  server.registerTool(
    'get_latest_report',
    {
      title: 'Latest AI-visibility report of a domain',
      description:
        'The newest stored site check of a domain, as a markdown summary: scores, top issues with fixes, what each AI platform says, and the permanent report link (the scores also as structured content). Read-only; does not start a check.',
      inputSchema: z.object({ domain: domainInput }),
      outputSchema: siteOutput,
      annotations: READ_ONLY,
    },
    async ({ domain }) => {
      let normalised: string;
      try {
        normalised = normaliseTarget(domain, { allowedHosts: deps.allowedHosts }).domain;
      } catch (error) {
        if (error instanceof InvalidTargetError) return failure(error.message);
        throw error;
      }
      const latest = await deps.store.newestOf(normalised, 'site');
      if (latest?.kind !== 'site') return failure(`No report of ${normalised} exists yet. Run check_site with this domain to create one.`);
      return structured(siteSummary(latest.report, link(latest.snapshotId)), siteData(latest.snapshotId, latest.report, link));
    },
  );
}

import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { rankingsData, rankingsOutput } from '../structured';
import { rankingsSummary } from '../summaries';
import type { ToolDependencies } from './dependencies';
import { READ_ONLY, reportLink, structured } from './results';

/** get_rankings {limit}: the newest site check of each domain, by total score. */
export function registerRankingsTool(server: McpServer, deps: ToolDependencies): void {
  const link = reportLink(deps.publicBaseUrl);
  server.registerTool(
    'get_rankings',
    {
      title: 'AI-visibility ranking',
      description:
        'The newest site check of each domain, ordered by total score (ties: newest first), as a markdown table with each report’s link (also as structured content). Read-only.',
      inputSchema: z.object({ limit: z.number().int().min(1).max(50).default(10).describe('How many domains, 1–50 (default 10)') }),
      outputSchema: rankingsOutput,
      annotations: READ_ONLY,
    },
    async ({ limit }) => {
      const rankings = await deps.store.rankings(limit);
      return structured(rankingsSummary(rankings, link), rankingsData(rankings, link));
    },
  );
}

import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { CHECK_KINDS } from '../../../domain/shared/check-kinds';
import { jsonLine } from '../../export-writers';
import { reportExport } from '../../report-export';
import type { ToolDependencies } from './dependencies';
import { failure, READ_ONLY, snapshotIdInput, structured } from './results';

/** The rows of GET /api/v1/report/{id}/answers.jsonl, with what tells them apart. */
export const exportAnswersOutput = z.object({
  reportId: z.string(),
  kind: z.enum(CHECK_KINDS),
  exportVersion: z.number().int().describe('The schema version of this kind’s table (docs/exports.md)'),
  columns: z.array(z.string()).describe('Every row’s keys, in order'),
  rows: z
    .array(z.record(z.string(), z.unknown()))
    .describe('One per answer (site: per platform; traffic: per crawler and verdict, then per referral)'),
});

/** export_answers {id}: a stored report's rows as JSON lines, as the .jsonl export gives them. */
export function registerExportAnswersTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'export_answers',
    {
      title: 'Every answer of a report, as JSON lines',
      description:
        'A stored report’s rows by its id, one JSON object per line, as GET /api/v1/report/{id}/answers.jsonl gives them: brand diagnoses and article checks one per answer (platform, model, question, status, mention, rank, citations, cost, answer text…), site checks one per platform, crawler-traffic checks one per crawler and verdict and one per referral. The rows also as structured content. Read-only.',
      inputSchema: z.object({ id: snapshotIdInput }),
      outputSchema: exportAnswersOutput,
      annotations: READ_ONLY,
    },
    async ({ id }) => {
      const snapshot = await deps.store.get(id.toLowerCase());
      const found = snapshot && reportExport(snapshot);
      if (!snapshot) return failure(`No report has the id ${id}.`);
      if (!found) return failure(`Reports of kind ${snapshot.kind} have no export.`);
      const rows = [...found.table.records(found.source)];
      return structured(rows.map(jsonLine).join(''), {
        reportId: snapshot.snapshotId,
        kind: found.kind,
        exportVersion: found.table.version,
        columns: found.table.columns.map(({ key }) => key),
        rows,
      });
    },
  );
}

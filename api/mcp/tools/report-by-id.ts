import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { isReportOf, type ReportsByKind } from '../../../domain/check-outcome';
import type { CheckKind } from '../../../domain/shared/check-kinds';
import type { ToolDependencies } from './dependencies';
import { failure, READ_ONLY, reportLink, snapshotIdInput, structured } from './results';

/** A get_<kind>_report tool: what it says of itself, and how it phrases a stored report of its kind. */
export interface ReportByIdTool<K extends CheckKind, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  kind: K;
  /** Its kind in "No <missing> report has the id …". */
  missing: string;
  outputSchema: O;
  summary: (report: ReportsByKind[K], link: string) => string;
  data: (snapshotId: string, report: ReportsByKind[K], link: (snapshotId: string) => string) => z.infer<O>;
}

/** Registers a read-only tool answering a stored report of one kind by its id: markdown, and its figures as structured content. */
export function registerReportByIdTool<K extends CheckKind, O extends z.ZodObject>(
  server: McpServer,
  deps: ToolDependencies,
  tool: ReportByIdTool<K, O>,
): void {
  const link = reportLink(deps.publicBaseUrl);
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: z.object({ id: snapshotIdInput }),
      outputSchema: tool.outputSchema,
      annotations: READ_ONLY,
    },
    async ({ id }) => {
      const snapshot = await deps.store.get(id.toLowerCase());
      if (!snapshot || !isReportOf(snapshot, tool.kind)) return failure(`No ${tool.missing} report has the id ${id}.`);
      return structured(tool.summary(snapshot.report, link(snapshot.snapshotId)), tool.data(snapshot.snapshotId, snapshot.report, link));
    },
  );
}

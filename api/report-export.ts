import type { ReportsByKind } from '../domain/check-outcome';
import { KINDS } from '../domain/kinds';
import { productExport } from '../domain/brand/report/product-export';
import { CHECK_KINDS, type CheckKind } from '../domain/shared/check-kinds';
import type { ExportTable, StoredReport } from '../domain/shared/export-table';

/** A stored report as the JSON report route and the store give it: what an export is read from. */
export interface ExportableSnapshot {
  snapshotId: string;
  kind: string;
  createdAt: string | Date;
  report: unknown;
}

/** A report's export: its kind's table and the rows' source. */
export interface ReportExport {
  kind: CheckKind;
  table: ExportTable<StoredReport<unknown>>;
  source: StoredReport<unknown>;
}

const isCheckKind = (kind: string): kind is CheckKind => CHECK_KINDS.some((known) => known === kind);

/** The export of a stored report by its kind (domain/kinds.ts); null for a kind that has none. */
export function reportExport(snapshot: ExportableSnapshot): ReportExport | null {
  const { kind } = snapshot;
  if (!isCheckKind(kind)) return null;
  // The report stored beside `kind` is that kind's report (domain/check-outcome.ts, isReportOf).
  const table = KINDS[kind].export as ExportTable<StoredReport<ReportsByKind[CheckKind]>> as ExportTable<StoredReport<unknown>>;
  return exportOf(snapshot, kind, table);
}

/** A brand diagnosis's product cards, one row per card (docs/exports.md); null for the other kinds, which have none. */
export function productsExport(snapshot: ExportableSnapshot): ReportExport | null {
  if (snapshot.kind !== 'brand') return null;
  return exportOf(snapshot, 'brand', productExport as ExportTable<StoredReport<unknown>>);
}

function exportOf(snapshot: ExportableSnapshot, kind: CheckKind, table: ExportTable<StoredReport<unknown>>): ReportExport {
  const createdAt = typeof snapshot.createdAt === 'string' ? snapshot.createdAt : snapshot.createdAt.toISOString();
  return { kind, table, source: { reportId: snapshot.snapshotId, kind, createdAt, report: snapshot.report } };
}

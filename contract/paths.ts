/** The gateway's public paths, for links in pages, JSON, MCP answers and webhook bodies. */

/** The permanent page of a stored report of any kind. */
export const snapshotPath = (snapshotId: string) => `/report/${snapshotId}`;

/** A monitor's public trend page. */
export const monitorPagePath = (monitorId: string) => `/monitor/${monitorId}`;
/** A monitor's JSON resource (GET, PATCH, DELETE with its token). */
export const monitorApiPath = (monitorId: string) => `/api/v1/monitors/${monitorId}`;
/** A monitor's trend as JSON, public by its id. */
export const monitorTrendPath = (monitorId: string) => `${monitorApiPath(monitorId)}/trend`;
/** A check's events (SSE), to follow it again by its check id (the workflow id). */
export const checkEventsPath = (checkId: string) => `/api/check/${encodeURIComponent(checkId)}/events`;
/** The formats a report's answers are exported in (docs/exports.md). */
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** A stored report's rows as CSV or JSON lines. */
export const answersExportPath = (snapshotId: string, format: ExportFormat) => `/api/v1/report/${snapshotId}/answers.${format}`;
/** A monitor's trend as CSV, one row per run and series, public by its id. */
export const monitorTrendCsvPath = (monitorId: string) => `${monitorTrendPath(monitorId)}.csv`;

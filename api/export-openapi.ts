import { z } from 'zod';
import { KINDS } from '../domain/kinds';
import { trendExport } from '../domain/monitoring/trend-export';
import { CHECK_KINDS } from '../domain/shared/check-kinds';
import type { ExportTable } from '../domain/shared/export-table';
import { errorSchema } from './schemas';
import { productExport } from '../domain/brand/report/product-export';

/** The exports' paths of /openapi.json (docs/exports.md#the-files). */

const ref = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${z.globalRegistry.get(schema)?.id as string}` });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema: ref(schema) } } });

const columnsOf = (table: Pick<ExportTable<unknown>, 'version' | 'rowsAre' | 'columns'>) =>
  `v${table.version}, ${table.rowsAre}: ${table.columns.map(({ key }) => key).join(', ')}`;
const kindsColumns = CHECK_KINDS.map((kind) => `${kind} (${columnsOf(KINDS[kind].export)})`).join('; ');

const bom = {
  name: 'bom',
  in: 'query',
  required: false,
  schema: { type: 'string', enum: ['0', '1'] },
  description: '1: a UTF-8 byte-order mark first (for Excel on Windows); none by default',
};
const attachment = { 'Content-Disposition': { description: 'attachment, with a file name', schema: { type: 'string' } } };
const file = (type: string, description: string) => ({
  description,
  headers: attachment,
  content: { [type]: { schema: { type: 'string' } } },
});
const snapshotId = { name: 'snapshotId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

const CSV =
  'RFC 4180 (CRLF; a field with a comma, quote or line break quoted, quotes doubled), UTF-8; a text cell starting with =, +, -, @, tab or CR begins with an apostrophe (numbers are left as they are); true/false; JSON columns hold JSON text; an empty cell is no value.';

export function exportPaths() {
  return {
    '/api/v1/report/{snapshotId}/answers.csv': {
      get: {
        operationId: 'exportReportCsv',
        summary:
          'A stored report’s rows as CSV: one per answer (brand, article), per platform (site), per crawler and verdict and per referral (traffic)',
        description: `${CSV} The header row names the columns; the first is exportVersion (columns are added, never renamed). Columns by kind: ${kindsColumns}. Cached as the JSON report is (immutable, ETag).`,
        parameters: [snapshotId, bom],
        responses: {
          200: file('text/csv', 'The rows, with a header row'),
          400: json(errorSchema, 'bom is neither 0 nor 1'),
          404: json(errorSchema, 'No report with this id'),
        },
      },
    },
    '/api/v1/report/{snapshotId}/answers.jsonl': {
      get: {
        operationId: 'exportReportJsonLines',
        summary: 'The same rows as JSON lines: one JSON object per line, keyed as the CSV’s header, JSON columns as JSON values',
        parameters: [snapshotId],
        responses: {
          200: file('application/jsonl', 'One JSON object per line'),
          404: json(errorSchema, 'No report with this id'),
        },
      },
    },
    '/api/v1/report/{snapshotId}/products.csv': {
      get: {
        operationId: 'exportProductsCsv',
        summary: 'A brand diagnosis’s product cards as CSV: one row per card a search surface showed (Google AI Mode, ChatGPT’s app)',
        description: `${CSV} The header row names the columns; the first is exportVersion (columns are added, never renamed). Columns: ${columnsOf(productExport)}. Cached as the JSON report is (immutable, ETag).`,
        parameters: [snapshotId, bom],
        responses: {
          200: file('text/csv', 'The cards, with a header row'),
          400: json(errorSchema, 'bom is neither 0 nor 1, or the report is not a brand diagnosis'),
          404: json(errorSchema, 'No report with this id'),
        },
      },
    },
    '/api/v1/report/{snapshotId}/products.jsonl': {
      get: {
        operationId: 'exportProductsJsonLines',
        summary: 'The same cards as JSON lines: one JSON object per line, keyed as the CSV’s header',
        parameters: [snapshotId],
        responses: {
          200: file('application/jsonl', 'One JSON object per line'),
          400: json(errorSchema, 'The report is not a brand diagnosis'),
          404: json(errorSchema, 'No report with this id'),
        },
      },
    },
    '/api/v1/monitors/{id}/trend.csv': {
      get: {
        operationId: 'getMonitorTrendCsv',
        summary:
          'The trend as CSV, public by the monitor id: one row per run and series, date first (for IMPORTDATA and BI tools joining on dates)',
        description: `${CSV} Columns: ${columnsOf(trendExport)}.`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The monitor id (a UUID)' }, bom],
        responses: {
          200: file('text/csv', 'The rows, with a header row'),
          400: json(errorSchema, 'bom is neither 0 nor 1'),
          404: json(errorSchema, 'No such monitor'),
        },
      },
    },
  };
}

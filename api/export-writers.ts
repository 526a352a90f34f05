import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifyAll } from 'csv-stringify/sync';
import type { ColumnInfo, ExportRecord, ExportTable } from '../domain/shared/export-table';

/**
 * The writers of an export table (docs/exports.md). CSV is csv-stringify's (RFC 4180: CRLF, fields
 * with a comma, quote or line break quoted, quotes doubled), with its formula guard: a text cell
 * starting with =, +, -, @, tab or CR (or their full-width forms) gets a leading apostrophe, while a
 * number stays a number, negative or not. JSON lines carry the same records, values as they are.
 */

const CSV_OPTIONS: Options = {
  header: true,
  record_delimiter: 'windows',
  // Given a record delimiter, csv-stringify quotes only fields holding all of it: a lone \n or \r in an
  // answer would then end the record for any reader. This quotes a field holding either.
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: { boolean: (value) => (value ? 'true' : 'false') },
};

/** One record's cells in the columns' order: JSON columns as their JSON text, an absent value as an empty cell. */
function cells(columns: readonly ColumnInfo[], record: ExportRecord): unknown[] {
  return columns.map(({ key, type }) => {
    const value = record[key];
    if (value === null || value === undefined) return null;
    return type === 'json' ? JSON.stringify(value) : value;
  });
}

const csvOptions = (columns: readonly ColumnInfo[], bom: boolean): Options => ({
  ...CSV_OPTIONS,
  bom,
  columns: columns.map(({ key }) => key),
});

/** Writes the rows as CSV to `destination` as they are read, with its back-pressure: the whole file is never held. */
export function writeCsv<Source>(table: ExportTable<Source>, source: Source, bom: boolean, destination: Writable): Promise<void> {
  const rows = Readable.from(
    (function* () {
      for (const record of table.records(source)) yield cells(table.columns, record);
    })(),
  );
  return pipeline(rows, stringify(csvOptions(table.columns, bom)), destination);
}

/** The rows as CSV text, for small tables (a trend). */
export function csvText<Source>(table: ExportTable<Source>, source: Source, bom: boolean): string {
  return stringifyAll(
    [...table.records(source)].map((record) => cells(table.columns, record)),
    csvOptions(table.columns, bom),
  );
}

/** One record as one line of JSON. */
export const jsonLine = (record: ExportRecord): string => `${JSON.stringify(record)}\n`;

/** Writes the rows as JSON lines to `destination` as they are read. */
export function writeJsonLines<Source>(table: ExportTable<Source>, source: Source, destination: Writable): Promise<void> {
  const lines = Readable.from(
    (function* () {
      for (const record of table.records(source)) yield jsonLine(record);
    })(),
  );
  return pipeline(lines, destination);
}

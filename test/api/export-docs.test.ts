import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KINDS } from '../../domain/kinds';
import { trendExport } from '../../domain/monitoring/trend-export';
import { productExport } from '../../domain/brand/report/product-export';
import { CHECK_KINDS } from '../../domain/shared/check-kinds';
import type { ColumnInfo } from '../../domain/shared/export-table';

/** docs/exports.md documents every export column by column: it must say what the code writes. */

const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'exports.md'), 'utf8');
const row = ({ key, type, description }: ColumnInfo) => `| \`${key}\` | ${type} | ${description.replace(/\|/g, '\\|')} |`;
const tables = [
  ...CHECK_KINDS.map((kind) => [kind, KINDS[kind].export] as const),
  ['products', productExport] as const,
  ['trend', trendExport] as const,
];

test.each(tables)('the %s table: every column, in order, with its type and description, and the version', (_name, table) => {
  expect(doc).toContain(
    [
      `Rows: ${table.rowsAre}. exportVersion ${table.version}.`,
      '',
      '| column | type | what it holds |',
      '|---|---|---|',
      ...table.columns.map(row),
    ].join('\n'),
  );
});

test('every report table begins with exportVersion and the report it is of; the trend with date', () => {
  for (const kind of CHECK_KINDS)
    expect(KINDS[kind].export.columns.slice(0, 4).map(({ key }) => key)).toEqual(['exportVersion', 'reportId', 'kind', 'createdAt']);
  expect(trendExport.columns[0]!.key).toBe('date');
  for (const [, table] of tables) expect(new Set(table.columns.map(({ key }) => key)).size).toBe(table.columns.length);
});

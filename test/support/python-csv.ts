import { execFileSync } from 'node:child_process';

/**
 * An independent reader of our CSV: Python's csv module (strict: a malformed quote is an error), not
 * the library that wrote it. Returns the rows as lists of strings, the header first; the bytes are
 * decoded as UTF-8 as they are, so a byte-order mark stays in the first cell.
 */
const READER = [
  'import csv, io, json, sys',
  "text = sys.stdin.buffer.read().decode('utf-8')",
  "json.dump(list(csv.reader(io.StringIO(text, newline=''), strict=True)), sys.stdout)",
].join('\n');

export function readCsvWithPython(body: Buffer | string): string[][] {
  return JSON.parse(execFileSync('python3', ['-c', READER], { input: body, maxBuffer: 256 * 1024 * 1024 }).toString()) as string[][];
}

/** The rows as header → cell objects. */
export function csvRecords(body: Buffer | string): Record<string, string>[] {
  const [header, ...rows] = readCsvWithPython(body);
  return rows.map((row) => Object.fromEntries(header!.map((key, index) => [key, row[index]!])));
}

import { readAlbLine } from './alb-log';
import { cloudfrontFieldsOf, cloudfrontLineReader } from './cloudfront-log';
import { combinedLineReader, readAiAgentsLine } from './combined-log';
import { jsonLineReader, jsonVendorOf, type JsonLogVendor } from './json-log';
import type { LineReader, LogRequest } from './log-request';
import { CAPS } from './traffic-aggregate';

/** A log's format, as detection found it: plain data, so every part of a log is read the same way. */
export type LogFormat =
  | { name: 'ai-agents' | 'combined' | 'common' | 'alb' }
  | { name: JsonLogVendor }
  /** The `#Fields` header when the log had one. */
  | { name: 'cloudfront'; fields?: string[] };

export type Detection = { known: true; format: LogFormat } | { known: false; unreadLines: string[] };

/** Lines looked at to decide the format. */
const DETECTION_LINES = 20;
const SHOWN_LINE_CHARS = 200;

/** A log saved by a Windows tool may open with a byte order mark, which is no part of its first line. */
const withoutBom = (line: string) => (line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);

function lineReaderFor(format: LogFormat): LineReader {
  switch (format.name) {
    case 'combined':
    case 'common':
      return combinedLineReader(format.name);
    case 'ai-agents':
      return readAiAgentsLine;
    case 'alb':
      return readAlbLine;
    case 'cloudfront':
      return cloudfrontLineReader(format.fields);
    default:
      return jsonLineReader(format.name);
  }
}

/**
 * The format of a log from its first lines: the one that reads most of them. A log no format reads is
 * unknown, with the first lines that could not be read (cut to 200 characters) to show the uploader.
 */
export function detectLogFormat(firstLines: readonly string[]): Detection {
  const lines = firstLines
    .map(withoutBom)
    .filter((line) => line.trim() !== '')
    .slice(0, DETECTION_LINES);
  // In this order, so that a tie goes to the first (combined over common: every combined line is a common one too;
  // ai-agents over combined, whose reader takes the recipe's Host field for X-Forwarded-For).
  const candidates: LogFormat[] = [
    { name: 'ai-agents' },
    { name: 'combined' },
    { name: 'common' },
    { name: 'alb' },
    cloudfrontCandidate(lines),
    ...jsonCandidates(lines),
  ];
  let best: { format: LogFormat; read: number } | undefined;
  for (const format of candidates) {
    const reader = lineReaderFor(format);
    const read = lines.filter((line) => reader(line, ignore)).length;
    if (read > 0 && (!best || read > best.read)) best = { format, read };
  }
  if (!best) return { known: false, unreadLines: lines.slice(0, 5).map((line) => line.slice(0, SHOWN_LINE_CHARS)) };
  return { known: true, format: best.format };
}

const ignore = () => undefined;

function cloudfrontCandidate(lines: readonly string[]): LogFormat {
  const fields = lines.map(cloudfrontFieldsOf).find((header) => header !== undefined);
  return fields ? { name: 'cloudfront', fields } : { name: 'cloudfront' };
}

function jsonCandidates(lines: readonly string[]): LogFormat[] {
  const vendors = new Set<JsonLogVendor>();
  for (const line of lines) {
    if (!line.startsWith('{') && !line.startsWith('[')) continue;
    try {
      const parsed: unknown = JSON.parse(line);
      for (const entry of Array.isArray(parsed) ? parsed : [parsed]) {
        const vendor = typeof entry === 'object' && entry !== null ? jsonVendorOf(entry as Record<string, unknown>) : undefined;
        if (vendor) vendors.add(vendor);
      }
    } catch {
      // not JSON: other candidates read it, or it is unreadable
    }
  }
  return [...vendors].map((name) => ({ name }));
}

export interface ReadCounts {
  /** Non-blank lines read. */
  lines: number;
  unreadable: number;
  /** Line numbers (1-based, counted from `firstLine`) of the first unreadable lines: numbers only, never their text. */
  unreadableAt: number[];
}

/** Reads a part of a log line by line: unreadable lines are counted, never fatal. */
export function readLogLines(
  lines: Iterable<string>,
  format: LogFormat,
  onRequest: (request: LogRequest) => void,
  firstLine = 1,
): ReadCounts {
  const reader = lineReaderFor(format);
  const counts: ReadCounts = { lines: 0, unreadable: 0, unreadableAt: [] };
  let number = firstLine - 1;
  for (const raw of lines) {
    number++;
    const line = withoutBom(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    if (line.trim() === '') continue;
    counts.lines++;
    if (reader(line, onRequest)) continue;
    counts.unreadable++;
    if (counts.unreadableAt.length < CAPS.unreadableAt) counts.unreadableAt.push(number);
  }
  return counts;
}

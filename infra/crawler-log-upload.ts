import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { detectLogFormat, type LogFormat } from '../domain/traffic/log-format';
import type { CrawlerLogStore } from './crawler-log-store';

/** Lines per stored part: one activity's work (~0.3 s of parsing), small enough to retry whole. */
export const TRAFFIC_PART_LINES = 20_000;
/** Non-blank lines format detection looks at (log-format.ts reads the first 20). */
const DETECTION_LINES = 20;

export interface UploadLimits {
  /** Bytes of the body as sent (compressed, when gzipped): CRAWLER_LOG_MAX_MB. */
  maxBytes: number;
  /** CRAWLER_LOG_MAX_LINES. */
  maxLines: number;
}

export type StoredUpload =
  | { stored: true; format: LogFormat; parts: number; lines: number }
  | { stored: false; problem: 'unknown-format'; unreadLines: string[] }
  | { stored: false; problem: 'too-large'; limit: string }
  | { stored: false; problem: 'empty' }
  | { stored: false; problem: 'bad-gzip' };

class UploadRefused extends Error {
  constructor(readonly outcome: Exclude<StoredUpload, { stored: true }>) {
    super(outcome.problem);
  }
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** The body's bytes, counted against the limit as they arrive; gunzipped when they start as gzip does. */
async function* decodedChunks(body: AsyncIterable<Buffer>, limits: UploadLimits): AsyncGenerator<Buffer> {
  let bytes = 0;
  const counted = async function* () {
    for await (const chunk of body) {
      bytes += chunk.length;
      if (bytes > limits.maxBytes)
        throw new UploadRefused({ stored: false, problem: 'too-large', limit: `${Math.round(limits.maxBytes / 1024 / 1024)} MB` });
      yield chunk;
    }
  };
  const source = counted();
  const first = await source.next();
  if (first.done) return;
  const head = first.value;
  const rest = async function* () {
    yield head;
    yield* source;
  };
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) {
    yield* rest();
    return;
  }
  const gunzip = createGunzip();
  const input = Readable.from(rest());
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    if (error instanceof UploadRefused) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_')) throw new UploadRefused({ stored: false, problem: 'bad-gzip' });
    throw error;
  } finally {
    input.destroy();
  }
}

async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of chunks) {
    pending += decoder.write(chunk);
    const lines = pending.split('\n');
    pending = lines.pop()!;
    yield* lines;
  }
  pending += decoder.end();
  if (pending !== '') yield pending;
}

/**
 * Stores an uploaded access log (text, or gzip by its magic bytes) in parts, after detecting its format
 * from its first lines. Refused before anything is kept: a body no known format reads (with its first
 * lines, to show the uploader), an empty one, a broken gzip stream, or one over the limits (parts stored
 * so far are dropped).
 */
export async function storeCrawlerLog(
  body: AsyncIterable<Buffer>,
  store: CrawlerLogStore,
  uploadId: string,
  limits: UploadLimits,
): Promise<StoredUpload> {
  let format: LogFormat | undefined;
  const head: string[] = [];
  let nonBlank = 0;
  let part: string[] = [];
  let parts = 0;
  let lines = 0;
  // Blank lines are numbered (unreadable lines are reported by their place in the upload) but not counted, as in the report.
  let counted = 0;
  let firstLine = 1;
  const flush = async () => {
    await store.savePart(uploadId, parts, firstLine, part.join('\n'));
    parts++;
    firstLine += part.length;
    part = [];
  };
  const detect = () => {
    const detection = detectLogFormat(head);
    if (!detection.known) throw new UploadRefused({ stored: false, problem: 'unknown-format', unreadLines: detection.unreadLines });
    format = detection.format;
    part = head;
  };
  try {
    for await (const line of linesOf(decodedChunks(body, limits))) {
      lines++;
      if (line.trim() !== '') counted++;
      if (lines > limits.maxLines) throw new UploadRefused({ stored: false, problem: 'too-large', limit: `${limits.maxLines} lines` });
      if (!format) {
        head.push(line);
        if (line.trim() !== '' && ++nonBlank >= DETECTION_LINES) detect();
        continue;
      }
      part.push(line);
      if (part.length >= TRAFFIC_PART_LINES) await flush();
    }
    if (nonBlank === 0) throw new UploadRefused({ stored: false, problem: 'empty' });
    if (!format) detect();
    if (part.length > 0) await flush();
    return { stored: true, format: format!, parts, lines: counted };
  } catch (error) {
    if (parts > 0) await store.drop(uploadId, parts);
    if (error instanceof UploadRefused) return error.outcome;
    throw error;
  }
}

/**
 * `npm run bench:export`: the largest brand diagnosis (500 answers of about 3 KB, CJK, quotes, line
 * breaks) exported as CSV through the project's own table and writer, streamed into a slow reader
 * (16 KiB at a time, as a socket would take it), against the same file built whole. Prints the file's
 * size, the time and the live memory above the report held (heap + buffers after a collection at each
 * write);
 * asserts nothing (these machines are shared and noisy).
 */
import { Writable } from 'node:stream';
import { csvText, writeCsv } from '../api/export-writers';
import type { BrandReport } from '../domain/brand/report/report-schema';
import { KINDS } from '../domain/kinds';
import type { StoredReport } from '../domain/shared/export-table';

const ANSWERS = 500;
const PLATFORMS = ['ChatGPT', 'Gemini', 'Claude', 'Perplexity', 'DeepSeek'];
const paragraph =
  'The best tools for "project planning", by team size: Acme Plan (acmeplan.com), Trello, Asana; 日本語の説明も含まれます。\n- one\n- two, with a comma\r\n';

function largestReport(): BrandReport {
  const questions = Array.from({ length: ANSWERS / PLATFORMS.length }, (_, index) => ({
    id: `q${index}`,
    text: `Which tool is best for planning, case ${index}?`,
    intent: 'best-of' as const,
    branded: false,
    source: 'template' as const,
  }));
  const answers = questions.flatMap((question) =>
    PLATFORMS.map((platform, index) => ({
      questionId: question.id,
      platform,
      run: 1,
      status: 'answered' as const,
      answer: `${index === 0 ? '=' : ''}${paragraph.repeat(20)}`,
      citations: Array.from({ length: 8 }, (_, n) => `https://example-${n}.com/page?q=${question.id}`),
      mentioned: true,
      rank: 1 + (index % 3),
      firstRecommended: index % 3 === 0,
      brandCited: index % 2 === 0,
      entities: ['Acme Plan', 'Trello', 'Asana', 'Monday', 'Notion'].map((name, rank) => ({ name, rank: rank + 1 })),
      searchQueries: ['best project planning tool', 'acme plan review'],
      model: `${platform.toLowerCase()}-model`,
      costUsd: 0.0123,
    })),
  );
  return { questions, answers } as unknown as BrandReport;
}

const memory = () => {
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  return heapUsed + external + arrayBuffers;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** A reader that takes 16 KiB chunks one event-loop turn at a time, recording the memory at each. */
function slowReader(onChunk: () => void): Writable & { bytes: number } {
  const reader = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      reader.bytes += chunk.length;
      onChunk();
      setImmediate(done);
    },
  }) as Writable & { bytes: number };
  reader.bytes = 0;
  return reader;
}

async function main(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:export does)');
  const stored: StoredReport<BrandReport> = {
    reportId: '00000000-0000-4000-8000-000000000500',
    kind: 'brand',
    createdAt: new Date().toISOString(),
    report: largestReport(),
  };
  const table = KINDS.brand.export;
  const reportBytes = Buffer.byteLength(JSON.stringify(stored.report));

  // Timed without collections; then again, collecting at each chunk: what is live, not garbage yet to be collected.
  const timed = slowReader(() => undefined);
  const started = performance.now();
  await writeCsv(table, stored, false, timed);
  const streamedMs = performance.now() - started;
  gc();
  let base = memory();
  let peak = base;
  const reader = slowReader(() => {
    gc();
    peak = Math.max(peak, memory());
  });
  await writeCsv(table, stored, false, reader);
  const streamedPeak = peak - base;

  gc();
  base = memory();
  const wholeStarted = performance.now();
  const text = csvText(table, stored, false);
  const whole = Buffer.from(text);
  const wholeMs = performance.now() - wholeStarted;
  gc();
  // The text and its bytes, as a response sent whole holds them.
  const wholePeak = memory() - base;
  if (text.length === 0) throw new Error('no CSV');

  console.log(`largest diagnosis: ${ANSWERS} answers, report JSON ${mb(reportBytes)}, CSV ${mb(reader.bytes)} (${ANSWERS + 1} records)`);
  console.log(
    `streamed to a 16 KiB reader: ${streamedMs.toFixed(0)} ms, live memory above the report at most ${(streamedPeak / 1024).toFixed(0)} KiB (${((streamedPeak / reader.bytes) * 100).toFixed(1)}% of the file)`,
  );
  console.log(
    `built whole (for comparison): ${wholeMs.toFixed(0)} ms, live memory above the report ${mb(wholePeak)} (${((wholePeak / whole.length) * 100).toFixed(0)}% of the file)`,
  );
}

void main();

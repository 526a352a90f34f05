import { Pool } from 'undici';

export interface Latencies {
  p50: number;
  p99: number;
}

export function percentiles(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

export const round = (value: number) => Math.round(value * 100) / 100;

/** Times each call one after another: the latency one reader sees. */
export async function timeEach<T>(items: T[], call: (item: T) => Promise<unknown>): Promise<Latencies> {
  const samples: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await call(item);
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

/** A keep-alive HTTP client for the gateway; every answer must have the expected status. */
export function httpClient(origin: string, connections: number) {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  async function get(path: string, expected = 200): Promise<number> {
    const { statusCode, body } = await pool.request({ method: 'GET', path });
    const bytes = (await body.arrayBuffer()).byteLength;
    if (statusCode !== expected) throw new Error(`GET ${path} answered ${statusCode}, expected ${expected}`);
    return bytes;
  }
  return { get, close: () => pool.close() };
}

/** Requests per second with `concurrency` requests in flight for `durationMs`, cycling over `paths`. */
export async function throughput(
  get: (path: string) => Promise<unknown>,
  paths: string[],
  concurrency: number,
  durationMs: number,
): Promise<number> {
  let completed = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const loop = async () => {
    while (performance.now() < deadline) {
      await get(paths[next++ % paths.length]!);
      completed += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return Math.round(completed / ((performance.now() - started) / 1000));
}

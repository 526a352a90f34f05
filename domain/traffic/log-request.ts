/** One request read from an access log, whatever its format. Holds the client address: never stored. */
export interface LogRequest {
  /** Epoch milliseconds; undefined when the line gives no time. */
  time?: number;
  ip: string;
  method?: string;
  /** Path and query as requested. */
  path: string;
  /** 0 when the log has no status (a request that got no answer). */
  status: number;
  userAgent: string;
  referer?: string;
  /** The Host header, where the log records it (the ai-agents recipes, JSON fields). */
  host?: string;
  /** Web Bot Auth headers as sent, where the log records them and the request carried any (docs/checks/traffic.md, "Signed agents"). */
  signature?: SignatureHeaders;
}

/** The three RFC 9421 / Web Bot Auth request headers, raw. */
export interface SignatureHeaders {
  agent?: string;
  input?: string;
  signature?: string;
}

/** The headers when at least one is present; undefined for a request that carries none. */
export function signatureHeaders(
  agent: string | undefined,
  input: string | undefined,
  signature: string | undefined,
): SignatureHeaders | undefined {
  if (agent === undefined && input === undefined && signature === undefined) return undefined;
  return { ...(agent !== undefined && { agent }), ...(input !== undefined && { input }), ...(signature !== undefined && { signature }) };
}

/** Reads one line: false when the line is not of the format; emits the requests it holds (none, one, or a batch). */
export type LineReader = (line: string, emit: (request: LogRequest) => void) => boolean;

/** `-` is how every space-separated format writes an absent value. */
export const present = (value: string | undefined): string | undefined =>
  value === undefined || value === '-' || value === '' ? undefined : value;

/** A JSON field's string, when it is one and not absent (`-` or empty). */
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? present(value) : undefined);

/** An HTTP status from a log field; 0 for `-` or anything that is not a status. */
export function statusOf(value: unknown): number {
  const status = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(status) && status >= 100 && status <= 999 ? status : 0;
}

/** Epoch ms from seconds, milliseconds, microseconds or nanoseconds since 1970, or an ISO 8601 string. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (value > 1e17) return Math.floor(value / 1e6);
    if (value > 1e14) return Math.floor(value / 1e3);
    if (value > 1e11) return Math.floor(value);
    return Math.floor(value * 1000);
  }
  if (typeof value === 'string' && value !== '') {
    if (/^\d+(\.\d+)?$/.test(value)) return timeOf(Number(value));
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  return undefined;
}

/** The path and query of a request target that may be absolute (`GET http://host:80/a?b HTTP/1.1` in ALB logs). */
export function pathOf(target: string): string {
  if (target.startsWith('/')) return target;
  const scheme = target.indexOf('://');
  if (scheme < 0) return target;
  const slash = target.indexOf('/', scheme + 3);
  return slash < 0 ? '/' : target.slice(slash);
}

import { pathOf, statusOf, type LineReader } from './log-request';

/**
 * AWS Application Load Balancer access logs: space-separated, some fields double-quoted, in the documented
 * order `type time elb client:port target:port request_processing_time target_processing_time
 * response_processing_time elb_status_code target_status_code received_bytes sent_bytes "request"
 * "user_agent" …`. ALB logs no referer.
 */
const TYPES = new Set(['http', 'https', 'h2', 'grpcs', 'ws', 'wss']);

/** Splits on spaces, keeping a double-quoted field (which may contain spaces) whole, without its quotes. */
function splitQuoted(line: string): string[] {
  const fields: string[] = [];
  let at = 0;
  while (at < line.length) {
    if (line[at] === ' ') {
      at++;
      continue;
    }
    if (line[at] === '"') {
      let end = at + 1;
      while (end < line.length && line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
      fields.push(line.slice(at + 1, end));
      at = end + 1;
    } else {
      const end = line.indexOf(' ', at);
      fields.push(line.slice(at, end < 0 ? line.length : end));
      at = end < 0 ? line.length : end;
    }
  }
  return fields;
}

/** `192.0.2.1:2817`, `[2001:db8::1]:2817` or `2001:db8::1:2817` without the port. */
function withoutPort(endpoint: string): string {
  if (endpoint.startsWith('[')) return endpoint.slice(1, endpoint.indexOf(']'));
  const colon = endpoint.lastIndexOf(':');
  return colon < 0 ? endpoint : endpoint.slice(0, colon);
}

export const readAlbLine: LineReader = (line, emit) => {
  const fields = splitQuoted(line);
  if (fields.length < 14 || !TYPES.has(fields[0]!)) return false;
  const time = Date.parse(fields[1]!);
  if (Number.isNaN(time) || fields[3] === '-') return false;
  const [method, target] = fields[12]!.split(' ');
  emit({
    time,
    ip: withoutPort(fields[3]!),
    method: target ? method : undefined,
    path: target ? pathOf(target) : fields[12]!,
    status: statusOf(fields[8]),
    userAgent: fields[13] === '-' ? '' : fields[13]!,
  });
  return true;
};

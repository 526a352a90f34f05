import { present, statusOf, text, timeOf, type LineReader, type LogRequest } from './log-request';

/**
 * AWS CloudFront standard logs (legacy, and v2 in W3C form): tab-separated, `#Version` and `#Fields`
 * header lines, the user agent percent-encoded. The fields are read by the names in `#Fields`; a part
 * that starts past the header uses the header detection saw, else the documented default order.
 */
const CLOUDFRONT_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(Referer)',
  'cs(User-Agent)',
  'cs-uri-query',
  'cs(Cookie)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'x-forwarded-for',
  'ssl-protocol',
  'ssl-cipher',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'fle-status',
  'fle-encrypted-fields',
  'c-port',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
  'sc-range-start',
  'sc-range-end',
];

/** The field names of a `#Fields:` line, or undefined for any other line. */
export function cloudfrontFieldsOf(line: string): string[] | undefined {
  return line.startsWith('#Fields:') ? line.slice('#Fields:'.length).trim().split(/\s+/) : undefined;
}

export function cloudfrontLineReader(fields: readonly string[] = CLOUDFRONT_FIELDS): LineReader {
  let names = fields;
  let at = positions(names);
  return (line, emit) => {
    if (line.startsWith('#')) {
      const header = cloudfrontFieldsOf(line);
      if (header) {
        names = header;
        at = positions(names);
      }
      return line.startsWith('#Version:') || header !== undefined;
    }
    const values = line.split('\t');
    if (values.length !== names.length) return false;
    const get = (name: string) => present(values[at[name] ?? -1]);
    // A plain-text line must be dated (a JSON entry may fall back on its timestamp).
    if (!get('date') || !get('time')) return false;
    const request = cloudfrontRequest(get);
    if (!request || request.time === undefined) return false;
    emit(request);
    return true;
  };
}

/**
 * A request from CloudFront's W3C fields, read by name: the plain-text log and standard logging v2 as JSON
 * name them alike. Undefined without an address or a path; the time from `date` and `time`, else `timestamp`.
 */
export function cloudfrontRequest(get: (name: string) => unknown): LogRequest | undefined {
  const ip = text(get('c-ip'));
  const stem = text(get('cs-uri-stem'));
  if (!ip || !stem) return undefined;
  const query = text(get('cs-uri-query'));
  const date = text(get('date'));
  const time = text(get('time'));
  return {
    time: date && time ? timeOf(`${date}T${time}Z`) : timeOf(get('timestamp')),
    ip,
    method: text(get('cs-method')),
    path: query ? `${stem}?${query}` : stem,
    status: statusOf(get('sc-status')),
    userAgent: decodeW3c(text(get('cs(User-Agent)')) ?? ''),
    referer: text(get('cs(Referer)')),
  };
}

/** CloudFront percent-encodes spaces and other characters in the user agent (sometimes twice). */
function decodeW3c(value: string): string {
  let decoded = value;
  for (let round = 0; round < 2 && decoded.includes('%'); round++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  return decoded;
}

const positions = (names: readonly string[]): Record<string, number> => Object.fromEntries(names.map((name, index) => [name, index]));

import { decodeW3c } from './json-log';
import { present, statusOf, type LineReader } from './log-request';

/**
 * AWS CloudFront standard logs (legacy, and v2 in W3C form): tab-separated, `#Version` and `#Fields`
 * header lines, the user agent percent-encoded. The fields are read by the names in `#Fields`; a part
 * that starts past the header uses the header detection saw, else the documented default order.
 */
export const CLOUDFRONT_FIELDS = [
  'date', 'time', 'x-edge-location', 'sc-bytes', 'c-ip', 'cs-method', 'cs(Host)', 'cs-uri-stem', 'sc-status', 'cs(Referer)', 'cs(User-Agent)',
  'cs-uri-query', 'cs(Cookie)', 'x-edge-result-type', 'x-edge-request-id', 'x-host-header', 'cs-protocol', 'cs-bytes', 'time-taken',
  'x-forwarded-for', 'ssl-protocol', 'ssl-cipher', 'x-edge-response-result-type', 'cs-protocol-version', 'fle-status',
  'fle-encrypted-fields', 'c-port', 'time-to-first-byte', 'x-edge-detailed-result-type', 'sc-content-type', 'sc-content-len',
  'sc-range-start', 'sc-range-end',
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
    const ip = get('c-ip');
    const stem = get('cs-uri-stem');
    const date = get('date');
    const time = get('time');
    if (!ip || !stem || !date || !time) return false;
    const when = Date.parse(`${date}T${time}Z`);
    if (Number.isNaN(when)) return false;
    const query = get('cs-uri-query');
    emit({
      time: when,
      ip,
      method: get('cs-method'),
      path: query ? `${stem}?${query}` : stem,
      status: statusOf(get('sc-status')),
      userAgent: decodeW3c(get('cs(User-Agent)') ?? ''),
      referer: get('cs(Referer)'),
    });
    return true;
  };
}

const positions = (names: readonly string[]): Record<string, number> => Object.fromEntries(names.map((name, index) => [name, index]));

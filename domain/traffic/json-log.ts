import { cloudfrontRequest } from './cloudfront-log';
import { signatureHeaders, statusOf, text, timeOf, type LineReader, type LogRequest } from './log-request';

/**
 * JSON-lines logs, by the field names each vendor documents:
 * - Cloudflare Logpush (http_requests): ClientIP, ClientRequestMethod, ClientRequestURI, EdgeResponseStatus,
 *   ClientRequestUserAgent, ClientRequestReferer, EdgeStartTimestamp (RFC 3339, Unix seconds or nanoseconds).
 * - Vercel log drains: the request under `proxy` (clientIp, method, path, statusCode, userAgent as an array,
 *   referer, timestamp in ms); entries without `proxy` (build and function output) hold no request. A
 *   function's log lines repeat their request's proxy object, so a request is counted once per requestId.
 * - Fastly: its documented JSON log format (client_ip, request_method or request, url, response_status,
 *   request_user_agent, request_referer, timestamp or time_start).
 * - AWS CloudFront standard logging v2 as JSON: the W3C field names (c-ip, cs-method, cs-uri-stem,
 *   cs-uri-query, sc-status, cs(User-Agent), cs(Referer), date and time).
 */
export type JsonLogVendor = 'cloudflare' | 'vercel' | 'fastly' | 'cloudfront-json';

type Fields = Record<string, unknown>;

/** Which vendor wrote an entry, from the fields only that vendor uses. */
export function jsonVendorOf(fields: Fields): JsonLogVendor | undefined {
  if ('ClientIP' in fields && ('ClientRequestURI' in fields || 'ClientRequestPath' in fields)) return 'cloudflare';
  if (typeof fields.proxy === 'object' || ('deploymentId' in fields && 'projectId' in fields)) return 'vercel';
  if ('c-ip' in fields && 'cs-uri-stem' in fields) return 'cloudfront-json';
  if ('client_ip' in fields && ('url' in fields || 'request_user_agent' in fields)) return 'fastly';
  return undefined;
}

function cloudflare(fields: Fields): LogRequest | undefined {
  const ip = text(fields.ClientIP);
  const path = text(fields.ClientRequestURI) ?? text(fields.ClientRequestPath);
  if (!ip || !path) return undefined;
  return {
    time: timeOf(fields.EdgeStartTimestamp),
    ip,
    method: text(fields.ClientRequestMethod),
    path,
    status: statusOf(fields.EdgeResponseStatus),
    userAgent: text(fields.ClientRequestUserAgent) ?? '',
    referer: text(fields.ClientRequestReferer),
  };
}

function vercel(fields: Fields): LogRequest | undefined {
  const proxy = fields.proxy as Fields;
  const ip = text(proxy.clientIp);
  const path = text(proxy.path) ?? text(fields.path);
  if (!ip || !path) return undefined;
  const agents = Array.isArray(proxy.userAgent)
    ? proxy.userAgent.filter((agent): agent is string => typeof agent === 'string')
    : [text(proxy.userAgent) ?? ''];
  const status = statusOf(proxy.statusCode) || statusOf(fields.statusCode);
  return {
    time: timeOf(proxy.timestamp ?? fields.timestamp),
    ip,
    method: text(proxy.method),
    path,
    status,
    userAgent: agents.join(' '),
    referer: text(proxy.referer),
  };
}

function fastly(fields: Fields): LogRequest | undefined {
  const ip = text(fields.client_ip);
  const path = text(fields.url);
  if (!ip || !path) return undefined;
  return {
    time: timeOf(fields.timestamp ?? fields.time_start),
    ip,
    method: text(fields.request_method) ?? text(fields.request),
    path,
    status: statusOf(fields.response_status ?? fields.status),
    userAgent: text(fields.request_user_agent) ?? '',
    referer: text(fields.request_referer),
  };
}

/** CloudFront standard logging v2 as JSON: the W3C fields of the plain-text log, by the same names. */
const cloudfrontJson = (fields: Fields) => cloudfrontRequest((name) => fields[name]);

const READ: Record<JsonLogVendor, (fields: Fields) => LogRequest | undefined> = {
  cloudflare,
  vercel,
  fastly,
  'cloudfront-json': cloudfrontJson,
};

/**
 * The Host and Web Bot Auth headers of an entry, where the log records them (docs/checks/traffic.md, "Logs
 * that record signatures"): Cloudflare Logpush's `RequestHeaders` (the custom request fields, lower-case
 * names) beside `ClientRequestHost`, or plain fields `host`, `signature_agent`, `signature_input`, `signature`.
 */
function withSignature(request: LogRequest, fields: Fields, vendor: JsonLogVendor): LogRequest {
  const headers = typeof fields.RequestHeaders === 'object' && fields.RequestHeaders !== null ? (fields.RequestHeaders as Fields) : {};
  const header = (name: string) => text(headers[name]) ?? text(fields[name.replace(/-/g, '_')]);
  const signed = signatureHeaders(header('signature-agent'), header('signature-input'), header('signature'));
  if (!signed) return request;
  // The host is only wanted to verify a signature (its @authority).
  const proxy = vendor === 'vercel' ? (fields.proxy as Fields) : {};
  const host = text(fields.ClientRequestHost) ?? text(proxy.host) ?? header('host');
  return { ...request, ...(host && { host }), signature: signed };
}

/** Up to this many recent Vercel request ids are remembered to count a request once. */
const SEEN_REQUEST_IDS = 50_000;

/** A reader for one vendor's JSON lines (a line may also be a JSON array: Vercel's batched delivery). */
export function jsonLineReader(vendor: JsonLogVendor): LineReader {
  const seen = new Set<string>();
  const readEntry = (entry: unknown, emit: (request: LogRequest) => void): boolean => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
    const fields = entry as Fields;
    if (vendor === 'vercel') {
      // Build and function output without a request is a readable entry that holds no request.
      if (typeof fields.proxy !== 'object' || fields.proxy === null) return 'deploymentId' in fields || 'source' in fields;
      const id = text(fields.requestId);
      if (id) {
        if (seen.has(id)) return true;
        if (seen.size >= SEEN_REQUEST_IDS) seen.clear();
        seen.add(id);
      }
    } else if (jsonVendorOf(fields) !== vendor) {
      return false;
    }
    const request = READ[vendor](fields);
    if (!request) return false;
    emit(withSignature(request, fields, vendor));
    return true;
  };
  return (line, emit) => {
    const first = line.charCodeAt(0);
    if (first !== 0x7b && first !== 0x5b) return false; // { or [
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return false;
    }
    if (!Array.isArray(parsed)) return readEntry(parsed, emit);
    let readable = parsed.length > 0;
    for (const entry of parsed) readable = readEntry(entry, emit) && readable;
    return readable;
  };
}

import { clientAddress } from './client-address';
import { pathOf, present, signatureHeaders, statusOf, type LineReader, type LogRequest } from './log-request';

/**
 * NGINX/Apache combined and common log format:
 * `host ident user [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.1" 200 2326 "referer" "user agent"`.
 * Quoted fields may hold escaped quotes (Apache `\"`, NGINX `\x22`). The remote user is whatever
 * stands before the time, up to 256 characters (NGINX writes `$remote_user` with its spaces; some
 * formats quote it); the time's brackets hold up to 64, so a long line of brackets is read as fast as
 * a short one. The first field after the user agent, quoted or not, is read as X-Forwarded-For
 * (NGINX's `main` format appends `"$http_x_forwarded_for"`): behind a proxy of the site's own network
 * it names the client (client-address.ts); it and anything after it (timings) are otherwise ignored.
 * Written here: the npm parsers of this format are unmaintained or CLI streams, and one regular
 * expression does it.
 */
const LINE =
  /^(\S+) \S+ .{1,256}? \[([^\]]{1,64})\] "((?:[^"\\]|\\.)*)" (\d{3}|-) \S+(?: "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)"(?: +(?:"((?:[^"\\]|\\.)*)"|(\S+)))?)?/;

const QUOTED = '"((?:[^"\\\\]|\\\\.)*)"';
/**
 * The ai-agents recipe (docs/checks/traffic.md, "Logs that record signatures"): the combined format, then
 * `"$host" "$http_signature_agent" "$http_signature_input" "$http_signature"` (Apache: `%{Host}i` and the
 * same three headers), exactly four quoted fields and nothing after them, so a combined log with
 * X-Forwarded-For or timings appended is never read as one.
 */
const AI_AGENTS_LINE = new RegExp(
  `^(\\S+) \\S+ .{1,256}? \\[([^\\]]{1,64})\\] ${QUOTED} (\\d{3}|-) \\S+ ${QUOTED} ${QUOTED} ${QUOTED} ${QUOTED} ${QUOTED} ${QUOTED}\\s*$`,
);

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

const CLF_TIME = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;

/** `10/Oct/2000:13:55:36 -0700` as epoch milliseconds (undefined when malformed). */
function clfTime(text: string): number | undefined {
  const match = CLF_TIME.exec(text);
  const month = match ? MONTHS[match[2]!] : undefined;
  if (!match || month === undefined) return undefined;
  const [day, hours, minutes, seconds] = [match[1], match[4], match[5], match[6]].map(Number) as [number, number, number, number];
  const local = Date.UTC(Number(match[3]), month, day, hours, minutes, seconds);
  // Date.UTC rolls 31 Feb over into March: a field out of range makes the line unreadable instead.
  if (new Date(local).getUTCDate() !== day || hours > 23 || minutes > 59 || seconds > 60) return undefined;
  const offsetMinutes = (match[7] === '-' ? -1 : 1) * (Number(match[8]) * 60 + Number(match[9]));
  return local - offsetMinutes * 60_000;
}

const unescape = (text: string) =>
  text.includes('\\')
    ? text.replace(/\\x([0-9a-fA-F]{2})|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
        hex ? String.fromCharCode(parseInt(hex, 16)) : char!,
      )
    : text;

/**
 * A reader of the combined format (the referer and user agent required: a line cut short inside them is
 * unreadable, not a request without a user agent; a field after them read as X-Forwarded-For, the rest
 * ignored) or of the common format.
 */
export function combinedLineReader(format: 'combined' | 'common'): LineReader {
  const combined = format === 'combined';
  return (line, emit) => {
    const match = LINE.exec(line);
    if (!match) return false;
    // Combined needs its referer and user agent; common ends at the size (more is not common format).
    if (combined ? match[6] === undefined : match[6] !== undefined || match[0].length !== line.trimEnd().length) return false;
    const request = requestOf(match, combined ? clientAddress(match[1]!, match[7] ?? match[8]) : match[1]!);
    if (!request) return false;
    emit(request);
    return true;
  };
}

/** A reader of the ai-agents recipe: the combined fields, the Host and the three Web Bot Auth headers (nginx's `\x22` undone). */
export const readAiAgentsLine: LineReader = (line, emit) => {
  const match = AI_AGENTS_LINE.exec(line);
  const request = match ? requestOf(match, match[1]!) : undefined;
  if (!match || !request) return false;
  const [host, agent, input, signature] = [match[7], match[8], match[9], match[10]].map((field) => present(unescape(field!)));
  const signed = signatureHeaders(agent, input, signature);
  // The host is only wanted to verify a signature (its @authority).
  emit(signed ? { ...request, ...(host && { host }), signature: signed } : request);
  return true;
};

/** The fields every CLF variant shares, from a match whose groups 1–6 are address, time, request line, status, referer, user agent. */
function requestOf(match: RegExpExecArray, ip: string): LogRequest | undefined {
  const time = clfTime(match[2]!);
  if (time === undefined) return undefined;
  const request = unescape(match[3]!);
  const [method, target] = request.split(' ');
  const hasTarget = target !== undefined && target !== '';
  return {
    time,
    ip,
    method: hasTarget ? method : undefined,
    // An absolute target (`GET https://host/a HTTP/1.1`, as proxies and some clients send it) is its path.
    path: hasTarget ? pathOf(target) : request,
    status: statusOf(match[4]),
    userAgent: match[6] === undefined ? '' : unescape(match[6]),
    referer: match[5] === undefined ? undefined : present(unescape(match[5])),
  };
}

import { directoryUrlOf } from './key-directory';
import { readLogLines, type LogFormat } from './log-format';
import { readSignature } from './signature-headers';

/** A quick look at the raw line: only lines that may carry a Web Bot Auth signature are read twice. */
const MAY_BE_SIGNED = /web-bot-auth/i;

/**
 * The key directories a part's signed requests name, at most `limit` of them, so that they can be fetched
 * before the part is counted. Beyond the limit, requests stay unverified rather than wait on more fetches.
 */
export function directoriesNeeded(lines: readonly string[], format: LogFormat, limit: number): string[] {
  const urls = new Set<string>();
  readLogLines(
    lines.filter((line) => MAY_BE_SIGNED.test(line)),
    format,
    (request) => {
      if (!request.signature || urls.size >= limit) return;
      const read = readSignature(request.signature);
      const url = read.signed && read.agent !== undefined ? directoryUrlOf(read.agent) : undefined;
      if (url) urls.add(url);
    },
  );
  return [...urls];
}

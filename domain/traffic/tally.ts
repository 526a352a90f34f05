import { crawlerOf } from './crawler-match';
import { readLogLines, type LogFormat } from './log-format';
import { addCrawlerRequest, addReferral } from './count-request';
import { emptyAggregate, type TrafficAggregate } from './traffic-aggregate';
import type { Verifier } from './verification';

/**
 * One part of a log read, verified and counted: every request a crawler claims gets its verdict, every
 * other request may be a visit an assistant sent. The addresses stay in here; the aggregate has none.
 */
export function tallyLog(lines: Iterable<string>, format: LogFormat, verifier: Verifier, firstLine = 1): TrafficAggregate {
  const aggregate = emptyAggregate();
  const counts = readLogLines(
    lines,
    format,
    (request) => {
      aggregate.requests++;
      const crawler = crawlerOf(request.userAgent);
      if (crawler) addCrawlerRequest(aggregate, request, crawler, verifier.verdict(crawler, request.ip));
      else addReferral(aggregate, request);
    },
    firstLine,
  );
  return { ...aggregate, lines: counts.lines, unreadable: counts.unreadable, unreadableAt: counts.unreadableAt };
}

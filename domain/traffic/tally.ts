import { crawlerOf } from './crawler-match';
import { readLogLines, type LogFormat } from './log-format';
import { addCrawlerRequest, addReferral, addSignedRequest } from './count-request';
import { emptyAggregate, type TrafficAggregate } from './traffic-aggregate';
import type { Verifier } from './verification';

/**
 * One part of a log read, verified and counted: every request a crawler claims gets its verdict, every
 * other request may be a visit an assistant sent. A request carrying Web Bot Auth headers is counted under
 * its signing agent: verified, it is that agent's visit and nothing else; otherwise its claims are not
 * believed, so it still counts under a crawler it names, but never as a person an assistant sent
 * (docs/checks/traffic.md, "Signed agents"). The addresses stay in here; the aggregate has none.
 */
export function tallyLog(lines: Iterable<string>, format: LogFormat, verifier: Verifier, firstLine = 1): TrafficAggregate {
  const aggregate = emptyAggregate();
  const counts = readLogLines(
    lines,
    format,
    (request) => {
      aggregate.requests++;
      let signed = false;
      if (request.signature) {
        const { origin, verdict } = verifier.signature(request);
        addSignedRequest(aggregate, request, origin, verdict);
        if (verdict.outcome === 'verified') return;
        signed = true;
      }
      const crawler = crawlerOf(request.userAgent);
      if (crawler) addCrawlerRequest(aggregate, request, crawler, verifier.verdict(crawler, request.ip));
      else if (!signed) addReferral(aggregate, request);
    },
    firstLine,
  );
  return { ...aggregate, lines: counts.lines, unreadable: counts.unreadable, unreadableAt: counts.unreadableAt };
}

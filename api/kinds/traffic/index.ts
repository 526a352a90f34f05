import { logRecipes } from './log-recipes';
import { trafficTotals } from '../../../domain/traffic/totals';
import type { CheckKind } from '../../../domain/shared/check-kinds';
import { html } from '../../html';
import { trafficData, trafficOutput } from './structured';
import { trafficSummary } from './summary';
import { registerReportByIdTool } from '../../mcp/tools/report-by-id';
import { trafficReportPage } from './traffic-report-page';
import { trafficInputSchema, trafficSummarySchema } from './schemas';
import { example, type ApiKind } from '../shared/api-kind';

/** AI crawler traffic: an uploaded access log, read for the AI crawlers that really come (started by its upload route, not a stream). */
export const trafficApi: ApiKind<Extract<CheckKind, 'traffic'>> = {
  requestSchema: trafficInputSchema,
  operation: 'crawlerLogs',
  events: { step: 'progress', final: 'summary', id: 'reportId', url: 'reportUrl', started: 'Crawler traffic check' },
  finalEventSchema: trafficSummarySchema,
  page: trafficReportPage,
  summary: trafficSummary,
  headline: (report) => {
    const scores = trafficTotals(report);
    return {
      title: `${report.domain}: AI crawler traffic`,
      figures: `${scores.lines} lines · AI crawler requests ${scores.verified} verified, ${scores.forged} forged, ${scores.unverifiable} unverifiable · ${scores.referrals} visits from assistants`,
      done: 'The crawler-traffic check is done.',
    };
  },
  mcpTools: [
    {
      name: 'get_crawler_report',
      register: (server, deps) =>
        registerReportByIdTool(server, deps, {
          name: 'get_crawler_report',
          title: 'AI crawler traffic report',
          description:
            'A stored crawler-traffic report by its report id (reportId of POST /api/v1/crawler-logs): per AI crawler the requests that were verified against its vendor’s published IP ranges or host names, forged, or unverifiable, what robots.txt says against what happened, and the visits AI assistants sent, as markdown (the totals also as structured content). No IP address is kept. Read-only.',
          kind: 'traffic',
          missing: 'crawler-traffic',
          outputSchema: trafficOutput,
          summary: trafficSummary,
          data: trafficData,
        }),
    },
  ],
  homeSection: () => html`<section aria-labelledby="traffic-heading">
<h2 id="traffic-heading">Crawler traffic</h2>
<p class="muted">Upload your server's access log: which AI crawlers really come, whether they are who they claim (checked against the vendors' published IP ranges), what your server answers them, and who arrives from an assistant. No address is kept; the log is deleted once read.</p>
<form id="crawler-log" class="fields" action="/api/v1/crawler-logs" method="post" enctype="application/octet-stream">
  <div><label for="log-domain">Your domain</label><input id="log-domain" name="domain" type="text" inputmode="url" placeholder="example.com" required maxlength="253"></div>
  <div><label for="log-file">Access log (text or .gz)</label><input id="log-file" name="log" type="file" required></div>
  <div class="wide"><button type="submit">Upload and read</button> <progress id="log-progress" max="100" value="0" hidden aria-label="Upload progress"></progress></div>
</form>
<p class="muted">NGINX/Apache combined or common (or ai-agents, below), Cloudflare Logpush, Vercel, Fastly, CloudFront and ALB logs.</p>
${logRecipes()}
</section>`,
  docsSection: (publicBaseUrl) => html`<h2>AI crawler traffic: <code>POST /api/v1/crawler-logs?domain=…</code></h2>
<p>The body is your server's access log, as text or gzipped (NGINX/Apache combined or common, Cloudflare Logpush, Vercel, Fastly, CloudFront or ALB logs). Answers 202 <code>{checkId, reportId, eventsUrl, reportUrl}</code> at once; <code>eventsUrl</code> streams progress, then one summary. The report says, per AI crawler, how many requests were verified against its vendor's published IP ranges (or reverse DNS), forged or unverifiable, what your server answered, what robots.txt says against what happened, and the visits AI assistants sent; with a log that records the Web Bot Auth headers (the ai-agents recipe), each signing agent's requests verified, invalid (forged, expired, unknown key, …) or unverified. No IP address is kept; the log is deleted once read. 422 names the first lines when the body is no known log format; 413 past the size limits.</p>
${example(`gzip -c access.log | curl -X POST '${publicBaseUrl}/api/v1/crawler-logs?domain=example.com' -H 'Content-Type: application/gzip' --data-binary @-`)}`,
};

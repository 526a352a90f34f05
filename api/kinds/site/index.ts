import type { CheckKind } from '../../../domain/shared/check-kinds';
import { html } from '../../html';
import { registerCheckSiteTool } from './check-site-tool';
import { registerLatestReportTool } from './latest-report-tool';
import { siteSummary } from './summary';
import { reportPage } from './report-page';
import { checkRequestSchema, reportEventSchema } from './schemas';
import { example, type ApiKind } from '../shared/api-kind';
import { headlineText } from '../../../domain/shared/metric';
import { SITE_METRICS } from '../../../domain/site/metrics';

/** The site check: whether AI crawlers reach a site, what the assistants know of it, what to fix. */
export const siteApi: ApiKind<Extract<CheckKind, 'site'>> = {
  requestSchema: checkRequestSchema,
  operation: 'check',
  // A site check keeps the names it had before reports of other kinds existed.
  events: { step: 'step', final: 'report', id: 'snapshotId', url: 'snapshotUrl', started: 'Check' },
  stream: {
    path: '/api/check',
    operation: 'checkStream',
    operationId: 'checkSiteStream',
    summary: 'The same check as Server-Sent Events: step events, then one report event (or a final error event)',
    description:
      'The first event carries checkId, for GET /api/check/{checkId}/events. Each event is one line `data: <JSON>` with a `type` of step, report or error; comment heartbeats every 15 s.',
  },
  finalEventSchema: reportEventSchema,
  page: reportPage,
  summary: siteSummary,
  headline: (report) => ({
    title: `${report.domain}: ${Math.round(report.totalScore)}/100`,
    figures: `${headlineText(SITE_METRICS, report)} · ${report.issues.length} issue(s) with fixes`,
    done: `The check of ${report.domain} is done.`,
  }),
  mcpTools: [
    { name: 'check_site', register: registerCheckSiteTool },
    { name: 'get_latest_report', register: registerLatestReportTool },
  ],
  homeSection: () => html`<section aria-labelledby="site-heading">
<h2 id="site-heading">Site check</h2>
<p class="muted">Can AI crawlers reach the site, what do the assistants know about it, and what to fix. About a minute.</p>
<form class="check" action="/api/check" method="post" data-endpoint="/api/check">
  <label for="url">Domain or URL to check</label>
  <input id="url" name="url" type="text" inputmode="url" autocomplete="url" placeholder="example.com" required maxlength="2048" aria-describedby="url-help">
  <button type="submit">Check</button>
</form>
<p id="url-help" class="muted">A domain such as example.com, or a full URL such as https://example.com.</p>
<p class="muted"><a class="monitor-this" href="/monitor/new?kind=site">Monitor a site</a>: the same check every day or week, with alerts.</p>
</section>`,
  docsSection: (publicBaseUrl) => html`<h2>Run a check: <code>POST /api/v1/check</code></h2>
<p>Body <code>{"url": "example.com"}</code> (a domain or a full URL). Takes about 40 to 100 seconds: set your client time-out above 120 s. Answers <code>{ok, snapshotId, snapshotUrl, report}</code>; every success is stored as a permanent snapshot at <code>snapshotUrl</code>.</p>
${example(`curl -s --max-time 150 -X POST ${publicBaseUrl}/api/v1/check \\\n  -H 'Content-Type: application/json' -d '{"url":"example.com"}'`)}

<h2>Follow a check live: <code>POST /api/check</code></h2>
<p>The same check as Server-Sent Events (<code>text/event-stream</code>): one <code>data: &lt;JSON&gt;</code> line per event, <code>{"type":"step",…}</code> events first, then exactly one <code>{"type":"report", snapshotId, snapshotUrl, report, headline}</code>; a failure is a final <code>{"type":"error","error":…}</code>. Bad input and rate limits are answered as plain JSON before the stream starts. The first event carries <code>checkId</code>: <code>GET /api/check/{checkId}/events</code> follows the same check again (with <code>EventSource</code>, too) after a lost connection.</p>
${example(`curl -N -X POST ${publicBaseUrl}/api/check -H 'Content-Type: application/json' -d '{"url":"example.com"}'`)}`,
};

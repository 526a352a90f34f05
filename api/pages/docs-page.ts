import { RATE_LIMITS } from '../../domain/shared/rate-limits';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';


/** GET /docs: the API for people; /openapi.json is the same for machines. */
export function docsPage(publicBaseUrl: string, limits: Record<keyof typeof RATE_LIMITS, number>): SafeHtml {
  const example = (text: string) => html`<pre class="answer"><code>${text}</code></pre>`;
  return layout(
    { title: 'AI visibility check: API', description: 'HTTP API of the AI visibility check service', url: `${publicBaseUrl}/docs` },
    html`<p><a href="/">Check a site</a></p>
<h1>API</h1>
<p>Free, no authentication. Requests are limited per client IP address and hour (IPv6 per /64 network); the machine-readable description is <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>

<h2>Run a check: <code>POST /api/v1/check</code></h2>
<p>Body <code>{"url": "example.com"}</code> (a domain or a full URL). Takes about 40 to 100 seconds: set your client time-out above 120 s. Answers <code>{ok, snapshotId, snapshotUrl, report}</code>; every success is stored as a permanent snapshot at <code>snapshotUrl</code>.</p>
${example(`curl -s --max-time 150 -X POST ${publicBaseUrl}/api/v1/check \\\n  -H 'Content-Type: application/json' -d '{"url":"example.com"}'`)}

<h2>Follow a check live: <code>POST /api/check</code></h2>
<p>The same check as Server-Sent Events (<code>text/event-stream</code>): one <code>data: &lt;JSON&gt;</code> line per event, <code>{"type":"step",…}</code> events first, then exactly one <code>{"type":"report", snapshotId, snapshotUrl, report}</code>; a failure is a final <code>{"type":"error","error":…}</code>. Bad input and rate limits are answered as plain JSON before the stream starts. The first event carries <code>checkId</code>: <code>GET /api/check/{checkId}/events</code> follows the same check again (with <code>EventSource</code>, too) after a lost connection.</p>
${example(`curl -N -X POST ${publicBaseUrl}/api/check -H 'Content-Type: application/json' -d '{"url":"example.com"}'`)}

<h2>Brand GEO diagnosis: <code>POST /api/keywords</code></h2>
<p>Body <code>{"keyword": "project planning software", "brand": "Acme Plan", "domain": "acmeplan.com", "aliases": [], "competitors": ["Asana"]}</code> (domain, aliases and competitors optional). Asks every platform the questions people ask about the keyword and measures how often each names the brand, names it first, cites its site, and its share of voice against competitors (given, and discovered in the answers), each with a 95% interval; then a stage and an action plan. Server-Sent Events: <code>{"type":"progress",…}</code> events (the first carries <code>checkId</code> and <code>reportId</code>), then exactly one <code>{"type":"summary", reportId, reportUrl, report}</code>, or a final <code>{"type":"error","error":…}</code>.</p>
${example(`curl -N -X POST ${publicBaseUrl}/api/keywords -H 'Content-Type: application/json' \
  -d '{"keyword":"project planning software","brand":"Acme Plan"}'`)}

<h2>Article GEO check: <code>POST /api/article-check</code></h2>
<p>Body <code>{"url": "https://example.com/blog/post"}</code>. Reads the article (main text without navigation or footer), picks its key points, asks every platform the questions it answers, and measures coverage (how much of it the answers use) and URL citation (whether they cite it): a verdict and advice. The same events as the brand diagnosis; an address without an article ends with an error event that says why.</p>
${example(`curl -N -X POST ${publicBaseUrl}/api/article-check -H 'Content-Type: application/json' -d '{"url":"https://example.com/blog/post"}'`)}

<h2>AI crawler traffic: <code>POST /api/v1/crawler-logs?domain=…</code></h2>
<p>The body is your server's access log, as text or gzipped (NGINX/Apache combined or common, Cloudflare Logpush, Vercel, Fastly, CloudFront or ALB logs). Answers 202 <code>{checkId, reportId, eventsUrl, reportUrl}</code> at once; <code>eventsUrl</code> streams progress, then one summary. The report says, per AI crawler, how many requests were verified against its vendor's published IP ranges (or reverse DNS), forged or unverifiable, what your server answered, what robots.txt says against what happened, and the visits AI assistants sent. No IP address is kept; the log is deleted once read. 422 names the first lines when the body is no known log format; 413 past the size limits.</p>
${example(`gzip -c access.log | curl -X POST '${publicBaseUrl}/api/v1/crawler-logs?domain=example.com' -H 'Content-Type: application/gzip' --data-binary @-`)}

<h2>Read a stored report</h2>
<p><code>GET /api/v1/report/{snapshotId}</code> as JSON (with <code>kind</code>: site, brand, article or traffic), <code>GET /report/{snapshotId}</code> as a web page. Snapshots never change. <code>GET /api/v1/report/{snapshotId}/answers.csv</code> (or <code>.jsonl</code>) gives its rows for a spreadsheet: one per answer (a site check: per platform; crawler traffic: per crawler and verdict, and per referral), and <code>GET /api/v1/monitors/{id}/trend.csv</code> a monitor's trend by date.</p>

<h2>Monitor a check over time: <code>/api/v1/monitors</code></h2>
<p><code>POST /api/v1/monitors</code> with <code>{"kind": "site"|"brand"|"article", "target": {…the kind's own body…}, "every": "day"|"week", "webhook": {"url": "https://…"}}</code> (webhook optional) answers 201 with <code>{id, token, manageUrl, trendUrl, pageUrl, webhookSecret?, nextRunAt}</code>; the first run starts at once. The token is shown only then: send it as <code>Authorization: Bearer &lt;token&gt;</code> to <code>GET</code>, <code>PATCH</code> (<code>every</code>, <code>paused</code>, <code>webhook</code>; renews for 90 days) or <code>DELETE</code> <code>/api/v1/monitors/{id}</code>, and to <code>POST /api/v1/monitors/{id}/run</code> (run now, counted against the kind's hourly limit); a wrong token gets 404. <code>GET /api/v1/monitors/{id}/trend</code> (JSON) and <code>/monitor/{id}</code> (the page) are public by id. Alerts come only when a change is beyond the noise (a jump: Newcombe 99% interval and at least 10 points; a change confirmed by two runs at 95%; a site event such as a crawler newly blocked), and are POSTed to the webhook signed as Standard Webhooks 1.0, retried for up to 24 hours. A monitor stops after 90 days unless renewed.</p>
${example(`curl -s -X POST ${publicBaseUrl}/api/v1/monitors -H 'Content-Type: application/json' \
  -d '{"kind":"site","target":{"url":"example.com"},"every":"week"}'`)}

<h2>Rankings</h2>
<p><code>GET /api/v1/rankings?limit=10</code> (1–50): the newest site check of each domain by total score; <a href="/rankings">the same as a page</a>.</p>

<h2>For AI agents: <code>POST /api/mcp</code></h2>
<p>A Model Context Protocol server (stateless Streamable HTTP) with the tools <code>check_site</code>, <code>get_latest_report</code>, <code>get_rankings</code>, <code>get_brand_report</code>, <code>get_monitor_trend</code>, <code>get_article_report</code>, <code>get_crawler_report</code> and <code>export_answers</code> (a report's rows as JSON lines). Add <code>${publicBaseUrl}/api/mcp</code> to your MCP client as an HTTP server.</p>

<h2>Limits per hour and address</h2>
<table><thead><tr><th scope="col">Operation</th><th scope="col">Limit</th></tr></thead><tbody>
${(Object.keys(RATE_LIMITS) as (keyof typeof RATE_LIMITS)[]).map((key) => html`<tr><td>${RATE_LIMITS[key].operation}</td><td>${limits[key] || 'unlimited'}</td></tr>`)}
</tbody></table>
<p>Every response of a limited endpoint carries <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code> (ISO 8601).</p>

<h2>Errors</h2>
<table><thead><tr><th scope="col">Status</th><th scope="col">When</th><th scope="col">Body</th></tr></thead><tbody>
<tr><td>400</td><td>The body is not JSON, or a field is missing, of the wrong type, empty or too long, or url is not a host or URL</td><td><code>{"error": "…"}</code></td></tr>
<tr><td>405</td><td>A known path asked with a method it does not serve (with <code>Allow</code>)</td><td><code>{"error": "…"}</code></td></tr>
<tr><td>413</td><td>The body is too large</td><td><code>{"error": "…"}</code></td></tr>
<tr><td>422</td><td>The host is not a public domain name (IP address, localhost, reserved name), or the site cannot be reached</td><td><code>{"error": "…"}</code></td></tr>
<tr><td>429</td><td>Rate limit exceeded (with <code>Retry-After</code>)</td><td><code>{"error": "…", "resetAt": "…"}</code></td></tr>
</tbody></table>`,
  );
}

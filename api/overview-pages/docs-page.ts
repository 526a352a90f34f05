import { RATE_LIMITS } from '../../domain/shared/rate-limits';
import { CHECK_KINDS } from '../../domain/shared/check-kinds';
import { html, type SafeHtml } from '../html';
import { apiKinds } from '../kinds';
import { example } from '../kinds/shared/api-kind';
import { MCP_TOOLS } from '../mcp-server/tools';
import { layout } from '../pages/layout';

/** GET /docs: the API for people; /openapi.json is the same for machines. */
export function docsPage(publicBaseUrl: string, limits: Record<keyof typeof RATE_LIMITS, number>): SafeHtml {
  return layout(
    { title: 'AI visibility check: API', description: 'HTTP API of the AI visibility check service', url: `${publicBaseUrl}/docs` },
    html`<p><a href="/">Check a site</a></p>
<h1>API</h1>
<p>Free, no authentication. Requests are limited per client IP address and hour (IPv6 per /64 network); the machine-readable description is <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>

${apiKinds().map((kind) => kind.docsSection(publicBaseUrl))}

<h2>Read a stored report</h2>
<p><code>GET /api/v1/report/{snapshotId}</code> as JSON (with <code>kind</code>: ${CHECK_KINDS.join(', ')}), <code>GET /report/{snapshotId}</code> as a web page. Snapshots never change. <code>GET /api/v1/report/{snapshotId}/answers.csv</code> (or <code>.jsonl</code>) gives its rows for a spreadsheet: one per answer (a site check: per platform; crawler traffic: per crawler and verdict, and per referral), and <code>GET /api/v1/monitors/{id}/trend.csv</code> a monitor's trend by date.</p>

<h2>Monitor a check over time: <code>/api/v1/monitors</code></h2>
<p><code>POST /api/v1/monitors</code> with <code>{"kind": "site"|"brand"|"article", "target": {…the kind's own body…}, "every": "day"|"week", "webhook": {"url": "https://…"}}</code> (webhook optional) answers 201 with <code>{id, token, manageUrl, trendUrl, pageUrl, webhookSecret?, nextRunAt}</code>; the first run starts at once. The token is shown only then: send it as <code>Authorization: Bearer &lt;token&gt;</code> to <code>GET</code>, <code>PATCH</code> (<code>every</code>, <code>paused</code>, <code>webhook</code>; renews for 90 days) or <code>DELETE</code> <code>/api/v1/monitors/{id}</code>, and to <code>POST /api/v1/monitors/{id}/run</code> (run now, counted against the kind's hourly limit); a wrong token gets 404. <code>GET /api/v1/monitors/{id}/trend</code> (JSON) and <code>/monitor/{id}</code> (the page) are public by id. Alerts come only when a change is beyond the noise (a jump: Newcombe 99% interval and at least 10 points; a change confirmed by two runs at 95%; a site event such as a crawler newly blocked), and are POSTed to the webhook signed as Standard Webhooks 1.0, retried for up to 24 hours. A monitor stops after 90 days unless renewed.</p>
${example(`curl -s -X POST ${publicBaseUrl}/api/v1/monitors -H 'Content-Type: application/json' \
  -d '{"kind":"site","target":{"url":"example.com"},"every":"week"}'`)}

<h2>Rankings</h2>
<p><code>GET /api/v1/rankings?limit=10</code> (1–50): the newest site check of each domain by total score; <a href="/rankings">the same as a page</a>.</p>

<h2>For AI agents: <code>POST /api/mcp</code></h2>
<p>A Model Context Protocol server (stateless Streamable HTTP) with the tools ${MCP_TOOLS.map((tool, index) => html`${index === 0 ? '' : index === MCP_TOOLS.length - 1 ? ' and ' : ', '}<code>${tool.name}</code>`)}. Add <code>${publicBaseUrl}/api/mcp</code> to your MCP client as an HTTP server.</p>

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

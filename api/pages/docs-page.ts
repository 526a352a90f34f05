import { RATE_LIMITS } from '../../domain/rate-limits';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** The limited operations this gateway serves so far (the brand, article and MCP ones are not built yet). */
const BUILT = ['check', 'checkStream'] as const;

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

<h2>Read a stored report</h2>
<p><code>GET /api/v1/report/{snapshotId}</code> as JSON, <code>GET /report/{snapshotId}</code> as a web page. Snapshots never change.</p>

<h2>Limits per hour and address</h2>
<table><thead><tr><th scope="col">Operation</th><th scope="col">Limit</th></tr></thead><tbody>
${BUILT.map((key) => html`<tr><td>${RATE_LIMITS[key].operation}</td><td>${limits[key] || 'unlimited'}</td></tr>`)}
</tbody></table>
<p>Every response of a limited endpoint carries <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code> (ISO 8601).</p>

<h2>Errors</h2>
<table><thead><tr><th scope="col">Status</th><th scope="col">When</th><th scope="col">Body</th></tr></thead><tbody>
<tr><td>400</td><td>The body is not JSON, or url is missing, not a string, empty, too long or not a host or URL</td><td><code>{"error": "…"}</code></td></tr>
<tr><td>422</td><td>The host is not a public domain name (IP address, localhost, reserved name), or the site cannot be reached</td><td><code>{"error": "…"}</code></td></tr>
<tr><td>429</td><td>Rate limit exceeded (with <code>Retry-After</code>)</td><td><code>{"error": "…", "resetAt": "…"}</code></td></tr>
</tbody></table>`,
  );
}

import { html, type SafeHtml } from '../../html';

/**
 * The log recipes that record the Web Bot Auth headers (docs/checks/traffic.md, "Logs that record
 * signatures"), shown beside the upload form: a log without them cannot tell a signed agent from a person.
 */
export const NGINX_AI_AGENTS =
  `log_format ai_agents '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent '\n` +
  `                     '"$http_referer" "$http_user_agent" "$host" '\n` +
  `                     '"$http_signature_agent" "$http_signature_input" "$http_signature"';\n` +
  `access_log /var/log/nginx/access.log ai_agents;`;

export const APACHE_AI_AGENTS =
  `LogFormat "%h %l %u %t \\"%r\\" %>s %b \\"%{Referer}i\\" \\"%{User-Agent}i\\" \\"%{Host}i\\" ` +
  `\\"%{Signature-Agent}i\\" \\"%{Signature-Input}i\\" \\"%{Signature}i\\"" ai_agents\n` +
  `CustomLog \${APACHE_LOG_DIR}/access.log ai_agents`;

export function logRecipes(): SafeHtml {
  return html`<details><summary>Log agents that sign their requests (ChatGPT agent and others)</summary>
<p class="muted">Agents that browse for a person send a browser's User-Agent and sign each request (Web Bot Auth). To count and verify them, log the Host and the three signature headers:</p>
<p>NGINX (<code>http</code> block):</p><pre><code>${NGINX_AI_AGENTS}</code></pre>
<p>Apache:</p><pre><code>${APACHE_AI_AGENTS}</code></pre>
<p>Cloudflare Logpush: add the request headers <code>Signature-Agent</code>, <code>Signature-Input</code> and <code>Signature</code> as custom fields (they arrive in <code>RequestHeaders</code>) beside <code>ClientRequestHost</code>. Other JSON logs: fields <code>host</code>, <code>signature_agent</code>, <code>signature_input</code>, <code>signature</code>.</p>
</details>`;
}

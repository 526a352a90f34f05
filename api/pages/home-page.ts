import { html, type SafeHtml } from '../html';
import { layout } from './layout';
import { platformNames } from '../../domain/shared/platforms';
import { marketPicker } from './market-picker';

/**
 * The web version: one form per kind of check, each streaming its endpoint; the steps and the result
 * appear below whichever form was sent (api/public/check.js).
 */
export function homePage(publicBaseUrl: string): SafeHtml {
  return layout(
    {
      title: 'AI visibility check',
      description: `Can AI crawlers reach your site, and what do ${platformNames()} know and say about it and your brand?`,
      url: `${publicBaseUrl}/`,
    },
    html`<h1>AI visibility check</h1>
<p>What do ${platformNames()} know and say about your site and your brand?</p>
<div class="kinds">
<section aria-labelledby="site-heading">
<h2 id="site-heading">Site check</h2>
<p class="muted">Can AI crawlers reach the site, what do the assistants know about it, and what to fix. About a minute.</p>
<form class="check" action="/api/check" method="post" data-endpoint="/api/check">
  <label for="url">Domain or URL to check</label>
  <input id="url" name="url" type="text" inputmode="url" autocomplete="url" placeholder="example.com" required maxlength="2048" aria-describedby="url-help">
  <button type="submit">Check</button>
</form>
<p id="url-help" class="muted">A domain such as example.com, or a full URL such as https://example.com.</p>
<p class="muted"><a class="monitor-this" href="/monitor/new?kind=site">Monitor a site</a>: the same check every day or week, with alerts.</p>
</section>
<section aria-labelledby="brand-heading">
<h2 id="brand-heading">Brand diagnosis</h2>
<p class="muted">For a keyword, do the assistants name your brand, name it first, and who takes your share of voice? About a minute.</p>
<form class="fields" action="/api/keywords" method="post" data-endpoint="/api/keywords">
  <div><label for="keyword">Keyword</label><input id="keyword" name="keyword" type="text" placeholder="project planning software" required minlength="2" maxlength="100"></div>
  <div><label for="brand">Brand</label><input id="brand" name="brand" type="text" placeholder="Acme Plan" required maxlength="80"></div>
  <div><label for="brand-domain">Brand's domain (optional)</label><input id="brand-domain" name="domain" type="text" inputmode="url" placeholder="acmeplan.com" maxlength="2048"></div>
  <div><label for="competitors">Competitors (optional, comma-separated)</label><input id="competitors" name="competitors" type="text" data-list="10" placeholder="Asana, Trello"></div>
  ${marketPicker('brand')}
  <div class="wide"><button type="submit">Diagnose</button></div>
</form>
<p class="muted"><a class="monitor-this" href="/monitor/new?kind=brand">Monitor a brand</a>: the same diagnosis every day or week, with alerts.</p>
</section>
<section aria-labelledby="article-heading">
<h2 id="article-heading">Article check</h2>
<p class="muted">When people ask assistants what your article answers, do the answers use it, and cite it? About a minute.</p>
<form class="fields" action="/api/article-check" method="post" data-endpoint="/api/article-check">
  <div class="wide"><label for="article-url">Article URL</label><input id="article-url" name="url" type="text" inputmode="url" autocomplete="url" placeholder="https://example.com/blog/post" required maxlength="2048"></div>
  ${marketPicker('article')}
  <div class="wide"><button type="submit">Check article</button></div>
</form>
<p class="muted"><a class="monitor-this" href="/monitor/new?kind=article">Monitor an article</a>: the same check every day or week, with alerts.</p>
</section>
<section aria-labelledby="traffic-heading">
<h2 id="traffic-heading">Crawler traffic</h2>
<p class="muted">Upload your server's access log: which AI crawlers really come, whether they are who they claim (checked against the vendors' published IP ranges), what your server answers them, and who arrives from an assistant. No address is kept; the log is deleted once read.</p>
<form id="crawler-log" class="fields" action="/api/v1/crawler-logs" method="post" enctype="application/octet-stream">
  <div><label for="log-domain">Your domain</label><input id="log-domain" name="domain" type="text" inputmode="url" placeholder="example.com" required maxlength="253"></div>
  <div><label for="log-file">Access log (text or .gz)</label><input id="log-file" name="log" type="file" required></div>
  <div class="wide"><button type="submit">Upload and read</button> <progress id="log-progress" max="100" value="0" hidden aria-label="Upload progress"></progress></div>
</form>
<p class="muted">NGINX/Apache combined or common, Cloudflare Logpush, Vercel, Fastly, CloudFront and ALB logs.</p>
</section>
</div>
<div id="status" role="status" aria-live="polite"></div>
<ol id="steps" class="steps" aria-label="Progress"></ol>
<div id="result" aria-live="polite"></div>
<p class="muted"><a href="/rankings">AI visibility rankings</a> · <a href="/docs">API documentation</a> · MCP endpoint for AI agents: <code>${publicBaseUrl}/api/mcp</code></p>`,
    html`<script type="module" src="/assets/check.js"></script><script type="module" src="/assets/crawler-logs.js"></script>`,
  );
}

import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** The web version: a form that streams POST /api/check and shows each step, then the report. */
export function homePage(publicBaseUrl: string): SafeHtml {
  return layout(
    {
      title: 'AI visibility check',
      description: 'Can AI crawlers reach your site, and what do ChatGPT, Claude, Gemini, Perplexity and DeepSeek know and say about it?',
      url: `${publicBaseUrl}/`,
    },
    html`<h1>AI visibility check</h1>
<p>Can AI crawlers reach your site, and what do ChatGPT, Claude, Gemini, Perplexity and DeepSeek know and say about it? One check takes about a minute.</p>
<form class="check" action="/api/check" method="post">
  <label for="url">Domain or URL to check</label>
  <input id="url" name="url" type="text" inputmode="url" autocomplete="url" placeholder="example.com" required maxlength="2048" aria-describedby="url-help">
  <button type="submit">Check</button>
</form>
<p id="url-help" class="muted">A domain such as example.com, or a full URL such as https://example.com.</p>
<div id="status" role="status" aria-live="polite"></div>
<ol id="steps" class="steps" aria-label="Progress"></ol>
<div id="result" aria-live="polite"></div>
<p class="muted"><a href="/docs">API documentation</a></p>`,
    html`<script type="module" src="/assets/check.js"></script>`,
  );
}

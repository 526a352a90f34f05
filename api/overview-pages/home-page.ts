import { html, type SafeHtml } from '../html';
import { layout } from '../pages/layout';
import { platformNames } from '../../domain/shared/platforms';
import { apiKinds } from '../kinds';
import type { OfferedPlatform } from '../../domain/shared/platform-choice';

/**
 * The web version: each kind's form (api/kinds/), each streaming its endpoint; the steps and the result
 * appear below whichever form was sent (api/public/check.js).
 */
export function homePage(publicBaseUrl: string, platforms: readonly OfferedPlatform[]): SafeHtml {
  return layout(
    {
      title: 'AI visibility check',
      description: `Can AI crawlers reach your site, and what do ${platformNames()} know and say about it and your brand?`,
      url: `${publicBaseUrl}/`,
    },
    html`<h1>AI visibility check</h1>
<p>What do ${platformNames()} know and say about your site and your brand?</p>
<div class="kinds">
${apiKinds().map((kind) => kind.homeSection(platforms))}
</div>
<div id="status" role="status" aria-live="polite"></div>
<ol id="steps" class="steps" aria-label="Progress"></ol>
<div id="result" aria-live="polite"></div>
<p class="muted"><a href="/rankings">AI visibility rankings</a> · <a href="/docs">API documentation</a> · MCP endpoint for AI agents: <code>${publicBaseUrl}/api/mcp</code></p>`,
    html`<script type="module" src="/assets/check.js"></script><script type="module" src="/assets/crawler-logs.js"></script>`,
  );
}

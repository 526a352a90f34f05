import type { CheckKind } from '../../../domain/shared/check-kinds';
import { html } from '../../html';
import { articleData, articleOutput } from './structured';
import { articleSummary } from './summary';
import { registerReportByIdTool } from '../../mcp/tools/report-by-id';
import { articleReportPage } from './article-report-page';
import { marketPicker } from '../../pages/market-picker';
import { platformPicker } from '../../pages/platform-picker';
import { articleRequestSchema, articleSummarySchema } from './schemas';
import { example, type ApiKind } from '../shared/api-kind';
import { ARTICLE_METRICS } from '../../../domain/article/metrics';
import { headlineText } from '../../../domain/shared/metric';

const VERDICT_WORDS = { cited: 'cited', 'used-not-credited': 'used but not credited', 'not-used': 'not used' } as const;

/** The article check: do the answers to the questions an article answers use it, and cite it. */
export const articleApi: ApiKind<Extract<CheckKind, 'article'>> = {
  requestSchema: articleRequestSchema,
  operation: 'articleCheck',
  events: { step: 'progress', final: 'summary', id: 'reportId', url: 'reportUrl', started: 'Article check' },
  stream: {
    path: '/api/article-check',
    operation: 'articleCheck',
    operationId: 'checkArticle',
    summary: 'Article GEO check as Server-Sent Events: progress events, then one summary event (or a final error event)',
    description:
      'Fetches the article (main text without navigation, header or footer), picks its key points, asks every platform the questions it answers, and measures coverage (how much of the article the answers use) and URL citation (whether they cite it). Events: `{"type":"progress",…}` (the first at once, carrying checkId and reportId), then exactly one `{"type":"summary","reportId","reportUrl","report","headline"}` whose report is an ArticleReport, or a final `{"type":"error","error"}` — also when the address holds no article (an error status, not HTML, or fewer than 150 words of text).',
    errors: {
      400: 'The body is not JSON, or url is missing, not a string, empty, too long or not a host or URL, or market and markets are both given or malformed, or platforms names an unknown or unconfigured platform',
    },
  },
  finalEventSchema: articleSummarySchema,
  page: articleReportPage,
  summary: articleSummary,
  headline: (report) => ({
    title: `${report.title}: ${VERDICT_WORDS[report.verdict.summary]}`,
    figures: `${headlineText(ARTICLE_METRICS, report)} · ${report.advice.length} piece(s) of advice`,
    done: 'The article check is done.',
  }),
  mcpTools: [
    {
      name: 'get_article_report',
      register: (server, deps) =>
        registerReportByIdTool(server, deps, {
          name: 'get_article_report',
          title: 'Article GEO check report',
          description:
            'A stored article GEO check by its report id (reportId of POST /api/article-check): coverage, URL citation rate, the verdict and the optimisation advice, as markdown (the headline figures also as structured content). Read-only.',
          kind: 'article',
          missing: 'article check',
          outputSchema: articleOutput,
          summary: articleSummary,
          data: articleData,
        }),
    },
  ],
  homeSection: (platforms) => html`<section aria-labelledby="article-heading">
<h2 id="article-heading">Article check</h2>
<p class="muted">When people ask assistants what your article answers, do the answers use it, and cite it? About a minute.</p>
<form class="fields" action="/api/article-check" method="post" data-endpoint="/api/article-check">
  <div class="wide"><label for="article-url">Article URL</label><input id="article-url" name="url" type="text" inputmode="url" autocomplete="url" placeholder="https://example.com/blog/post" required maxlength="2048"></div>
  ${marketPicker('article')}
  ${platformPicker('article', platforms)}
  <div class="wide"><button type="submit">Check article</button></div>
</form>
<p class="muted"><a class="monitor-this" href="/monitor/new?kind=article">Monitor an article</a>: the same check every day or week, with alerts.</p>
</section>`,
  docsSection: (publicBaseUrl) => html`<h2>Article GEO check: <code>POST /api/article-check</code></h2>
<p>Body <code>{"url": "https://example.com/blog/post"}</code>. Reads the article (main text without navigation or footer), picks its key points, asks every platform the questions it answers, and measures coverage (how much of it the answers use) and URL citation (whether they cite it): a verdict and advice. The same events as the brand diagnosis; an address without an article ends with an error event that says why.</p>
${example(`curl -N -X POST ${publicBaseUrl}/api/article-check -H 'Content-Type: application/json' -d '{"url":"https://example.com/blog/post"}'`)}`,
};

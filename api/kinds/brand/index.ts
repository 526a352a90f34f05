import type { CheckKind } from '../../../domain/shared/check-kinds';
import { html } from '../../html';
import { brandData, brandOutput } from './structured';
import { brandSummary } from './summary';
import { registerReportByIdTool } from '../../mcp/tools/report-by-id';
import { brandReportPage } from './brand-report-page';
import { marketPicker } from '../../pages/market-picker';
import { platformPicker } from '../../pages/platform-picker';
import { brandRequestSchema, brandSummarySchema } from './schemas';
import { example, type ApiKind } from '../shared/api-kind';
import { BRAND_METRICS } from '../../../domain/brand/report/metrics';
import { everyReportRates, headlineText, inSentence } from '../../../domain/shared/metric';

/** The rates every diagnosis measures, as the kind names them. */
const RATES_IN_WORDS = everyReportRates(BRAND_METRICS)
  .map((metric) => inSentence(metric.label))
  .join(', ');

/** The brand diagnosis: for a keyword, do the assistants name the brand, name it first, and who takes its share of voice. */
export const brandApi: ApiKind<Extract<CheckKind, 'brand'>> = {
  requestSchema: brandRequestSchema,
  operation: 'keywords',
  events: { step: 'progress', final: 'summary', id: 'reportId', url: 'reportUrl', started: 'Brand diagnosis' },
  stream: {
    path: '/api/keywords',
    operation: 'keywords',
    operationId: 'diagnoseBrand',
    summary: 'Brand GEO diagnosis as Server-Sent Events: progress events, then one summary event (or a final error event)',
    description:
      'For a keyword, asks every platform the questions people ask (about 80% of them without the brand\'s name) and measures how often each names the brand, names it first, and its share of voice against competitors (given, and discovered in the answers). Events: `{"type":"progress",…}` (the first at once, carrying checkId and reportId), then exactly one `{"type":"summary","reportId","reportUrl","report","headline"}` whose report is a BrandReport, or a final `{"type":"error","error"}`. The report stays at reportUrl permanently.',
    errors: {
      400: 'The body is not JSON, or keyword or brand is missing or out of bounds, or aliases or competitors are not lists of names (a competitor may be {"name", "domain"}), or sourceTypes names an unknown type, or market and markets are both given or malformed, or platforms names an unknown or unconfigured platform',
      422: 'domain is not a public domain name',
    },
  },
  finalEventSchema: brandSummarySchema,
  page: brandReportPage,
  summary: brandSummary,
  headline: (report) => ({
    title: `${report.brand} for “${report.keyword}”: ${report.stage}`,
    figures: headlineText(BRAND_METRICS, report),
    done: `The diagnosis of ${report.brand} is done.`,
  }),
  mcpTools: [
    {
      name: 'get_brand_report',
      register: (server, deps) =>
        registerReportByIdTool(server, deps, {
          name: 'get_brand_report',
          title: 'Brand GEO diagnosis report',
          description: `A stored brand GEO diagnosis by its report id (reportId of POST /api/keywords): ${RATES_IN_WORDS} with their 95% intervals, the stage, competitors, the action plan and the report link, as markdown (the headline figures also as structured content). Read-only.`,
          kind: 'brand',
          missing: 'brand diagnosis',
          outputSchema: brandOutput,
          summary: brandSummary,
          data: brandData,
        }),
    },
  ],
  homeSection: (platforms) => html`<section aria-labelledby="brand-heading">
<h2 id="brand-heading">Brand diagnosis</h2>
<p class="muted">For a keyword, do the assistants name your brand, name it first, and who takes your share of voice? About a minute.</p>
<form class="fields" action="/api/keywords" method="post" data-endpoint="/api/keywords">
  <div><label for="keyword">Keyword</label><input id="keyword" name="keyword" type="text" placeholder="project planning software" required minlength="2" maxlength="100"></div>
  <div><label for="brand">Brand</label><input id="brand" name="brand" type="text" placeholder="Acme Plan" required maxlength="80"></div>
  <div><label for="brand-domain">Brand's domain (optional)</label><input id="brand-domain" name="domain" type="text" inputmode="url" placeholder="acmeplan.com" maxlength="2048"></div>
  <div><label for="competitors">Competitors (optional, comma-separated)</label><input id="competitors" name="competitors" type="text" data-list="10" placeholder="Asana, Trello"></div>
  <div><label for="products">Your products (optional, comma-separated)</label><input id="products" name="products" type="text" data-list="20" placeholder="Acme Plan Pro, Acme Plan Teams" title="A product card naming one of them counts as your brand's"></div>
  ${marketPicker('brand')}
  ${platformPicker('brand', platforms)}
  <div class="wide"><button type="submit">Diagnose</button></div>
</form>
<p class="muted"><a class="monitor-this" href="/monitor/new?kind=brand">Monitor a brand</a>: the same diagnosis every day or week, with alerts.</p>
</section>`,
  docsSection: (publicBaseUrl) => html`<h2>Brand GEO diagnosis: <code>POST /api/keywords</code></h2>
<p>Body <code>{"keyword": "project planning software", "brand": "Acme Plan", "domain": "acmeplan.com", "aliases": [], "competitors": ["Asana"]}</code> (domain, aliases and competitors optional). Asks every platform the questions people ask about the keyword and measures how often each names the brand, names it first, cites its site, and its share of voice against competitors (given, and discovered in the answers), each with a 95% interval; then a stage and an action plan. Server-Sent Events: <code>{"type":"progress",…}</code> events (the first carries <code>checkId</code> and <code>reportId</code>), then exactly one <code>{"type":"summary", reportId, reportUrl, report, headline}</code>, or a final <code>{"type":"error","error":…}</code>.</p>
${example(`curl -N -X POST ${publicBaseUrl}/api/keywords -H 'Content-Type: application/json' \\\n  -d '{"keyword":"project planning software","brand":"Acme Plan"}'`)}`,
};

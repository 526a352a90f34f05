import type { McpServer } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { ReportsByKind } from '../../../domain/check-outcome';
import type { CheckKind } from '../../../domain/shared/check-kinds';
import type { OfferedPlatform } from '../../../domain/shared/platform-choice';
import type { RateLimitedOperation } from '../../../domain/shared/rate-limits';
import type { CheckInput } from '../../../infra/check-client';
import { html, type SafeHtml } from '../../html';
import type { ToolDependencies } from '../../mcp/tools/dependencies';
import type { Headline } from '../../schemas';

/** What a report page is given besides the report. */
export interface PageMeta {
  snapshotUrl: string;
  /** The report's rows as CSV (docs/exports.md). */
  csvUrl: string;
  createdAt: Date;
  publicBaseUrl: string;
}

/** The names a kind's stream uses (docs/http-api.md): its step events, its final event, and the fields naming the report. */
export interface EventNames {
  step: 'step' | 'progress';
  final: 'report' | 'summary';
  id: 'snapshotId' | 'reportId';
  url: 'snapshotUrl' | 'reportUrl';
  /** The start event's sentence begins with this: "<started> of <label> started". */
  started: string;
}

/** The endpoint that streams a check of the kind as Server-Sent Events, as routes and /openapi.json give it. */
export interface StreamEndpoint {
  path: string;
  /** Its rate limit (a site's stream has its own beside the synchronous endpoint's). */
  operation: RateLimitedOperation;
  operationId: string;
  summary: string;
  /** After "Limit: N per IP per hour." */
  description: string;
  /** Its own words for these answers, where the common ones (openapi.ts) do not fit. */
  errors?: { 400?: string; 422?: string };
}

/** An MCP tool of the kind: its name (tools/list, the API pages) and how it is registered. */
export interface KindTool {
  name: string;
  register: (server: McpServer, deps: ToolDependencies) => void;
}

/**
 * What the gateway knows of each kind of check, one folder per kind (api/kinds/<kind>/index.ts; this
 * folder holds what they share, below them and the registry): a kind missing from API_KINDS fails to compile, and routes, /openapi.json, the MCP tools, the home and API pages and the
 * web page's headline all loop over it (docs/architecture.md, "Adding a kind of check"). The domain's
 * part is domain/kinds.ts; the monitor form's fields, for the kinds that can be monitored, are in
 * api/pages/monitor-forms.ts.
 */
export interface ApiKind<K extends CheckKind> {
  /** The input that starts it (for most kinds the endpoint's body); a monitor's target is the same. */
  requestSchema: z.ZodType<CheckInput<K>>;
  /** The rate limit of one run, as a monitor's "run now" counts it. */
  operation: RateLimitedOperation;
  events: EventNames;
  /** Its stream's endpoint; none for a kind started another way (a crawler log is uploaded). */
  stream?: StreamEndpoint;
  /** The final event a stream sends, with the report (its component in /openapi.json). */
  finalEventSchema: z.ZodType;
  page: (report: ReportsByKind[K], meta: PageMeta) => SafeHtml;
  /** The markdown an MCP tool answers with. */
  summary: (report: ReportsByKind[K], link: string) => string;
  /** What the web page shows of a finished check: sent in the final event, so the page's script knows no kind. */
  headline: (report: ReportsByKind[K]) => Headline;
  mcpTools: readonly KindTool[];
  /** Its section of the home page: the form that starts it, given the platforms a request may name here. */
  homeSection: (platforms: readonly OfferedPlatform[]) => SafeHtml;
  /** Its section of the API page (/docs). */
  docsSection: (publicBaseUrl: string) => SafeHtml;
}

/** A command on the API page, as a block to copy. */
export const example = (text: string): SafeHtml => html`<pre class="answer"><code>${text}</code></pre>`;

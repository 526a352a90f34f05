import type { z } from 'zod';
import type { ReportsByKind } from '../domain/check-outcome';
import type { CheckKind } from '../domain/shared/check-kinds';
import type { RateLimitedOperation } from '../domain/shared/rate-limits';
import type { CheckInput } from '../infra/check-client';
import type { SafeHtml } from './html';
import { articleSummary, brandSummary, siteSummary, trafficSummary } from './mcp/summaries';
import { articleReportPage } from './pages/article-report-page';
import { brandReportPage } from './pages/brand-report-page';
import { reportPage } from './pages/report-page';
import { trafficReportPage } from './pages/traffic-report-page';
import { articleRequestSchema, brandRequestSchema, checkRequestSchema, trafficInputSchema } from './schemas';

/** What a report page is given besides the report. */
export interface PageMeta {
  snapshotUrl: string;
  createdAt: Date;
  publicBaseUrl: string;
}

/** The names a kind's stream uses (SPEC.md, Events): its step events, its final event, and the fields naming the report. */
export interface EventNames {
  step: 'step' | 'progress';
  final: 'report' | 'summary';
  id: 'snapshotId' | 'reportId';
  url: 'snapshotUrl' | 'reportUrl';
  /** The start event's sentence begins with this: "<started> of <subject> started". */
  started: string;
}

/**
 * What the gateway knows of each kind of check, in one place: a kind missing here fails to compile
 * (README, "Adding a kind of check"). The domain's part is domain/kinds.ts; the monitor form's
 * fields, for the kinds that can be monitored, are in pages/monitor-forms.ts.
 */
export interface ApiKind<K extends CheckKind> {
  /** The body the kind's endpoint takes; a monitor's target is the same body. */
  requestSchema: z.ZodType<CheckInput<K>>;
  /** The rate limit of one run, as a monitor's "run now" counts it. */
  operation: RateLimitedOperation;
  events: EventNames;
  page: (report: ReportsByKind[K], meta: PageMeta) => SafeHtml;
  /** The markdown an MCP tool answers with. */
  summary: (report: ReportsByKind[K], link: string) => string;
}

/** A site check keeps the names it had before reports of other kinds existed. */
const SITE_EVENTS = { step: 'step', final: 'report', id: 'snapshotId', url: 'snapshotUrl' } as const;
const REPORT_EVENTS = { step: 'progress', final: 'summary', id: 'reportId', url: 'reportUrl' } as const;

export const API_KINDS: { [K in CheckKind]: ApiKind<K> } = {
  site: { requestSchema: checkRequestSchema, operation: 'check', events: { ...SITE_EVENTS, started: 'Check' }, page: reportPage, summary: siteSummary },
  brand: { requestSchema: brandRequestSchema, operation: 'keywords', events: { ...REPORT_EVENTS, started: 'Brand diagnosis' }, page: brandReportPage, summary: brandSummary },
  article: { requestSchema: articleRequestSchema, operation: 'articleCheck', events: { ...REPORT_EVENTS, started: 'Article check' }, page: articleReportPage, summary: articleSummary },
  traffic: { requestSchema: trafficInputSchema, operation: 'crawlerLogs', events: { ...REPORT_EVENTS, started: 'Crawler traffic check' }, page: trafficReportPage, summary: trafficSummary },
};

/** A stored report's page, by its kind. */
export function pageOf<K extends CheckKind>(stored: { kind: K; report: ReportsByKind[K] }, meta: PageMeta): SafeHtml {
  return API_KINDS[stored.kind].page(stored.report, meta);
}

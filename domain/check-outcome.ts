import type { ArticleReport } from './article/report-schema';
import type { BrandReport } from './brand/report/report-schema';
import type { Report } from './site/report';
import type { TrafficReport } from './traffic/report-schema';
import { trafficTotals, type TrafficTotals } from './traffic/totals';
import type { CheckKind } from './shared/check-kinds';
import { headlineScores, type HeadlineKey } from './shared/metric';
import { SITE_METRICS } from './site/metrics';
import { BRAND_METRICS } from './brand/report/metrics';
import { ARTICLE_METRICS } from './article/metrics';

/**
 * What a check workflow returns. The report itself stays out of workflow history (it may be megabytes,
 * and Temporal refuses payloads over 2 MB): the save activity stores it, and the gateway reads it from
 * the store. The scores are the report's headline figures, for whoever reads the run in Temporal: the
 * metrics each kind's declaration marks `headline` (domain/<kind>/metrics.ts), rates as their values (0–1).
 */
export type CheckOutcome = SiteOutcome | BrandOutcome | ArticleOutcome | TrafficOutcome;

/** The report each kind of check stores. */
export interface ReportsByKind {
  site: Report;
  brand: BrandReport;
  article: ArticleReport;
  traffic: TrafficReport;
}

/** A report with its kind, which tells the three apart. */
export type KindedReport = { [K in CheckKind]: KindedReportOf<K> }[CheckKind];
export interface KindedReportOf<K extends CheckKind> {
  kind: K;
  report: ReportsByKind[K];
}

/** Whether a stored report is of this kind: the store keeps no type, the kind beside the report does. */
export const isReportOf = <K extends CheckKind>(stored: KindedReport, kind: K): stored is KindedReport & KindedReportOf<K> =>
  stored.kind === kind;

export interface SiteOutcome {
  snapshotId: string;
  kind: 'site';
  scores: Record<HeadlineKey<typeof SITE_METRICS>, number>;
}

export interface BrandOutcome {
  snapshotId: string;
  kind: 'brand';
  scores: Pick<BrandReport, 'stage' | 'confidence'> & Record<HeadlineKey<typeof BRAND_METRICS>, number>;
}

export interface ArticleOutcome {
  snapshotId: string;
  kind: 'article';
  /** The verdict's summary and confidence, and the headline figures. */
  scores: Pick<ArticleReport, 'confidence'> & { summary: ArticleReport['verdict']['summary'] } & Record<
      HeadlineKey<typeof ARTICLE_METRICS>,
      number
    >;
}

export const siteOutcome = (snapshotId: string, report: Report): SiteOutcome => ({
  snapshotId,
  kind: 'site',
  scores: headlineScores(SITE_METRICS, report),
});

export const brandOutcome = (snapshotId: string, report: BrandReport): BrandOutcome => ({
  snapshotId,
  kind: 'brand',
  scores: { stage: report.stage, confidence: report.confidence, ...headlineScores(BRAND_METRICS, report) },
});

export const articleOutcome = (snapshotId: string, report: ArticleReport): ArticleOutcome => ({
  snapshotId,
  kind: 'article',
  scores: { summary: report.verdict.summary, confidence: report.confidence, ...headlineScores(ARTICLE_METRICS, report) },
});

export interface TrafficOutcome {
  snapshotId: string;
  kind: 'traffic';
  /** Lines read, requests crawlers claimed by verdict, and visits assistants sent. */
  scores: TrafficTotals;
}

export const trafficOutcome = (snapshotId: string, report: TrafficReport): TrafficOutcome => ({
  snapshotId,
  kind: 'traffic',
  scores: trafficTotals(report),
});

import type { ArticleReport } from './article/report-schema';
import type { BrandReport } from './brand/report-schema';
import type { Report } from './site/report';
import type { TrafficReport } from './traffic/report-schema';
import { trafficTotals, type TrafficTotals } from './traffic/totals';
import type { CheckKind } from './shared/check-kinds';

/**
 * What a check workflow returns. The report itself stays out of workflow history (it may be megabytes,
 * and Temporal refuses payloads over 2 MB): the save activity stores it, and the gateway reads it from
 * the store. The scores are the report's headline figures, for whoever reads the run in Temporal.
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
  scores: Pick<Report, 'totalScore' | 'crawlerScore' | 'memoryScore'>;
}

export interface BrandOutcome {
  snapshotId: string;
  kind: 'brand';
  /** Rates as their values (0–1). */
  scores: Pick<BrandReport, 'stage' | 'confidence'> & { mentionRate: number; firstRecommendationRate: number; shareOfVoice: number };
}

export interface ArticleOutcome {
  snapshotId: string;
  kind: 'article';
  /** The verdict's summary, mean coverage (0–1) and the share of answers citing the article (0–1). */
  scores: {
    summary: ArticleReport['verdict']['summary'];
    coverage: number;
    urlCitationRate: number;
    confidence: ArticleReport['confidence'];
  };
}

export const siteOutcome = (snapshotId: string, { totalScore, crawlerScore, memoryScore }: Report): SiteOutcome => ({
  snapshotId,
  kind: 'site',
  scores: { totalScore, crawlerScore, memoryScore },
});

export const brandOutcome = (snapshotId: string, { stage, confidence, metrics }: BrandReport): BrandOutcome => ({
  snapshotId,
  kind: 'brand',
  scores: {
    stage,
    confidence,
    mentionRate: metrics.mentionRate.value,
    firstRecommendationRate: metrics.firstRecommendationRate.value,
    shareOfVoice: metrics.shareOfVoice.value,
  },
});

export const articleOutcome = (snapshotId: string, { verdict, metrics, confidence }: ArticleReport): ArticleOutcome => ({
  snapshotId,
  kind: 'article',
  scores: { summary: verdict.summary, coverage: metrics.coverage, urlCitationRate: metrics.urlCitationRate.value, confidence },
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

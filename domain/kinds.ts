import type { z } from 'zod';
import { articleExport } from './article/export-columns';
import { articleReportSchema } from './article/report-schema';
import { brandExport } from './brand/export-columns';
import { brandReportSchema } from './brand/report-schema';
import type { ReportsByKind } from './check-outcome';
import type { CheckKind } from './shared/check-kinds';
import type { ExportTable, StoredReport } from './shared/export-table';
import { siteExport } from './site/export-columns';
import { reportSchema } from './site/report';
import { trafficExport } from './traffic/export-columns';
import { trafficReportSchema } from './traffic/report-schema';

/**
 * What the domain knows of each kind of check, in one place: a kind missing here fails to compile.
 * How a report is observed and fingerprinted for monitors is in monitoring/observation.ts and
 * monitoring/fingerprint.ts, as switches the compiler also checks (README, "Adding a kind of check").
 */
export interface KindModule<K extends CheckKind> {
  /** The kind's name for people: `name` inside a sentence, `title` to begin one. */
  words: { name: string; title: string };
  /** The report the kind's workflow stores. */
  reportSchema: z.ZodType<ReportsByKind[K]>;
  /** What a monitor charts, in the charts' order (DESIGN.md, "Monitoring over time"). */
  metrics: {
    /** Rates with their counts (Wilson bands, Newcombe intervals). */
    rates: readonly string[];
    /** Numbers without a sample size, and their unit. */
    values: readonly string[];
    valueUnit: 'score' | 'share';
    /** Whether each platform's status is a series of its own. */
    platformSeries: boolean;
  };
  /** The rows and columns of its CSV and JSON-lines export (docs/exports.md). */
  export: ExportTable<StoredReport<ReportsByKind[K]>>;
}

export const KINDS: { [K in CheckKind]: KindModule<K> } = {
  site: {
    words: { name: 'site check', title: 'Site check' },
    reportSchema,
    metrics: { rates: [], values: ['totalScore', 'crawlerScore', 'memoryScore'], valueUnit: 'score', platformSeries: true },
    export: siteExport,
  },
  brand: {
    words: { name: 'brand diagnosis', title: 'Brand diagnosis' },
    reportSchema: brandReportSchema,
    metrics: { rates: ['mentionRate', 'firstRecommendationRate', 'shareOfVoice', 'citationRate'], values: [], valueUnit: 'share', platformSeries: false },
    export: brandExport,
  },
  article: {
    words: { name: 'article check', title: 'Article check' },
    reportSchema: articleReportSchema,
    metrics: { rates: ['urlCitationRate'], values: ['unionCoverage'], valueUnit: 'share', platformSeries: false },
    export: articleExport,
  },
  traffic: {
    words: { name: 'crawler-traffic check', title: 'Crawler traffic' },
    reportSchema: trafficReportSchema,
    // Not monitored (check-kinds.ts): a log is uploaded once; there is no series to chart.
    metrics: { rates: [], values: [], valueUnit: 'share', platformSeries: false },
    export: trafficExport,
  },
};

import { ARTICLE_METRICS } from '../../domain/article/metrics';
import { articleReportSchema, type ArticleReport } from '../../domain/article/report-schema';
import { BRAND_METRICS, type BrandMetricKey } from '../../domain/brand/report/metrics';
import { brandReportSchema, type BrandReport } from '../../domain/brand/report/report-schema';
import type { BrandOutcome, SiteOutcome } from '../../domain/check-outcome';
import { KINDS } from '../../domain/kinds';
import { CHECK_KINDS } from '../../domain/shared/check-kinds';
import type { MarketDifference } from '../../domain/shared/market-comparison';
import type { Metric } from '../../domain/shared/metric';
import { SITE_METRICS, type SiteMetricKey } from '../../domain/site/metrics';
import { reportSchema } from '../../domain/site/report';

const declared = CHECK_KINDS.flatMap((kind) => KINDS[kind].metrics.map((metric) => ({ kind, ...metric })));

const repeated = (values: readonly string[]) => values.filter((value, index) => values.indexOf(value) !== index);

test('each metric has one key, one name and one short name: no two metrics share a key or a name, nor a kind two short names', () => {
  expect(repeated(declared.map((metric) => metric.key))).toEqual([]);
  expect(repeated(declared.map((metric) => metric.label))).toEqual([]);
  for (const kind of CHECK_KINDS) expect(repeated(KINDS[kind].metrics.map((metric) => metric.shortLabel))).toEqual([]);
  for (const metric of declared) {
    // A headline figure is an outcome score of every run (check-outcome.ts): it cannot be one measured only sometimes.
    expect({ key: metric.key, sometimes: Boolean(metric.headline && metric.onlyWhenMeasured) }).toEqual({
      key: metric.key,
      sometimes: false,
    });
    expect(metric.label.trim()).not.toBe('');
    expect(metric.shortLabel.length).toBeLessThanOrEqual(metric.label.length);
    expect(metric.description).toMatch(/^[A-Z0-9].*[^.]$/);
  }
});

test("every figure a report keeps in its metrics is declared by its kind, under the report's own key", () => {
  const keysOf = (metrics: readonly { key: string }[]) => metrics.map((metric) => metric.key);
  // `answers` is what the rates are over, not a figure of its own.
  const reported = (shape: Record<string, unknown>) => Object.keys(shape).filter((key) => key !== 'answers');
  expect(keysOf(BRAND_METRICS)).toEqual(expect.arrayContaining(reported(brandReportSchema.shape.metrics.shape)));
  expect(keysOf(ARTICLE_METRICS)).toEqual(expect.arrayContaining(reported(articleReportSchema.shape.metrics.shape)));
  expect(keysOf(SITE_METRICS)).toEqual(Object.keys(reportSchema.shape).filter((key) => key.endsWith('Score')));
});

test('a key the report does not have, an outcome score that is no headline and a market difference of no metric do not compile', () => {
  const unknownKey = {
    // @ts-expect-error a typo in a key is a compile error, not a series that stays empty
    key: 'mentionRat',
    unit: 'rate',
    label: 'Mention rate',
    shortLabel: 'Named',
    description: 'Answers that name the brand',
    read: (report) => report.metrics.mentionRate,
  } satisfies Metric<BrandReport, BrandMetricKey>;
  const articleKeyOnBrand = {
    // @ts-expect-error a key of another kind's report
    key: 'urlCitationRate',
    unit: 'share',
    label: 'x',
    shortLabel: 'x',
    description: 'X',
    read: () => 0,
  } satisfies Metric<ArticleReport, BrandMetricKey>;
  // @ts-expect-error the site check's scores are its top-level score fields only
  const notAScore: SiteMetricKey = 'domain';
  const scores = (site: SiteOutcome['scores'], brand: BrandOutcome['scores']) => [
    site.totalScore,
    brand.firstRecommendationRate,
    // @ts-expect-error the citation rate is no headline figure, so no outcome score
    brand.citationRate,
  ];
  // @ts-expect-error a market difference names a declared metric
  const difference: Pick<MarketDifference<BrandMetricKey>, 'metric'> = { metric: 'mentions' };
  expect([unknownKey, articleKeyOnBrand, notAScore, scores, difference]).toHaveLength(5);
});

import type { ArticleReport } from '../article/report-schema';
import type { BrandReport } from '../brand/report/report-schema';
import type { Report } from '../site/report';
import type { KindedReport, ReportsByKind } from '../check-outcome';
import { KINDS } from '../kinds';
import { isMonitorKind, type MonitorKind } from '../shared/check-kinds';
import { monitoredOnly, type AnswerOf, type Metric } from '../shared/metric';
import { marketKey } from '../shared/market';
import { storedKey } from './metric';
import { productSeries } from './product-series';

/**
 * What a monitor compares from one run, extracted from the report when the snapshot is saved and kept
 * beside it, so a trend or an alert reads a few hundred bytes per run instead of the whole report.
 */
export interface Observation {
  kind: MonitorKind;
  /** The kind's rate metrics as counts, by key: the Wilson band and the Newcombe interval need the sample size. */
  rates: Record<string, { count: number; total: number }>;
  /** The kind's other metrics (scores, coverage), by key: numbers without a sample size. */
  values: Record<string, number>;
  /** A site's per-platform status (known, unknown or error), keyed by the platform's name. */
  platforms?: Record<string, string>;
  /** Per answer ("question × platform"), whether it counted for each rate: the evidence of what flipped. */
  answers?: Record<string, Record<string, boolean>>;
  /** A site's state that changes without statistics. */
  site?: SiteState;
}

export interface SiteState {
  /** robots.txt access per crawler token. */
  crawlers: Record<string, string>;
  /** Undefined when the stage could not be read this time. */
  robotsTxt?: boolean;
  llmsTxt?: boolean;
  /** Each check's status and sentence. */
  checks: Record<string, { name: string; status: string; detail: string }>;
  /** The price each simulated crawler is charged (pay per crawl, x402), by token; undefined when the simulation did not run (or before charges were read). */
  charged?: Record<string, string>;
}

/** A report of a kind that can be monitored. */
export type MonitoredReport = Extract<KindedReport, { kind: MonitorKind }>;
export const isMonitored = (stored: KindedReport): stored is MonitoredReport => isMonitorKind(stored.kind);

export function observe(stored: MonitoredReport): Observation {
  switch (stored.kind) {
    case 'brand':
      return observeBrand(stored.report);
    case 'article':
      return observeArticle(stored.report);
    case 'site':
      return observeSite(stored.report);
  }
}

/** The kind's metrics read from its report, as the table in domain/kinds.ts says. */
function measured<K extends MonitorKind>(kind: K, report: ReportsByKind[K]): Pick<Observation, 'kind' | 'rates' | 'values'> {
  const metrics: readonly Metric<ReportsByKind[K]>[] = monitoredOnly(KINDS[kind].metrics);
  const rates: Observation['rates'] = {};
  const values: Observation['values'] = {};
  for (const metric of metrics) {
    if (metric.unit === 'rate') {
      const { count, total } = metric.read(report);
      if (metric.onlyWhenMeasured && total === 0) continue;
      rates[metric.key] = { count, total };
    } else {
      const value = metric.read(report);
      if (value !== undefined) values[metric.key] = value;
    }
  }
  return { kind, rates, values };
}

/**
 * Each market's share of the pooled rates, one series per market (`mentionRate@DE-de`): a rate the
 * kind measures that the market's row of `byMarket` also carries.
 */
function marketRates(
  pooled: Observation['rates'],
  byMarket: readonly ({ key: string } & Record<string, unknown>)[] | undefined,
): Observation['rates'] {
  const rates: Observation['rates'] = {};
  for (const row of byMarket ?? []) {
    for (const metric of Object.keys(pooled)) {
      const rate = row[metric] as { count?: unknown; total?: unknown } | undefined;
      if (typeof rate?.count === 'number' && typeof rate.total === 'number')
        rates[storedKey({ family: 'market', id: row.key, metric })] = { count: rate.count, total: rate.total };
    }
  }
  return rates;
}

/** Whether one answer counted for each rate that keeps such evidence. */
const answerVerdicts = <R>(metrics: readonly Metric<R>[], answer: AnswerOf<R>): Record<string, boolean> =>
  Object.fromEntries(
    metrics.flatMap((metric) => (metric.unit === 'rate' && metric.answerCounts ? [[metric.key, metric.answerCounts(answer)]] : [])),
  );

function observeBrand(report: BrandReport): Observation {
  const branded = new Set(report.questions.filter((question) => question.branded).map((question) => question.id));
  const text = new Map(report.questions.map((question) => [question.id, question.text]));
  const multipleRuns = report.answers.some((answer) => answer.run > 1);
  const pooled = measured('brand', report);
  // A rate measured only where a report has what it counts (product cards) is evidence only there.
  const measuredMetrics = monitoredOnly(KINDS.brand.metrics).filter((metric) => !metric.onlyWhenMeasured || metric.key in pooled.rates);
  const answers: Observation['answers'] = {};
  for (const answer of report.answers) {
    if (branded.has(answer.questionId) || answer.status !== 'answered') continue;
    const key = `${text.get(answer.questionId) ?? answer.questionId} × ${answer.platform}${answer.market ? ` in ${marketKey(answer.market)}` : ''}${multipleRuns ? ` (run ${answer.run})` : ''}`;
    answers[key] = answerVerdicts(measuredMetrics, answer);
  }
  const products = productSeries(report);
  return {
    ...pooled,
    rates: { ...pooled.rates, ...marketRates(pooled.rates, report.byMarket), ...products.rates },
    values: { ...pooled.values, ...products.values },
    answers,
  };
}

function observeArticle(report: ArticleReport): Observation {
  const text = new Map(report.questions.map((question) => [question.id, question.text]));
  const answers: Observation['answers'] = {};
  for (const answer of report.answers) {
    if (answer.status !== 'answered') continue;
    answers[
      `${text.get(answer.questionId) ?? answer.questionId} × ${answer.platform}${answer.market ? ` in ${marketKey(answer.market)}` : ''}`
    ] = answerVerdicts(monitoredOnly(KINDS.article.metrics), answer);
  }
  const pooled = measured('article', report);
  return { ...pooled, rates: { ...pooled.rates, ...marketRates(pooled.rates, report.byMarket) }, answers };
}

/** The simulated crawlers' charges, when the simulation ran and was conclusive. */
function chargedOf(report: Report): Pick<SiteState, 'charged'> {
  const simulated = report.bots.filter((bot) => bot.simulated);
  if (simulated.length === 0 || report.checks.find((check) => check.id === 'crawler-simulation')?.status === 'info') return {};
  return {
    charged: Object.fromEntries(simulated.flatMap((bot) => (bot.simulated?.charged ? [[bot.token, bot.simulated.charged.price]] : []))),
  };
}

function observeSite(report: Report): Observation {
  const robotsCheck = report.checks.find((check) => check.id === 'robots-txt');
  const robotsTxt =
    robotsCheck === undefined || robotsCheck.status === 'info' || robotsCheck.status === 'fail' ? undefined : robotsCheck.status === 'pass';
  const llmsTxt = report.agentFiles
    ? report.agentFiles.llmsTxt !== undefined || report.agentFiles.files.some((file) => file.path === '/llms.txt' && file.present)
    : undefined;
  return {
    ...measured('site', report),
    platforms: Object.fromEntries(report.memory.map((result) => [result.platform, result.status])),
    site: {
      // A robots.txt that could not be read says nothing about access: no crawler verdicts to compare.
      crawlers: robotsTxt === undefined ? {} : Object.fromEntries(report.bots.map((bot) => [bot.token, bot.access])),
      robotsTxt,
      llmsTxt,
      checks: Object.fromEntries(
        report.checks.map((check) => [check.id, { name: check.name, status: check.status, detail: check.detail }]),
      ),
      ...chargedOf(report),
    },
  };
}

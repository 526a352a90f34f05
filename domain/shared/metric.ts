import { formatPercent, wilson } from './rate';

/**
 * A metric as a kind declares it (docs/checks/monitoring.md, "Metrics"): its stored key, typed by the
 * report it is read from, its one name for people, the short name table headers and charts use, and
 * how it is read. Each kind declares its list once (domain/<kind>/metrics.ts, listed in domain/kinds.ts);
 * market columns, rate cards, outcome scores, headlines, monitor series, alerts and the MCP answers derive
 * from that list, so a metric renamed there is renamed everywhere.
 */

export interface Counted {
  count: number;
  total: number;
}

/** The answers of a report, where it has any: the per-answer evidence of a rate is read from them. */
export type AnswerOf<R> = R extends { answers: readonly (infer A)[] } ? A : never;

export interface MetricBase<K extends string = string> {
  /** The key observations are stored under (kept stable: a renamed key would lose its stored trend). */
  key: K;
  /** Its one name for people: rate cards, alerts, market differences, MCP answers. */
  label: string;
  /** The same, short: table headers and charts. */
  shortLabel: string;
  /** What it counts, in one sentence: under the rate card, and in the MCP output's schema. */
  description: string;
  /** Charted only where a run measured it (product cards: only where a surface showed some). */
  onlyWhenMeasured?: boolean;
  /** Shown on the report but not charted by monitors (a monitor's series stay as they were stored). */
  monitored?: false;
  /** One of the report's headline figures: the workflow's outcome scores and the page's headline. */
  headline?: true;
}

/** A share of answers, with its counts (Wilson band, Newcombe intervals, alerts). */
export interface RateMetric<R, K extends string = string> extends MetricBase<K> {
  unit: 'rate';
  read: (report: R) => Counted;
  /** What the rate's total counts, in the plural ("answers" unless said). */
  over?: string;
  /** Whether one answer counted for the rate: the evidence listed when the rate changes. */
  answerCounts?: (answer: AnswerOf<R>) => boolean;
}

/** A number without a sample size: a score (0–100), a share (0–1) or a position (1 = first); undefined where the run has none. */
export interface ValueMetric<R, K extends string = string> extends MetricBase<K> {
  unit: 'score' | 'share' | 'position';
  /** undefined: the report does not measure it (a brand diagnosis without demand); the run has no point in the series. */
  read: (report: R) => number | undefined;
}

export type Metric<R, K extends string = string> = RateMetric<R, K> | ValueMetric<R, K>;

/** A metric as charts, alerts and wording see it, without reading a report. */
export type MetricName = Pick<MetricBase, 'key' | 'label' | 'shortLabel' | 'onlyWhenMeasured' | 'monitored'> & {
  unit: Metric<never>['unit'];
};

/** The keys a declaration marks as headline figures. */
export type HeadlineKey<M extends readonly MetricBase[]> = Extract<M[number], { headline: true }>['key'];

/** A metric's figure in a report: a rate's value, or the number itself. */
export function figureOf<R>(metric: Metric<R>, report: R): number | undefined {
  if (metric.unit !== 'rate') return metric.read(report);
  const { count, total } = metric.read(report);
  return wilson(count, total).value;
}

/** The headline figures of a report, by key (the workflow's outcome scores). Every headline metric is measured by every report. */
export function headlineScores<R, const M extends readonly Metric<R>[]>(metrics: M, report: R): Record<HeadlineKey<M>, number> {
  const scores: Record<string, number> = {};
  for (const metric of metrics) {
    if (!metric.headline) continue;
    const figure = figureOf(metric, report);
    if (figure === undefined) throw new Error(`the headline metric ${metric.key} was not measured`);
    scores[metric.key] = figure;
  }
  return scores as Record<HeadlineKey<M>, number>;
}

/** The metrics a monitor charts and alerts on, in the declaration's order. */
export const monitoredOnly = <M extends Pick<MetricBase, 'monitored'>>(metrics: readonly M[]): M[] =>
  metrics.filter((metric) => metric.monitored !== false);

/** A label inside a sentence: "Total score" → "total score"; one that starts with an acronym ("URL citation rate") unchanged. */
export const inSentence = (label: string): string => (/^\p{Lu}{2}/u.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

/** One declared metric by its key: a key the declaration does not have fails to compile. */
export function metricOf<const M extends readonly MetricBase[], K extends M[number]['key']>(
  metrics: M,
  key: K,
): Extract<M[number], { key: K }> {
  const found = metrics.find((metric) => metric.key === key);
  if (!found) throw new Error(`no metric ${key} is declared`);
  return found as Extract<M[number], { key: K }>;
}

/** A figure as people read it: a rate or share as a percentage, a score out of 100, a position as a rank. */
export function figureText(unit: Metric<never>['unit'], value: number): string {
  if (unit === 'score') return `${Math.round(value)}/100`;
  if (unit === 'position') return `#${value}`;
  return formatPercent(value);
}

/** The headline figures of a report, as people read them: "Mention rate 40% · First recommendation rate 10% · …". */
export function headlineText<R>(metrics: readonly Metric<R>[], report: R, separator = ' · '): string {
  const scores: Record<string, number> = headlineScores(metrics, report);
  return metrics
    .filter((metric) => metric.headline)
    .map((metric) => `${metric.label} ${figureText(metric.unit, scores[metric.key] ?? Number.NaN)}`)
    .join(separator);
}

/** Whether a report measured a metric: one marked `onlyWhenMeasured` only where the run had what it counts. */
export function isMeasured<R>(metric: Metric<R>, report: R): boolean {
  if (!metric.onlyWhenMeasured) return true;
  return metric.unit === 'rate' ? metric.read(report).total > 0 : metric.read(report) !== undefined;
}

/** The rates every report of a kind measures, not only where a run had what they count. */
export const everyReportRates = <M extends MetricBase & { unit: string }>(metrics: readonly M[]): M[] =>
  metrics.filter((metric) => metric.unit === 'rate' && !metric.onlyWhenMeasured);

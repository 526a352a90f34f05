import type { Alert } from '../domain/monitoring/alert-schema';
import { excludesZero, type DifferenceInterval } from '../domain/monitoring/newcombe';
import type { Series, SeriesPoint } from '../domain/monitoring/series';
import type { SeriesKey } from '../domain/monitoring/metric';
import { METRIC_LABELS } from '../domain/kinds';
import { STAGE_THRESHOLDS } from '../domain/brand/report/compose';
import type { BrandStage } from '../domain/brand/report/report-schema';
import { formatPercent } from '../domain/shared/rate';

/**
 * The facts the pages and the MCP tools both state, phrased once as plain strings: pages wrap them in
 * `html` (which escapes them), MCP in markdown. What only one surface says stays with it.
 */

/** A time to the minute, UTC: "2026-11-23 10:00". */
export const minuteOf = (iso: string) => iso.slice(0, 16).replace('T', ' ');
/** A date: "2026-11-23". */
export const dayOf = (iso: string) => iso.slice(0, 10);

/** How often a monitor runs, and whether it is paused: "every week (paused)". */
export const cadence = (monitor: { every: string; paused: boolean }) => `every ${monitor.every}${monitor.paused ? ' (paused)' : ''}`;

/** How a series of each family is named, from its id; a family missing here fails to compile. */
const FAMILY_NAMES: { [F in Exclude<SeriesKey['family'], 'market'>]: (id: string) => string } = {
  metric: (key) => METRIC_LABELS[key] ?? key,
  platform: (platform) => `${platform} knows the site`,
  crawler: (crawler) => `${crawler} access`,
  file: (file) => file,
  check: (check) => `Check ${check}`,
};

/** A monitored series' name: a metric's label from the kinds' table, or one platform's, crawler's, file's or check's. */
export const metricName = (key: SeriesKey) =>
  key.family === 'market' ? `${FAMILY_NAMES.metric(key.metric)} in ${key.id}` : FAMILY_NAMES[key.family](key.id);

/** Answers counted: "12 of 50 answers". */
export const answerCount = (rate: { count: number; total: number }, over = 'answers') => `${rate.count} of ${rate.total} ${over}`;
/** A rate's Wilson 95% interval: "95% interval 14%–37%". */
export const interval95 = (rate: { low: number; high: number }) => `95% interval ${formatPercent(rate.low)}–${formatPercent(rate.high)}`;

/** A series' value: a score or position to one decimal, a platform's status in words, a rate or share in percent. */
export const seriesValue = (unit: Series['unit'], value: number) =>
  unit === 'score' || unit === 'position'
    ? String(Math.round(value * 10) / 10)
    : unit === 'status'
      ? statusWord(value)
      : formatPercent(value, 1);
const statusWord = (value: number) => (value === 1 ? 'knows' : 'does not know');

/** A rate point's Wilson band and its counts: "95% 14%–37%, 12/50"; empty for a point without one. */
export const band = (point: SeriesPoint) =>
  point.low === undefined
    ? ''
    : `95% ${formatPercent(point.low, 1)}–${formatPercent(point.high ?? point.value, 1)}, ${point.count}/${point.total}`;

/** Whether a change of a rate is real, by its Newcombe interval. */
export const noiseVerdict = (interval: DifferenceInterval) => (excludesZero(interval) ? 'beyond the noise' : 'within noise');
/** The bounds of a difference's interval: "−20% to −3%". */
export const differenceRange = (interval: DifferenceInterval) => `${formatPercent(interval.low, 1)} to ${formatPercent(interval.high, 1)}`;

/** Two runs of different configurations are never compared. */
export const CONFIGURATION_CHANGED = 'configuration changed since the run before: not compared';

/** What an alert moved: "30% → 8%", or the states of a site event. */
export const alertMove = (alert: Pick<Alert, 'from' | 'to'>) =>
  typeof alert.from === 'number' && typeof alert.to === 'number'
    ? `${formatPercent(alert.from, 1)} → ${formatPercent(alert.to, 1)}`
    : `${alert.from} → ${alert.to}`;
/** An alert's Newcombe interval: "99% interval −39% to −1%". */
export const alertInterval = (interval: NonNullable<Alert['interval']>) =>
  `${interval.level * 100}% interval ${formatPercent(interval.low, 1)} to ${formatPercent(interval.high, 1)}`;
/** How many answers an alert's evidence lists as flipped, of how many. */
export const flippedCount = (evidence: Alert['evidence']) => evidence.flippedCount ?? evidence.flipped?.length ?? 0;

/** When an alert is raised, as the trend page and the MCP tool explain an empty list. */
export const ALERT_RULES = 'a jump (99% interval, at least 10 points), a change confirmed by two runs, or a site event';

const percent = (stage: BrandStage) => formatPercent(STAGE_THRESHOLDS[stage]);
/** What each stage of a brand diagnosis means, with the mention rates the diagnosis draws the line at. */
export const STAGE_MEANING: Record<BrandStage, string> = {
  invisible: `The assistants almost never name the brand for this keyword (under ${percent('emerging')} of answers). People who ask them do not hear of it.`,
  emerging: `The assistants name the brand now and then (${formatPercent(STAGE_THRESHOLDS.emerging).replace('%', '')}–${percent('competitive')} of answers), rarely first. It is known, not yet a default recommendation.`,
  competitive: `The assistants name the brand often (${percent('competitive')} of answers or more), among the options people hear about.`,
  leading: `The assistants name the brand in ${percent('leading')} of answers or more, and no competitor has a larger share of voice.`,
};

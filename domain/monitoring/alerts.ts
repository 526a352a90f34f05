import { roundShare, Z95, Z99 } from '../shared/rate';
import { excludesZero, newcombe, type DifferenceInterval } from './newcombe';
import { metricsOf } from '../kinds';
import { storedKey } from './metric';
import type { Observation } from './observation';
import type { Alert, AlertEvidence, AlertType } from './alert-schema';

/** One run of a monitor as the alert rules see it. */
export interface MonitorRun {
  snapshotId: string;
  /** ISO 8601. */
  at: string;
  fingerprint: string;
  observation: Observation;
}

/** A jump must move the rate by at least this much (10 points) besides being significant at 99%. */
export const JUMP_MIN_CHANGE = 0.1;
export const CONFIRM_RECENT = 2;
export const CONFIRM_BASELINE = 4;
/** Cap on the flipped answers listed in one alert (the webhook body stays under 20 kB). */
const MAX_FLIPPED = 20;

/** Same run (a snapshot belongs to one monitor), rule and metric: the same id, so a retried evaluation stores and sends it once. */
export function alertId(lastSnapshotId: string, type: AlertType, metric: string): string {
  return `alert_${lastSnapshotId.toLowerCase().replace(/[^0-9a-z]/g, '')}_${type}_${metric.replace(/[^0-9A-Za-z]+/g, '-')}`;
}

const rateOf = ({ count, total }: { count: number; total: number }) => (total > 0 ? count / total : 0);

/**
 * The alerts the last run raises (docs/checks/monitoring.md), given the monitor's runs oldest
 * first and the alerts already raised. Only runs of the last run's fingerprint are compared, and for a
 * rate only runs since its last alert (the baseline restarts, so one shift alerts once).
 */
export function evaluateAlerts(monitorId: string, runs: readonly MonitorRun[], previousAlerts: readonly Alert[]): Alert[] {
  const last = runs.at(-1);
  if (!last) return [];
  let start = runs.length - 1;
  while (start > 0 && runs[start - 1]!.fingerprint === last.fingerprint) start--;
  const segment = runs.slice(start);
  if (segment.length < 2) return [];
  const alerts: Alert[] = [];
  for (const { key: metric } of metricsOf(last.observation.kind).filter((metric) => metric.unit === 'rate')) {
    const alert = rateAlert(monitorId, metric, sinceLastAlert(segment, metric, previousAlerts));
    if (alert) alerts.push(alert);
  }
  if (last.observation.kind === 'site') alerts.push(...siteEvents(monitorId, segment.at(-2)!, last));
  return alerts;
}

/** The runs from the last alert on this metric onwards: the run that alerted is the new baseline's first. */
function sinceLastAlert(segment: readonly MonitorRun[], metric: string, previousAlerts: readonly Alert[]): readonly MonitorRun[] {
  const alerted = new Set(
    previousAlerts.filter((alert) => alert.metric === metric && alert.type !== 'event').map((alert) => alert.snapshots[1]),
  );
  for (let index = segment.length - 2; index >= 0; index--) {
    if (alerted.has(segment[index]!.snapshotId)) return segment.slice(index);
  }
  return segment;
}

function rateAlert(monitorId: string, metric: string, runs: readonly MonitorRun[]): Alert | undefined {
  const counted = runs.filter((run) => (run.observation.rates[metric]?.total ?? 0) > 0);
  if (counted.length < 2 || counted.at(-1) !== runs.at(-1)) return undefined;
  const last = counted.at(-1)!;
  const previous = counted.at(-2)!;
  const now = last.observation.rates[metric]!;
  const before = previous.observation.rates[metric]!;
  const jump = newcombe(now.count, now.total, before.count, before.total, Z99);
  if (excludesZero(jump) && Math.abs(jump.difference) >= JUMP_MIN_CHANGE - 1e-9) {
    return build(monitorId, 'jump', metric, before, now, jump, 0.99, previous, last, flipped(metric, previous, last));
  }
  if (counted.length < CONFIRM_RECENT + CONFIRM_BASELINE) return undefined;
  const recentRuns = counted.slice(-CONFIRM_RECENT);
  const baselineRuns = counted.slice(-(CONFIRM_RECENT + CONFIRM_BASELINE), -CONFIRM_RECENT);
  const recent = pool(recentRuns, metric);
  const baseline = pool(baselineRuns, metric);
  const confirmed = newcombe(recent.count, recent.total, baseline.count, baseline.total, Z95);
  if (!excludesZero(confirmed)) return undefined;
  const side = Math.sign(confirmed.difference);
  const baseRate = rateOf(baseline);
  const sameSide = recentRuns.every((run) => Math.sign(rateOf(run.observation.rates[metric]!) - baseRate) === side);
  if (!sameSide) return undefined;
  return build(
    monitorId,
    'confirmed',
    metric,
    baseline,
    recent,
    confirmed,
    0.95,
    baselineRuns.at(-1)!,
    last,
    flipped(metric, previous, last),
  );
}

function pool(runs: readonly MonitorRun[], metric: string) {
  return runs.reduce(
    (sum, run) => ({ count: sum.count + run.observation.rates[metric]!.count, total: sum.total + run.observation.rates[metric]!.total }),
    { count: 0, total: 0 },
  );
}

function build(
  monitorId: string,
  type: 'jump' | 'confirmed',
  metric: string,
  from: { count: number; total: number },
  to: { count: number; total: number },
  interval: DifferenceInterval,
  level: 0.95 | 0.99,
  previous: MonitorRun,
  last: MonitorRun,
  flips: NonNullable<AlertEvidence['flipped']>,
): Alert {
  return {
    id: alertId(last.snapshotId, type, metric),
    monitorId,
    type,
    metric,
    from: roundShare(rateOf(from)),
    to: roundShare(rateOf(to)),
    interval: { low: roundShare(interval.low), high: roundShare(interval.high), level },
    snapshots: [previous.snapshotId, last.snapshotId],
    evidence: { from, to, ...(flips.length > 0 ? { flipped: flips.slice(0, MAX_FLIPPED), flippedCount: flips.length } : {}) },
    at: last.at,
  };
}

/** The answers asked in both runs whose verdict on this rate changed. */
function flipped(metric: string, previous: MonitorRun, last: MonitorRun): NonNullable<AlertEvidence['flipped']> {
  const before = previous.observation.answers ?? {};
  const after = last.observation.answers ?? {};
  const flips: NonNullable<AlertEvidence['flipped']> = [];
  for (const [answer, verdicts] of Object.entries(after)) {
    const was = before[answer]?.[metric];
    const is = verdicts[metric];
    if (was !== undefined && is !== undefined && was !== is) flips.push({ answer, from: was, to: is });
  }
  return flips;
}

const presence = (present: boolean) => (present ? 'present' : 'absent');

/** Site changes that need no statistics: crawler access, robots.txt and llms.txt, checks that went from pass to fail. */
function siteEvents(monitorId: string, previous: MonitorRun, last: MonitorRun): Alert[] {
  const before = previous.observation.site;
  const after = last.observation.site;
  if (!before || !after) return [];
  const events: Alert[] = [];
  const event = (metric: string, from: string, to: string, evidence: AlertEvidence) =>
    events.push({
      id: alertId(last.snapshotId, 'event', metric),
      monitorId,
      type: 'event',
      metric,
      from,
      to,
      snapshots: [previous.snapshotId, last.snapshotId],
      evidence,
      at: last.at,
    });

  for (const [file, key] of [
    ['robots.txt', 'robotsTxt'],
    ['llms.txt', 'llmsTxt'],
  ] as const) {
    const was = before[key];
    const is = after[key];
    if (was !== undefined && is !== undefined && was !== is) {
      event(storedKey({ family: 'file', id: file }), presence(was), presence(is), {
        file: `/${file}`,
        detail: `/${file} ${is ? 'appeared' : 'vanished'}.`,
      });
    }
  }
  for (const [crawler, access] of Object.entries(after.crawlers)) {
    const was = before.crawlers[crawler];
    if (was !== undefined && was !== access) {
      const line = after.checks['ai-answer-crawlers']?.status === 'fail' ? after.checks['ai-answer-crawlers'].detail : undefined;
      event(storedKey({ family: 'crawler', id: crawler }), was, access, {
        crawler,
        detail: `robots.txt now gives ${crawler} ${access} access (it was ${was}).${line ? ` ${line}` : ''}`,
      });
    }
  }
  // A crawler newly asked to pay (docs/checks/site.md, "Paid crawling"): compared only when both runs simulated.
  if (before.charged && after.charged) {
    for (const [crawler, price] of Object.entries(after.charged)) {
      const was = before.charged[crawler];
      if (was === price) continue;
      event(storedKey({ family: 'crawler', id: `${crawler} charged` }), was ?? 'free', price, {
        crawler,
        detail: `${crawler} is now charged ${price} per page (pay per crawl or x402)${was ? `; it was charged ${was}` : ''}.`,
      });
    }
  }
  for (const [id, check] of Object.entries(after.checks)) {
    if (before.checks[id]?.status === 'pass' && check.status === 'fail') {
      event(storedKey({ family: 'check', id }), 'pass', 'fail', { check: check.name, detail: check.detail });
    }
  }
  return events;
}

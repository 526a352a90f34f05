import { formatPercent } from '../../domain/shared/rate';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Alert, MonitorRun } from '../../domain/monitoring/alerts';
import { excludesZero, newcombe } from '../../domain/monitoring/newcombe';
import type { Series } from '../../domain/monitoring/series';
import { MonitorSchedules } from '../../infra/monitor-schedules';
import { MonitorStore } from '../../infra/monitor-store';
import type { MonitorTrend } from '../monitor-schemas';
import { monitorTrend } from '../monitor-trend';
import { metricName, monitorSubject } from '../pages/monitor-page';
import type { McpDependencies } from './server';

const MONITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Alerts listed at most, newest first. */
const ALERTS_SHOWN = 10;

function value(series: Series, point: Series['points'][number]): string {
  if (series.unit === 'score') return String(Math.round(point.value * 10) / 10);
  if (series.unit === 'status') return point.value === 1 ? 'knows' : 'does not know';
  return point.low === undefined ? formatPercent(point.value, 1) : `${formatPercent(point.value, 1)} (95% ${formatPercent(point.low, 1)}–${formatPercent(point.high ?? point.value, 1)}, ${point.count}/${point.total})`;
}

/** The last point against the one before, if both are of one configuration; for a rate, whether the change is beyond the noise. */
function change(series: Series): string {
  const [before, last] = series.points.slice(-2);
  if (!before || !last) return '';
  if (before.fingerprint !== last.fingerprint) return ' — configuration changed since the run before: not compared';
  if (series.unit === 'rate' && before.total && last.total) {
    const interval = newcombe(last.count!, last.total, before.count!, before.total);
    return ` — ${formatPercent(interval.difference, 1)} since the run before, ${excludesZero(interval) ? 'beyond the noise' : 'within noise'} (95% ${formatPercent(interval.low, 1)} to ${formatPercent(interval.high, 1)})`;
  }
  const delta = Math.round((last.value - before.value) * 10) / 10;
  return series.unit === 'status' ? (delta === 0 ? '' : ` — was ${before.value === 1 ? 'knows' : 'does not know'}`) : ` — ${delta >= 0 ? '+' : ''}${series.unit === 'score' ? delta : formatPercent(last.value - before.value, 1)} since the run before`;
}

function alertLine(alert: Alert, link: (id: string) => string): string {
  const moved = typeof alert.from === 'number' && typeof alert.to === 'number' ? `${formatPercent(alert.from, 1)} → ${formatPercent(alert.to, 1)}` : `${alert.from} → ${alert.to}`;
  const interval = alert.interval ? `, ${alert.interval.level * 100}% interval ${formatPercent(alert.interval.low, 1)} to ${formatPercent(alert.interval.high, 1)}` : '';
  const flipped = alert.evidence.flipped?.length ? `; ${alert.evidence.flippedCount ?? alert.evidence.flipped.length} answer(s) flipped, e.g. ${alert.evidence.flipped.slice(0, 2).map((flip) => `“${flip.answer}”`).join(', ')}` : '';
  const detail = alert.evidence.detail ? `; ${alert.evidence.detail}` : '';
  return `- ${alert.at.slice(0, 16).replace('T', ' ')} **${alert.type}** ${metricName(alert.metric)}: ${moved}${interval}${detail}${flipped} ([before](${link(alert.snapshots[0])}), [after](${link(alert.snapshots[1])}))`;
}

/** The trend as markdown: each series' latest value with its noise and its last change, then the alerts. */
export function trendSummary(trend: MonitorTrend, runs: readonly MonitorRun[], links: { page: string; report: (id: string) => string }): string {
  const { monitor } = trend;
  const lines = [
    `# Monitor: ${monitorSubject(monitor)}`,
    '',
    `${monitor.kind} check every ${monitor.every}${monitor.paused ? ' (paused)' : ''}; ${runs.length} run(s)${runs.length ? `, ${runs[0]!.at.slice(0, 10)} to ${runs.at(-1)!.at.slice(0, 10)}` : ''}${monitor.nextRunAt ? `; next run about ${monitor.nextRunAt.slice(0, 16).replace('T', ' ')} UTC` : ''}.`,
    '',
    '## Series (latest value)',
    '',
    ...trend.series.filter((series) => series.points.length > 0).map((series) => `- ${metricName(series.metric)}: ${value(series as Series, series.points.at(-1)!)}${change(series as Series)}`),
    '',
    `## Alerts (${trend.alerts.length})`,
    '',
    ...(trend.alerts.length === 0
      ? ['None: no change beyond the noise (jump: 99% interval and at least 10 points; confirmed: two runs against four at 95%; site events).']
      : [...(trend.alerts as Alert[])].reverse().slice(0, ALERTS_SHOWN).map((alert) => alertLine(alert, links.report))),
    '',
    `Trend page: ${links.page}`,
  ];
  return lines.join('\n');
}

/** get_monitor_trend {id}: read-only, public by the monitor's id like its page. */
export function registerMonitorTrendTool(server: McpServer, deps: McpDependencies, annotations: Record<string, boolean>): void {
  const monitors = new MonitorStore(deps.store.db);
  const schedules = new MonitorSchedules(deps.checks.client, deps.checks.temporal);
  server.registerTool(
    'get_monitor_trend',
    {
      title: 'Trend and alerts of a monitor',
      description:
        'A monitor’s trend by its id (the id POST /api/v1/monitors answered): each series’ latest value with its 95% interval and whether the last change is within noise, and the alerts (jumps, confirmed changes, site events) with their evidence, as markdown. Read-only.',
      inputSchema: z.object({ id: z.string().regex(MONITOR_ID, 'id must be a monitor id such as 0f8fad5b-d9cb-469f-a165-70867728950e').describe('The monitor id (a UUID)') }),
      annotations,
    },
    async ({ id }) => {
      const monitor = await monitors.get(id.toLowerCase());
      if (!monitor) return { content: [{ type: 'text' as const, text: `No monitor has the id ${id}.` }], isError: true };
      const { runsForAlerts, ...trend } = await monitorTrend(monitor, deps.store, monitors, schedules);
      const text = trendSummary(trend, runsForAlerts, { page: `${deps.publicBaseUrl}/monitor/${monitor.id}`, report: (snapshot) => `${deps.publicBaseUrl}/report/${snapshot}` });
      return { content: [{ type: 'text' as const, text }] };
    },
  );
}

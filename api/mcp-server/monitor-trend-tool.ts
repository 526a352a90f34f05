import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Alert } from '../../domain/monitoring/alert-schema';
import { newcombe } from '../../domain/monitoring/newcombe';
import type { Series } from '../../domain/monitoring/series';
import { UUID_PATTERN } from '../../contract/workflow-contract';
import { formatPercent } from '../../domain/shared/rate';
import type { MonitorTrendWithRuns } from '../monitor-service';
import { trendSchema } from '../monitor-schemas';
import { monitorPagePath } from '../../contract/paths';
import {
  alertInterval,
  alertMove,
  ALERT_RULES,
  band,
  cadence,
  CONFIGURATION_CHANGED,
  dayOf,
  differenceRange,
  flippedCount,
  metricName,
  minuteOf,
  noiseVerdict,
  seriesValue,
} from '../wording';
import { seriesKeyOf } from '../../domain/monitoring/metric';
import type { ServerToolDependencies } from './dependencies';
import { failure, READ_ONLY, reportLink, structured } from '../mcp/tools/results';

/** Alerts listed at most, newest first. */
const ALERTS_SHOWN = 10;

/** The trend as GET /api/v1/monitors/{id}/trend gives it, with the page's link. */
export const monitorTrendOutput = z.object({ ...trendSchema.shape, pageUrl: z.string().describe('The trend page') });

const latestValue = (series: Series, point: Series['points'][number]) =>
  `${seriesValue(series.unit, point.value)}${point.low === undefined ? '' : ` (${band(point)})`}`;

/** The last point against the one before, if both are of one configuration; for a rate, whether the change is beyond the noise. */
function change(series: Series): string {
  const [before, last] = series.points.slice(-2);
  if (!before || !last) return '';
  if (before.fingerprint !== last.fingerprint) return ` — ${CONFIGURATION_CHANGED}`;
  if (series.unit === 'rate' && before.total && last.total) {
    const interval = newcombe(last.count!, last.total, before.count!, before.total);
    return ` — ${formatPercent(interval.difference, 1)} since the run before, ${noiseVerdict(interval)} (95% ${differenceRange(interval)})`;
  }
  const delta = Math.round((last.value - before.value) * 10) / 10;
  if (series.unit === 'status') return delta === 0 ? '' : ` — was ${seriesValue('status', before.value)}`;
  return ` — ${delta >= 0 ? '+' : ''}${series.unit === 'score' || series.unit === 'position' ? delta : formatPercent(last.value - before.value, 1)} since the run before`;
}

function alertLine(alert: Alert, link: (id: string) => string): string {
  const interval = alert.interval ? `, ${alertInterval(alert.interval)}` : '';
  const flipped = alert.evidence.flipped?.length
    ? `; ${flippedCount(alert.evidence)} answer(s) flipped, e.g. ${alert.evidence.flipped
        .slice(0, 2)
        .map((flip) => `“${flip.answer}”`)
        .join(', ')}`
    : '';
  const detail = alert.evidence.detail ? `; ${alert.evidence.detail}` : '';
  return `- ${minuteOf(alert.at)} **${alert.type}** ${metricName(seriesKeyOf(alert.metric))}: ${alertMove(alert)}${interval}${detail}${flipped} ([before](${link(alert.snapshots[0])}), [after](${link(alert.snapshots[1])}))`;
}

/** The trend as markdown: each series' latest value with its noise and its last change, then the alerts. */
export function trendSummary(
  { trend, runs, subject }: MonitorTrendWithRuns,
  links: { page: string; report: (id: string) => string },
): string {
  const { monitor } = trend;
  const span = runs.length ? `, ${dayOf(runs[0]!.at)} to ${dayOf(runs.at(-1)!.at)}` : '';
  return [
    `# Monitor: ${subject}`,
    '',
    `${monitor.kind} check ${cadence(monitor)}; ${runs.length} run(s)${span}${monitor.nextRunAt ? `; next run about ${minuteOf(monitor.nextRunAt)} UTC` : ''}.`,
    '',
    '## Series (latest value)',
    '',
    ...trend.series
      .filter((series) => series.points.length > 0)
      .map((series) => `- ${metricName(series.key)}: ${latestValue(series, series.points.at(-1)!)}${change(series)}`),
    '',
    `## Alerts (${trend.alerts.length})`,
    '',
    ...(trend.alerts.length === 0
      ? [`None: no change beyond the noise (${ALERT_RULES}).`]
      : [...trend.alerts]
          .reverse()
          .slice(0, ALERTS_SHOWN)
          .map((alert) => alertLine(alert, links.report))),
    '',
    `Trend page: ${links.page}`,
  ].join('\n');
}

/** get_monitor_trend {id}: read-only, public by the monitor's id like its page. */
export function registerMonitorTrendTool(server: McpServer, deps: ServerToolDependencies): void {
  server.registerTool(
    'get_monitor_trend',
    {
      title: 'Trend and alerts of a monitor',
      description:
        'A monitor’s trend by its id (the id POST /api/v1/monitors answered): each series’ latest value with its 95% interval and whether the last change is within noise, and the alerts (jumps, confirmed changes, site events) with their evidence, as markdown (the series and alerts also as structured content). Read-only.',
      inputSchema: z.object({
        id: z
          .string()
          .regex(UUID_PATTERN, 'id must be a monitor id such as 0f8fad5b-d9cb-469f-a165-70867728950e')
          .describe('The monitor id (a UUID)'),
      }),
      outputSchema: monitorTrendOutput,
      annotations: READ_ONLY,
    },
    async ({ id }) => {
      const monitor = await deps.monitors.find(id);
      if (!monitor) return failure(`No monitor has the id ${id}.`);
      const found = await deps.monitors.trend(monitor);
      const pageUrl = deps.monitors.url(monitorPagePath(monitor.id));
      return structured(trendSummary(found, { page: pageUrl, report: reportLink(deps.publicBaseUrl) }), { ...found.trend, pageUrl });
    },
  );
}

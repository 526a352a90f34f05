import { formatPercent } from '../../domain/shared/rate';
import { KINDS, metricsOf } from '../../domain/kinds';
import { seriesKeyOf } from '../../domain/monitoring/metric';
import type { MonitorRun } from '../../domain/monitoring/alerts';
import type { Alert } from '../../domain/monitoring/alert-schema';
import { excludesZero, newcombe } from '../../domain/monitoring/newcombe';
import type { Series, SeriesPoint } from '../../domain/monitoring/series';
import type { MonitorTrend } from '../monitor-schemas';
import type { MonitorTrendWithRuns } from '../monitor-service';
import { html, type SafeHtml } from '../html';
import { monitorPagePath, monitorTrendCsvPath, monitorTrendPath, snapshotPath } from '../../contract/paths';
import {
  ALERT_RULES,
  alertInterval,
  alertMove,
  band,
  differenceRange,
  flippedCount,
  metricName,
  minuteOf,
  noiseVerdict,
  seriesValue,
} from '../wording';
import { downloadCsv, layout } from '../pages/layout';

/** Every string that came from a site, a platform or a monitor's owner goes through `html`, which escapes it. */

const W = 640;
const H = 170;
const PAD = { left: 44, right: 12, top: 12, bottom: 26 };

/**
 * One series as an SVG chart: the value line and, for a rate, its Wilson 95% band, both broken where
 * the configuration fingerprint changes (a dashed rule marks it), and a ring on each run that alerted.
 */
export function seriesChart(
  series: Series,
  runs: readonly { snapshotId: string; fingerprint: string }[],
  alerts: readonly Alert[],
): SafeHtml {
  // A status is yes or no: a low chart.
  const h = series.unit === 'status' ? 90 : H;
  const index = new Map(runs.map((run, position) => [run.snapshotId, position]));
  // A position runs from 1 (first) to the last card shown: the chart is as tall as the worst one.
  const top = series.unit === 'score' ? 100 : series.unit === 'position' ? Math.max(10, ...series.points.map((point) => point.value)) : 1;
  const x = (position: number) =>
    PAD.left + (runs.length <= 1 ? (W - PAD.left - PAD.right) / 2 : (position / (runs.length - 1)) * (W - PAD.left - PAD.right));
  const y = (value: number) => PAD.top + (1 - value / top) * (h - PAD.top - PAD.bottom);
  const fixed = (value: number) => value.toFixed(1);
  const segments: SeriesPoint[][] = [];
  for (const point of series.points) {
    const current = segments.at(-1);
    if (current && current.at(-1)!.fingerprint === point.fingerprint) current.push(point);
    else segments.push([point]);
  }
  const at = (point: SeriesPoint) => index.get(point.snapshotId) ?? 0;
  const bands =
    series.unit === 'rate'
      ? segments.map((segment) => {
          const upper = segment.map((point) => `${fixed(x(at(point)))},${fixed(y(point.high ?? point.value))}`);
          const lower = [...segment].reverse().map((point) => `${fixed(x(at(point)))},${fixed(y(point.low ?? point.value))}`);
          return html`<polygon class="band" points="${[...upper, ...lower].join(' ')}" fill="#1f4fd1" fill-opacity="0.15" stroke="none"/>`;
        })
      : [];
  const lines = segments.map(
    (segment) =>
      html`<polyline points="${segment.map((point) => `${fixed(x(at(point)))},${fixed(y(point.value))}`).join(' ')}" fill="none" stroke="#1f4fd1" stroke-width="2"/>`,
  );
  const dots = series.points.map(
    (point) =>
      html`<circle cx="${fixed(x(at(point)))}" cy="${fixed(y(point.value))}" r="3" fill="#1f4fd1"><title>${minuteOf(point.at)}: ${seriesValue(series.unit, point.value)}${point.low !== undefined ? ` (${band(point)})` : ''}</title></circle>`,
  );
  const breaks = runs
    .slice(1)
    .flatMap((run, position) =>
      run.fingerprint === runs[position]!.fingerprint
        ? []
        : [
            html`<line class="fingerprint-break" x1="${fixed((x(position) + x(position + 1)) / 2)}" x2="${fixed((x(position) + x(position + 1)) / 2)}" y1="${PAD.top}" y2="${h - PAD.bottom}" stroke="#555" stroke-dasharray="4 3"><title>The configuration changed here: not compared across</title></line>`,
          ],
    );
  const marks = alerts.flatMap((alert) => {
    const point = series.points.find((candidate) => candidate.snapshotId === alert.snapshots[1]);
    const relevant = alert.metric === series.metric || (alert.type === 'event' && series.metric === 'crawlerScore');
    return point && relevant
      ? [
          html`<circle class="alert-mark" cx="${fixed(x(at(point)))}" cy="${fixed(y(point.value))}" r="8" fill="none" stroke="#b3261e" stroke-width="2.5"><title>Alert (${alert.type}): ${metricName(seriesKeyOf(alert.metric))} ${String(alert.from)} → ${String(alert.to)}</title></circle>`,
        ]
      : [];
  });
  const ticks = [0, 0.5, 1].map(
    (fraction) =>
      html`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${fixed(y(fraction * top))}" y2="${fixed(y(fraction * top))}" stroke="#d6d6d6"/><text x="${PAD.left - 6}" y="${fixed(y(fraction * top) + 4)}" text-anchor="end" font-size="11" fill="#555">${series.unit === 'score' || series.unit === 'position' ? Math.round(fraction * top * 10) / 10 : series.unit === 'status' ? ['no', '', 'yes'][fraction * 2] : `${fraction * 100}%`}</text>`,
  );
  const first = runs[0];
  const last = runs.at(-1);
  const axis =
    first && last
      ? html`<text x="${PAD.left}" y="${h - 6}" font-size="11" fill="#555">${minuteOf(runs.length ? (series.points[0]?.at ?? '') : '')}</text><text x="${W - PAD.right}" y="${h - 6}" font-size="11" fill="#555" text-anchor="end">${minuteOf(series.points.at(-1)?.at ?? '')}</text>`
      : html``;
  const latest = series.points.at(-1);
  const summary = latest
    ? `latest ${seriesValue(series.unit, latest.value)}${latest.low !== undefined ? `, 95% interval ${formatPercent(latest.low, 1)}–${formatPercent(latest.high ?? latest.value, 1)} of ${latest.total} answers` : ''}`
    : 'no value yet';
  return html`<figure class="trend-chart" data-metric="${series.metric}">
<figcaption><strong>${metricName(series.key)}</strong> <span class="muted">${summary}</span></figcaption>
<svg viewBox="0 0 ${W} ${h}" width="100%" role="img" aria-label="${metricName(series.key)} over ${series.points.length} runs: ${summary}" style="max-width:${W}px">
${ticks}${bands}${breaks}${lines}${dots}${marks}${axis}
</svg>
</figure>`;
}

/** The last run against the one before, in words: what changed, and whether it is beyond the noise. */
export function changesSinceLastRun(kind: MonitorTrend['monitor']['kind'], runs: readonly MonitorRun[]): SafeHtml {
  const last = runs.at(-1);
  const previous = runs.at(-2);
  if (!last || !previous) return html`<p>Only one run so far: changes show from the second run on.</p>`;
  if (last.fingerprint !== previous.fingerprint) {
    return html`<p>The configuration changed between the last two runs (questions, platforms, models, web search or report version): the runs are not compared, and the charts start a new line.</p>`;
  }
  const items: SafeHtml[] = [];
  for (const [metric, now] of Object.entries(last.observation.rates)) {
    const before = previous.observation.rates[metric];
    if (!before || before.total === 0 || now.total === 0) continue;
    const interval = newcombe(now.count, now.total, before.count, before.total);
    const real = excludesZero(interval);
    items.push(
      html`<li>${metricName({ family: 'metric', id: metric })}: ${formatPercent(before.count / before.total, 1)} → ${formatPercent(now.count / now.total, 1)} (${now.count}/${now.total}); change ${formatPercent(interval.difference, 1)}, 95% interval ${differenceRange(interval)}: <strong class="${real ? 'fail' : 'muted'}">${noiseVerdict(interval)}</strong></li>`,
    );
  }
  for (const { key: metric, unit } of metricsOf(kind)) {
    const now = last.observation.values[metric];
    const before = previous.observation.values[metric];
    if (before === undefined || now === undefined || unit === 'rate') continue;
    items.push(
      html`<li>${metricName({ family: 'metric', id: metric })}: ${seriesValue(unit, before)} → ${seriesValue(unit, now)}${kind === 'site' && metric !== 'crawlerScore' ? html` <span class="muted">(includes the AI platforms’ answers, which vary from run to run: a few points either way is noise)</span>` : ''}</li>`,
    );
  }
  const site = { before: previous.observation.site, after: last.observation.site };
  if (site.before && site.after) {
    for (const [crawler, access] of Object.entries(site.after.crawlers)) {
      const was = site.before.crawlers[crawler];
      if (was !== undefined && was !== access)
        items.push(
          html`<li>Crawler <strong>${crawler}</strong>: <span class="${was}">${was}</span> → <span class="${access}">${access}</span></li>`,
        );
    }
    for (const [file, key] of [
      ['robots.txt', 'robotsTxt'],
      ['llms.txt', 'llmsTxt'],
    ] as const) {
      const was = site.before[key];
      const is = site.after[key];
      if (was !== undefined && is !== undefined && was !== is) items.push(html`<li>/${file} ${is ? 'appeared' : 'vanished'}</li>`);
    }
    for (const [id, check] of Object.entries(site.after.checks)) {
      const was = site.before.checks[id]?.status;
      if (was && was !== check.status)
        items.push(
          html`<li>Check “${check.name}”: <span class="${was}">${was}</span> → <span class="${check.status}">${check.status}</span> <span class="muted">${check.detail}</span></li>`,
        );
    }
  }
  const platforms = { before: previous.observation.platforms ?? {}, after: last.observation.platforms ?? {} };
  for (const [platform, status] of Object.entries(platforms.after)) {
    const was = platforms.before[platform];
    if (was !== undefined && was !== status)
      items.push(html`<li>${platform}: <span class="${was}">${was}</span> → <span class="${status}">${status}</span></li>`);
  }
  return items.length > 0 ? html`<ul class="changes">${items}</ul>` : html`<p>Nothing changed.</p>`;
}

function alertsSection(alerts: readonly Alert[]): SafeHtml {
  if (alerts.length === 0) return html`<h2>Alerts</h2><p>No alert yet. An alert needs a change beyond the noise: ${ALERT_RULES}.</p>`;
  return html`<h2>Alerts</h2>
<table>
<thead><tr><th scope="col">When</th><th scope="col">Type</th><th scope="col">What</th><th scope="col">Evidence</th><th scope="col">Reports</th></tr></thead>
<tbody>${[...alerts].reverse().map((alert) => {
    const flipped = alert.evidence.flipped ?? [];
    return html`<tr class="alert-row">
<td>${minuteOf(alert.at)}</td>
<td><span class="tag fail">${alert.type}</span></td>
<td>${metricName(seriesKeyOf(alert.metric))}: ${alertMove(alert)}${alert.interval ? html`<br><small class="muted">${alertInterval(alert.interval)}</small>` : ''}</td>
<td>${alert.evidence.detail ?? ''}${alert.evidence.from && alert.evidence.to ? `${alert.evidence.from.count}/${alert.evidence.from.total} → ${alert.evidence.to.count}/${alert.evidence.to.total} answers` : ''}${flipped.length > 0 ? html`<details><summary>${flippedCount(alert.evidence)} answer(s) flipped (question × platform)${(alert.evidence.flippedCount ?? 0) > flipped.length ? `, the first ${flipped.length} listed` : ''}</summary><ul>${flipped.map((flip) => html`<li>${flip.answer}: ${flip.from ? 'yes' : 'no'} → ${flip.to ? 'yes' : 'no'}</li>`)}</ul></details>` : ''}</td>
<td><a href="${snapshotPath(alert.snapshots[0])}">before</a> · <a href="${snapshotPath(alert.snapshots[1])}">after</a></td>
</tr>`;
  })}</tbody>
</table>`;
}

export function monitorPage({ trend, runs, subject }: MonitorTrendWithRuns, url: (path: string) => string): SafeHtml {
  const { monitor } = trend;
  const kindName = KINDS[monitor.kind].words.title;
  return layout(
    {
      title: `Monitor: ${subject}`,
      description: `${kindName} of ${subject}, every ${monitor.every}: the trend with its noise, and alerts only when a change is real.`,
      url: url(monitorPagePath(monitor.id)),
    },
    html`<p class="muted"><a href="/">AI visibility check</a> › monitor</p>
<h1>Monitor: ${subject}</h1>
<p>${kindName}, every ${monitor.every}${monitor.paused ? html` — <strong>paused</strong>` : ''}. ${trend.runs.length} run(s)${monitor.nextRunAt ? html`; next run about ${minuteOf(monitor.nextRunAt)} UTC` : ''}. <a href="${monitorTrendPath(monitor.id)}">This trend as JSON</a> · ${downloadCsv(monitorTrendCsvPath(monitor.id))} (one row per run and series, by date).</p>
<p class="muted">Each point is one run. A shaded band is the Wilson 95% interval of a rate: two runs whose bands overlap much may differ by chance alone. A dashed rule marks a configuration change; values are never compared across one. A red ring marks an alert.</p>
<h2>What changed since the last run</h2>
${changesSinceLastRun(monitor.kind, runs)}
<h2>Trend</h2>
${trend.series.map((series) => seriesChart(series, trend.runs, trend.alerts))}
${alertsSection(trend.alerts)}
<h2>Runs</h2>
<table>
<thead><tr><th scope="col">When (UTC)</th><th scope="col">Configuration</th><th scope="col">Report</th></tr></thead>
<tbody>${[...trend.runs].reverse().map((run) => html`<tr><td>${minuteOf(run.at)}</td><td><code>${run.fingerprint}</code></td><td><a href="${run.reportUrl}">${run.snapshotId}</a></td></tr>`)}</tbody>
</table>
`,
  );
}

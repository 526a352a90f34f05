import type { MonitorRun } from '../domain/monitoring/alerts';
import { seriesOf } from '../domain/monitoring/series';
import type { MonitorDocument, MonitorStore } from '../infra/monitor-store';
import type { MonitorSchedules } from '../infra/monitor-schedules';
import { toMonitorRun, type SnapshotStore } from '../infra/snapshot-store';
import type { MonitorTrend } from './monitor-schemas';
import { snapshotPath } from './paths';

export const monitorPagePath = (id: string) => `/monitor/${id}`;
export const monitorApiPath = (id: string) => `/api/v1/monitors/${id}`;

/** A monitor's trend, oldest first: its runs (through `by_monitor`), every series, and its alerts. */
export async function monitorTrend(monitor: MonitorDocument, snapshots: SnapshotStore, monitors: MonitorStore, schedules: MonitorSchedules): Promise<MonitorTrend & { runsForAlerts: MonitorRun[] }> {
  const [stored, alerts, nextRunAt] = await Promise.all([snapshots.runsOf(monitor.id), monitors.alertsOf(monitor.id), schedules.nextRunAt(monitor.id).catch(() => undefined)]);
  const runs: MonitorRun[] = stored.map(toMonitorRun);
  return {
    monitor: { id: monitor.id, kind: monitor.kind, target: monitor.target, every: monitor.every, paused: monitor.paused, nextRunAt: nextRunAt?.toISOString() ?? null },
    runs: runs.map((run) => ({ snapshotId: run.snapshotId, reportUrl: snapshotPath(run.snapshotId), at: run.at, fingerprint: run.fingerprint })),
    series: seriesOf(monitor.kind, runs),
    alerts: alerts as MonitorTrend['alerts'],
    runsForAlerts: runs,
  };
}

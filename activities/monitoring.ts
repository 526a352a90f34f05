import { evaluateAlerts } from '../domain/monitoring/alerts';
import type { Alert } from '../domain/monitoring/alert-schema';
import type { MonitorStore } from '../infra/monitor-store';
import { toMonitorRun, type SnapshotStore } from '../infra/snapshot-store';

export interface EvaluateMonitorRunInput {
  monitorId: string;
  snapshotId: string;
}

export interface EvaluatedRun {
  /** Every alert of this run (stored once: a retry finds them there and returns them again). */
  alerts: Alert[];
  /** Whether the monitor has a webhook that takes deliveries. */
  webhook: boolean;
}

/**
 * After a monitored run is saved: reads the monitor's runs and alerts through their indexes, computes
 * the alerts of the run just saved (pure domain code), and stores them.
 */
export function createEvaluateMonitorRun(snapshots: SnapshotStore, monitors: MonitorStore) {
  return async function evaluateMonitorRun({ monitorId, snapshotId }: EvaluateMonitorRunInput): Promise<EvaluatedRun> {
    const [monitor, runs, previous] = await Promise.all([
      monitors.get(monitorId),
      snapshots.runsOf(monitorId),
      monitors.alertsOf(monitorId),
    ]);
    const upToThisRun = runs.slice(0, runs.findIndex((run) => run.snapshotId === snapshotId) + 1);
    if (upToThisRun.length === 0) return { alerts: [], webhook: false };
    const earlier = previous.filter((alert) => alert.snapshots[1] !== snapshotId);
    const alerts = evaluateAlerts(monitorId, upToThisRun.map(toMonitorRun), earlier);
    await monitors.saveAlerts(alerts);
    return { alerts, webhook: Boolean(monitor?.webhook && !monitor.webhook.disabledAt) };
  };
}

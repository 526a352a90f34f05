import { randomBytes, randomUUID } from 'node:crypto';
import type { Alert } from '../../domain/monitoring/alert-schema';
import { startHttpFixture } from '../../dev/http-fixture';
import { startWebhookReceiver, type WebhookReceiver, type WebhookReceiverOptions } from '../../dev/webhook-receiver';
import { hashToken, type MonitorStore } from '../../infra/monitor-store';
import { newWebhookSecret } from '../../infra/webhooks';

/** Where the monitors' webhooks point; FETCH_ORIGIN_OVERRIDES sends it to the receiver on loopback. */
const HOOKS_HOST = 'hooks.soak.test';
const siteHost = (index: number) => `monitored-${index}.soak.test`;

const HOME = `<!doctype html><html lang="en"><head><title>Soak Widgets</title><meta name="description" content="Steel widgets for workshops."></head>
<body><main><h1>Soak Widgets</h1><p>${'We make durable steel widgets for workshops and factories, shipped worldwide. '.repeat(20)}</p></main></body></html>`;
const ALLOWED = 'User-agent: *\nAllow: /\n';
const CLAUDEBOT_BLOCKED = 'User-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';

/** One site monitor of the soak, on a site of its own whose robots.txt the soak turns over before each run. */
export interface SoakMonitor {
  id: string;
  host: string;
  /** Whether robots.txt now blocks ClaudeBot. */
  blocksClaudeBot: boolean;
  busy: boolean;
  runs: number;
}

/** A monitor run as the soak records it: which monitor, and what its robots.txt said. */
export interface MonitoredRun {
  monitor: SoakMonitor;
  blocksClaudeBot: boolean;
  startedAt: number;
  snapshotId?: string;
}

/**
 * Site monitors with webhooks (written to the store as the gateway writes them; the soak starts their
 * runs as their schedules would), the sites they watch, and a Standard Webhooks receiver. Each run of a
 * monitor follows a change of its robots.txt (ClaudeBot blocked, then allowed again), so every run but a
 * monitor's first raises an alert (an "event" alert, docs/checks/monitoring.md), which is sent to the webhook.
 * A monitor runs once at a time, so that the change a run sees is the one made before it.
 */
export interface SoakMonitors {
  monitors: SoakMonitor[];
  receiver: WebhookReceiver;
  /** FETCH_ORIGIN_OVERRIDES for the sites and the receiver: the workers need them before they start. */
  overrides: Record<string, string>;
  /** Writes the monitors to the store, as the gateway does when one is created. */
  save(store: MonitorStore): Promise<void>;
  /** A free monitor, its robots.txt changed: the next run's target. */
  take(): SoakMonitor;
  release(monitor: SoakMonitor): void;
  close(): Promise<void>;
}

export async function startSoakMonitors(count: number, receiverOptions: WebhookReceiverOptions = {}): Promise<SoakMonitors> {
  const monitors = Array.from({ length: count }, (_, index): SoakMonitor => ({
    id: randomUUID(),
    host: siteHost(index + 1),
    blocksClaudeBot: false,
    busy: false,
    runs: 0,
  }));
  const byHost = new Map(monitors.map((monitor) => [monitor.host, monitor]));
  const [sites, receiver] = await Promise.all([
    startHttpFixture((req, res) => {
      const monitor = byHost.get((req.headers.host ?? '').replace(/:\d+$/, ''));
      const path = (req.url ?? '/').split('?')[0];
      if (monitor && path === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOME);
      if (monitor && path === '/robots.txt')
        return res.writeHead(200, { 'content-type': 'text/plain' }).end(monitor.blocksClaudeBot ? CLAUDEBOT_BLOCKED : ALLOWED);
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    }),
    startWebhookReceiver(receiverOptions),
  ]);
  const secrets = new Map(monitors.map((monitor) => [monitor, newWebhookSecret()]));
  for (const [monitor, secret] of secrets) receiver.endpoint(`/hooks/${monitor.id}`, secret);
  return {
    monitors,
    receiver,
    overrides: { [HOOKS_HOST]: receiver.server.origin, ...Object.fromEntries(monitors.map((monitor) => [monitor.host, sites.origin])) },
    save: async (store) => {
      const now = new Date();
      for (const [monitor, secret] of secrets)
        await store.create({
          id: monitor.id,
          kind: 'site',
          target: { url: monitor.host },
          tokenHash: hashToken(randomBytes(32).toString('base64url')),
          every: 'day',
          paused: false,
          webhook: { url: `http://${HOOKS_HOST}/hooks/${monitor.id}`, secret },
          createdAt: now,
          renewedAt: now,
          expiresAt: new Date(now.getTime() + 86_400_000),
        });
    },
    take: () => {
      // The most used free monitor: a monitor's first run has nothing to compare with, so the fewer monitors run, the more alerts.
      const free = monitors.filter((monitor) => !monitor.busy).sort((a, b) => b.runs - a.runs)[0];
      if (!free) throw new Error('every soak monitor is running: make more than the runs in flight');
      // The first run sees robots.txt as it was; each later one a change.
      if (free.runs > 0) free.blocksClaudeBot = !free.blocksClaudeBot;
      free.busy = true;
      free.runs += 1;
      return free;
    },
    release: (monitor) => {
      monitor.busy = false;
    },
    close: async () => {
      await Promise.all([sites.close(), receiver.close()]);
    },
  };
}

/** Runs whose robots.txt differed from their monitor's previous completed run: each must have raised an alert. */
export function expectedAlerts(runs: readonly MonitoredRun[]): MonitoredRun[] {
  const expected: MonitoredRun[] = [];
  const previous = new Map<SoakMonitor, MonitoredRun>();
  for (const run of [...runs].filter((run) => run.snapshotId).sort((a, b) => a.startedAt - b.startedAt)) {
    const before = previous.get(run.monitor);
    if (before && before.blocksClaudeBot !== run.blocksClaudeBot) expected.push(run);
    previous.set(run.monitor, run);
  }
  return expected;
}

/** What the receiver got, against the alerts in the store. */
export interface WebhookTally {
  alerts: number;
  /** Verified deliveries, every attempt that got through. */
  deliveries: number;
  /** Distinct `webhook-id`s among them that are alerts of the store. */
  deliveredOnce: number;
  /** Deliveries of an id already delivered: at-least-once, the receiver drops them by `webhook-id`. */
  retries: number;
  /** One alert sent under two ids, or a body whose alert is not its `webhook-id`: a receiver would act twice. */
  duplicated: string[];
  /** Delivered ids that are no alert in the store. */
  unknown: string[];
  /** Alerts with no delivery. */
  lost: Alert[];
}

const alertOf = (payload: unknown) => (payload as { data?: Alert }).data;

export function tallyWebhooks(alerts: readonly Alert[], receiver: WebhookReceiver): WebhookTally {
  const ids = new Set(alerts.map((alert) => alert.id));
  const delivered = new Set(receiver.delivered.map((delivery) => delivery.id));
  // The same change (monitor, run, rule, metric) must travel under one id only.
  const idsOfChange = new Map<string, Set<string>>();
  const duplicated = new Set<string>();
  for (const { id, payload } of receiver.delivered) {
    const alert = alertOf(payload);
    if (alert?.id !== id) duplicated.add(id);
    const change = alert ? `${alert.monitorId} ${alert.snapshots.join(' ')} ${alert.type} ${alert.metric}` : id;
    idsOfChange.set(change, (idsOfChange.get(change) ?? new Set()).add(id));
  }
  for (const same of idsOfChange.values()) if (same.size > 1) for (const id of same) duplicated.add(id);
  return {
    alerts: alerts.length,
    deliveries: receiver.delivered.length,
    deliveredOnce: [...delivered].filter((id) => ids.has(id)).length,
    retries: receiver.delivered.length - delivered.size,
    duplicated: [...duplicated],
    unknown: [...delivered].filter((id) => !ids.has(id)),
    lost: alerts.filter((alert) => !delivered.has(alert.id)),
  };
}

import { randomBytes, randomUUID } from 'node:crypto';
import type { MonitorRun } from '../domain/monitoring/alerts';
import { seriesOf } from '../domain/monitoring/series';
import { isIpLiteral, isPublicAddress } from '../domain/shared/addresses';
import type { MonitorKind } from '../domain/shared/check-kinds';
import { InvalidTargetError, normaliseTarget } from '../domain/shared/target';
import { UUID_PATTERN } from '../contract/workflow-contract';
import type { CheckClient } from '../infra/check-client';
import { hashToken } from '../infra/monitor-store';
import type { MonitorDocument, MonitorTarget, TypedMonitorStore } from '../infra/monitor-target';
import type { MonitorSchedules } from '../infra/monitor-schedules';
import { toMonitorRun, type SnapshotStore } from '../infra/snapshot-store';
import { newWebhookSecret } from '../infra/webhooks';
import { HttpError } from './http-error';
import type { MonitorCreate, MonitorCreated, MonitorPatch, MonitorTrend, MonitorView } from './monitor-schemas';
import { monitorApiPath, monitorPagePath, monitorTrendPath, snapshotPath } from '../contract/paths';

/** A monitor stops unless renewed (any PATCH) within this time. */
export const MONITOR_LIFETIME_MS = 90 * 86_400_000;

export interface MonitorServiceDependencies {
  checks: CheckClient;
  snapshots: SnapshotStore;
  monitors: TypedMonitorStore;
  schedules: MonitorSchedules;
  /** Most monitors active at once (MONITORS_MAX). */
  monitorsMax: number;
  publicBaseUrl: string;
  /** Hosts that may be checked (and take webhooks) although not public: FETCH_ORIGIN_OVERRIDES. */
  allowedHosts: ReadonlySet<string>;
}

/** A monitor's trend as the API gives it, with the runs its page compares. */
export interface MonitorTrendWithRuns {
  trend: MonitorTrend;
  runs: MonitorRun[];
  /** What the monitor checks, in words. */
  subject: string;
}

/** Called once the request is valid and before anything is stored or started: the caller's rate limit, which throws to refuse. */
export type Admit = () => Promise<void>;

const notYours = () => new HttpError(404, 'no such monitor, or not your token');
const expiryFrom = (now: Date) => new Date(now.getTime() + MONITOR_LIFETIME_MS);

/**
 * Monitors' rules, for the HTTP routes and the MCP tool alike: a check repeated by a Temporal Schedule,
 * managed with a token shown once (stored as its SHA-256), renewed for 90 days by any change, stored
 * before its schedule is created and removed again if that fails. Built once in api/main.ts.
 */
export class MonitorService {
  constructor(private readonly deps: MonitorServiceDependencies) {}

  /** Creates a monitor and its schedule; its first run starts at once. `admit` runs once the request is valid. */
  async create(request: MonitorCreate, admit: Admit): Promise<MonitorCreated> {
    const { every, webhook, ...target } = request;
    const subject = this.describe(target);
    if (webhook) this.checkWebhook(webhook.url);
    await admit();
    const { monitors, schedules, monitorsMax } = this.deps;
    if ((await monitors.countActive()) >= monitorsMax)
      throw new HttpError(503, `the service already runs its maximum of ${monitorsMax} monitors; try again later`);
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const monitor: MonitorDocument = {
      ...target,
      id: randomUUID(),
      tokenHash: hashToken(token),
      every,
      paused: false,
      ...(webhook ? { webhook: { url: webhook.url, secret: newWebhookSecret() } } : {}),
      createdAt: now,
      renewedAt: now,
      expiresAt: expiryFrom(now),
    };
    await monitors.create(monitor);
    try {
      await schedules.create(monitor, subject);
    } catch (error) {
      // No monitor without its schedule.
      await monitors.delete(monitor.id);
      throw error;
    }
    const links = this.links(monitor.id);
    return {
      id: monitor.id,
      token,
      manageUrl: this.url(monitorApiPath(monitor.id)),
      trendUrl: links.trendUrl,
      pageUrl: links.pageUrl,
      ...(monitor.webhook ? { webhookSecret: monitor.webhook.secret } : {}),
      nextRunAt: await this.nextRunAt(monitor.id),
    };
  }

  /** The monitor if the token is its own; a wrong or missing token gets the same 404 as an unknown id. */
  async owned(id: string, token: string | undefined): Promise<MonitorDocument> {
    const monitor = isMonitorId(id) ? await this.deps.monitors.authorised(id.toLowerCase(), token) : null;
    if (!monitor) throw notYours();
    return monitor;
  }

  /** A monitor by its id alone, as its public trend reads it; null for an unknown or malformed id. */
  async find(id: string): Promise<MonitorDocument | null> {
    return isMonitorId(id) ? this.deps.monitors.get(id.toLowerCase()) : null;
  }

  /** Changes a monitor and renews it for 90 days; a new webhook URL gets a new secret, shown in this answer only. */
  async update(monitor: MonitorDocument, changes: MonitorPatch): Promise<MonitorView> {
    if (changes.webhook) this.checkWebhook(changes.webhook.url);
    const now = new Date();
    const newWebhook =
      changes.webhook && changes.webhook.url !== monitor.webhook?.url
        ? { url: changes.webhook.url, secret: newWebhookSecret() }
        : undefined;
    const updated = await this.deps.monitors.update(
      monitor.id,
      {
        ...(changes.every ? { every: changes.every } : {}),
        ...(changes.paused === undefined ? {} : { paused: changes.paused }),
        ...(newWebhook ? { webhook: newWebhook } : {}),
        renewedAt: now,
        expiresAt: expiryFrom(now),
      },
      changes.webhook === null ? ['webhook'] : [],
    );
    if (!updated) throw notYours();
    await this.deps.schedules.update(updated, this.describe(updated));
    return { ...(await this.view(updated)), ...(newWebhook ? { webhookSecret: newWebhook.secret } : {}) };
  }

  /** Removes the schedule, then the monitor; its snapshots stay, as every report is permanent. */
  async delete(monitor: MonitorDocument): Promise<void> {
    await this.deps.schedules.delete(monitor.id);
    await this.deps.monitors.delete(monitor.id);
  }

  /** Starts a run now (an expired monitor must be renewed first); `admit` runs once the monitor may run. */
  async runNow(monitor: MonitorDocument, admit: Admit): Promise<{ ok: true; id: string; trendUrl: string }> {
    if (monitor.expiresAt <= new Date()) throw new HttpError(409, 'this monitor has expired: renew it with PATCH first');
    await admit();
    await this.deps.schedules.trigger(monitor.id);
    return { ok: true, id: monitor.id, trendUrl: this.links(monitor.id).trendUrl };
  }

  /** The monitor as its owner reads it. */
  async view(monitor: MonitorDocument): Promise<MonitorView> {
    return {
      id: monitor.id,
      kind: monitor.kind,
      target: monitor.target,
      every: monitor.every,
      paused: monitor.paused,
      ...(monitor.webhook ? { webhook: { url: monitor.webhook.url, active: !monitor.webhook.disabledAt } } : {}),
      createdAt: monitor.createdAt.toISOString(),
      renewedAt: monitor.renewedAt.toISOString(),
      expiresAt: monitor.expiresAt.toISOString(),
      nextRunAt: await this.nextRunAt(monitor.id),
      ...this.links(monitor.id),
    };
  }

  /** A monitor's trend, oldest first: its runs (through `by_monitor`), every series, and its alerts. */
  async trend(monitor: MonitorDocument): Promise<MonitorTrendWithRuns> {
    const [stored, alerts, nextRunAt] = await Promise.all([
      this.deps.snapshots.runsOf(monitor.id),
      this.deps.monitors.alertsOf(monitor.id),
      this.deps.schedules.nextRunAt(monitor.id).catch(() => undefined),
    ]);
    const runs = stored.map(toMonitorRun);
    return {
      trend: {
        monitor: {
          id: monitor.id,
          kind: monitor.kind,
          target: monitor.target,
          every: monitor.every,
          paused: monitor.paused,
          nextRunAt: nextRunAt?.toISOString() ?? null,
        },
        runs: runs.map((run) => ({
          snapshotId: run.snapshotId,
          reportUrl: snapshotPath(run.snapshotId),
          at: run.at,
          fingerprint: run.fingerprint,
        })),
        series: seriesOf(monitor.kind, runs),
        alerts,
      },
      runs,
      subject: this.describe(monitor).label,
    };
  }

  /** Absolute links, for answers read outside the site (JSON, MCP, webhooks). */
  readonly url = (path: string): string => `${this.deps.publicBaseUrl}${path}`;

  private links(id: string) {
    return { trendUrl: this.url(monitorTrendPath(id)), pageUrl: this.url(monitorPagePath(id)) };
  }

  private async nextRunAt(id: string): Promise<string | null> {
    return (await this.deps.schedules.nextRunAt(id))?.toISOString() ?? null;
  }

  /** What the target is about (its domain, its label); a CheckError (400 or 422) for one that cannot be checked. */
  describe<K extends MonitorKind>(monitor: MonitorTarget<K>) {
    return this.deps.checks.describe(monitor.kind, monitor.target);
  }

  /** A public host name or a public IP address (FETCH_ORIGIN_OVERRIDES hosts too); the fetcher checks the address again at each delivery. */
  private checkWebhook(url: string): void {
    const { allowedHosts } = this.deps;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (allowedHosts.has(host)) return;
    if (isIpLiteral(host)) {
      if (!isPublicAddress(host)) throw new HttpError(422, `webhook.url names no public host: ${host} is a private or reserved address`);
      return;
    }
    try {
      normaliseTarget(url, { allowedHosts });
    } catch (error) {
      if (error instanceof InvalidTargetError) throw new HttpError(422, `webhook.url names no public host: ${error.message}`);
      throw error;
    }
  }
}

/** A monitor id is a UUID; links and agents may upper-case it. */
const isMonitorId = (id: string) => UUID_PATTERN.test(id);

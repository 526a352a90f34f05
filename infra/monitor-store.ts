import { createHash, timingSafeEqual } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { Alert } from '../domain/monitoring/alert-schema';
import type { MonitorKind } from '../domain/shared/check-kinds';
import { isDuplicateKey, type Keyed } from './mongo';
import { COLLECTIONS } from './store-layout';

export type Cadence = 'day' | 'week';

export interface MonitorWebhook {
  url: string;
  /** `whsec_` + base64 of 32 random bytes: the monitor's Standard Webhooks signing secret. */
  secret: string;
  /** Set when the receiver answered 410 Gone: no more deliveries. */
  disabledAt?: Date;
}

/**
 * What a monitor checks as the store sees it: a kind and the input of its check. The gateway's store
 * reads it typed by kind (monitor-target.ts), which derives it from the workflows' types; the worker's
 * activities need only the monitor's own fields, and importing those types here would close a cycle
 * (workflows import the activities' types).
 */
export interface StoredTarget {
  kind: MonitorKind;
  target: object;
}

/** A monitor's own fields, whatever it checks. */
export interface MonitorFields {
  id: string;
  /** SHA-256 (hex) of the bearer token; the token itself is shown once and never stored. */
  tokenHash: string;
  every: Cadence;
  paused: boolean;
  webhook?: MonitorWebhook;
  createdAt: Date;
  renewedAt: Date;
  /** 90 days after the last renewal: the schedule ends then. */
  expiresAt: Date;
}

/** One monitor: a check of one kind and target, repeated by its Temporal Schedule `monitor-<id>`. */
export type StoredMonitor<T extends StoredTarget = StoredTarget> = T & MonitorFields;

/** An alert as stored: the contract's fields, keyed by its id so a retried evaluation stores it once. */
export type AlertDocument = Alert;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Most alerts a trend shows, newest kept. */
export const MAX_ALERTS = 200;

/**
 * A stored monitor is one that create() wrote, of the target type the store was made for: the one
 * place its target's type is asserted (the gateway, which writes every monitor, reads them by kind).
 */
const typed = <T extends StoredTarget>(monitor: StoredMonitor | null) => monitor as StoredMonitor<T> | null;

/** Monitors and their alerts: every read by `_id` or through an index (`by_expiry`, `by_monitor`). */
export class MonitorStore<T extends StoredTarget = StoredTarget> {
  private readonly monitors: Collection<Keyed<StoredMonitor>>;
  private readonly alerts: Collection<Keyed<AlertDocument>>;

  constructor(db: Db) {
    this.monitors = db.collection(COLLECTIONS.monitors);
    this.alerts = db.collection(COLLECTIONS.alerts);
  }

  async create(monitor: StoredMonitor<T>): Promise<void> {
    await this.monitors.insertOne({ ...monitor, _id: monitor.id });
  }

  async get(id: string): Promise<StoredMonitor<T> | null> {
    return typed<T>(await this.monitors.findOne({ _id: id }, { projection: { _id: 0 } }));
  }

  /** The monitor if the token is its own (compared in constant time); null otherwise, as for an unknown id. */
  async authorised(id: string, token: string | undefined): Promise<StoredMonitor<T> | null> {
    const monitor = await this.get(id);
    if (!monitor || !token) return null;
    const given = Buffer.from(hashToken(token), 'hex');
    const stored = Buffer.from(monitor.tokenHash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored) ? monitor : null;
  }

  async update(
    id: string,
    fields: Partial<Omit<MonitorFields, 'id' | 'tokenHash'>>,
    unset: 'webhook'[] = [],
  ): Promise<StoredMonitor<T> | null> {
    return typed<T>(
      await this.monitors.findOneAndUpdate(
        { _id: id },
        { $set: fields, ...(unset.length > 0 ? { $unset: Object.fromEntries(unset.map((field) => [field, ''])) } : {}) },
        { returnDocument: 'after', projection: { _id: 0 } },
      ),
    );
  }

  /** Turns the webhook off (its receiver answered 410), unless it was changed meanwhile. */
  async disableWebhook(id: string, url: string): Promise<void> {
    await this.monitors.updateOne({ _id: id, 'webhook.url': url }, { $set: { 'webhook.disabledAt': new Date() } });
  }

  async delete(id: string): Promise<void> {
    await this.monitors.deleteOne({ _id: id });
  }

  /** Monitors not yet expired, counted through `by_expiry`. */
  countActive(now = new Date()): Promise<number> {
    return this.monitors.countDocuments({ expiresAt: { $gt: now } });
  }

  /** Stores each alert once; returns those stored now (a retry finds the others there). */
  async saveAlerts(alerts: readonly Alert[]): Promise<Alert[]> {
    const stored: Alert[] = [];
    for (const alert of alerts) {
      try {
        await this.alerts.insertOne({ ...alert, _id: alert.id });
        stored.push(alert);
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    return stored;
  }

  getAlert(id: string): Promise<Alert | null> {
    return this.alerts.findOne({ _id: id }, { projection: { _id: 0 } });
  }

  /** A monitor's newest alerts (at most `limit`), oldest first, through `by_monitor`. */
  async alertsOf(monitorId: string, limit = MAX_ALERTS): Promise<Alert[]> {
    const newestFirst = await this.alerts.find({ monitorId }, { sort: { at: -1 }, limit, projection: { _id: 0 } }).toArray();
    return newestFirst.reverse();
  }
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { Alert } from '../domain/monitoring/alerts';
import type { MonitorKind } from '../domain/shared/check-kinds';
import { COLLECTIONS } from './snapshot-store';

export type Cadence = 'day' | 'week';

export interface MonitorWebhook {
  url: string;
  /** `whsec_` + base64 of 32 random bytes: the monitor's Standard Webhooks signing secret. */
  secret: string;
  /** Set when the receiver answered 410 Gone: no more deliveries. */
  disabledAt?: Date;
}

/** One monitor: a check of one kind and target, repeated by its Temporal Schedule `monitor-<id>`. */
export interface MonitorDocument {
  id: string;
  /** SHA-256 (hex) of the bearer token; the token itself is shown once and never stored. */
  tokenHash: string;
  kind: MonitorKind;
  /** The body the kind's own endpoint takes. */
  target: Record<string, unknown>;
  every: Cadence;
  paused: boolean;
  webhook?: MonitorWebhook;
  createdAt: Date;
  renewedAt: Date;
  /** 90 days after the last renewal: the schedule ends then. */
  expiresAt: Date;
}

/** An alert as stored: the contract's fields, keyed by its id so a retried evaluation stores it once. */
export type AlertDocument = Alert;

const DUPLICATE_KEY = 11000;
type Keyed<T> = T & { _id: string };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Most alerts a trend shows, newest kept. */
export const MAX_ALERTS = 200;

/** Monitors and their alerts: every read by `_id` or through an index (`by_expiry`, `by_monitor`). */
export class MonitorStore {
  private readonly monitors: Collection<Keyed<MonitorDocument>>;
  private readonly alerts: Collection<Keyed<AlertDocument>>;

  constructor(db: Db) {
    this.monitors = db.collection(COLLECTIONS.monitors);
    this.alerts = db.collection(COLLECTIONS.alerts);
  }

  async create(monitor: MonitorDocument): Promise<void> {
    await this.monitors.insertOne({ ...monitor, _id: monitor.id });
  }

  get(id: string): Promise<MonitorDocument | null> {
    return this.monitors.findOne({ _id: id }, { projection: { _id: 0 } });
  }

  /** The monitor if the token is its own (compared in constant time); null otherwise, as for an unknown id. */
  async authorised(id: string, token: string | undefined): Promise<MonitorDocument | null> {
    const monitor = await this.get(id);
    if (!monitor || !token) return null;
    const given = Buffer.from(hashToken(token), 'hex');
    const stored = Buffer.from(monitor.tokenHash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored) ? monitor : null;
  }

  async update(id: string, fields: Partial<Omit<MonitorDocument, 'id' | 'tokenHash'>>, unset: ('webhook')[] = []): Promise<MonitorDocument | null> {
    return this.monitors.findOneAndUpdate(
      { _id: id },
      { $set: fields, ...(unset.length > 0 ? { $unset: Object.fromEntries(unset.map((field) => [field, ''])) } : {}) },
      { returnDocument: 'after', projection: { _id: 0 } },
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
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
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

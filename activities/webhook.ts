import { ApplicationFailure } from '@temporalio/activity';
import { INTERNAL_FAILURE } from '../contract/failures';
import type { Alert } from '../domain/monitoring/alert-schema';
import type { MonitorStore } from '../infra/monitor-store';
import { SiteFetchError } from '../infra/site-fetcher';
import type { SiteAccess } from './support/site-access';
import { parseRetryAfter } from '../infra/platforms/retry-delay';
import { webhookHeaders } from '../infra/webhooks';
import { monitorPagePath, snapshotPath } from '../contract/paths';

/** Standard Webhooks 1.0: a body stays under 20 kB. */
export const MAX_WEBHOOK_BYTES = 20_000;
/** Time to answer a delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The body of an alert's delivery: `{type, timestamp, data}`, the alert with links to its trend and reports. */
export function webhookBody(alert: Alert, publicBaseUrl: string): string {
  const data = {
    ...alert,
    trendUrl: `${publicBaseUrl}${monitorPagePath(alert.monitorId)}`,
    reportUrls: alert.snapshots.map((id) => `${publicBaseUrl}${snapshotPath(id)}`),
  };
  const body = JSON.stringify({ type: 'monitor.alert', timestamp: alert.at, data });
  if (Buffer.byteLength(body) <= MAX_WEBHOOK_BYTES) return body;
  // Too long only with many long answers flipped: the counts stay, the list goes.
  const { flipped: _flipped, ...evidence } = alert.evidence;
  return JSON.stringify({ type: 'monitor.alert', timestamp: alert.at, data: { ...data, evidence } });
}

/** Seconds to wait from a 429, 502, 503 or 504 answer's Retry-After (seconds or an HTTP date), if sensible. */
export function retryAfterSeconds(status: number, header: string | undefined, now = Date.now()): number | undefined {
  if (![429, 502, 503, 504].includes(status) || !header) return undefined;
  const milliseconds = parseRetryAfter(header, now);
  const seconds = milliseconds === undefined ? undefined : Math.ceil(milliseconds / 1000);
  return seconds !== undefined && seconds >= 1 && seconds <= 86_400 ? seconds : undefined;
}

export type DeliveryOutcome = 'delivered' | 'gone' | 'no-webhook';

/**
 * Sends one alert to its monitor's webhook through the one fetcher's address rules (no private address
 * but FETCH_ORIGIN_OVERRIDES hosts, no redirect followed, a 10 s time-out). 2xx delivers; 410 turns the
 * webhook off; anything else throws, and the workflow's retry policy tries again with backoff for up to
 * 24 hours. Each attempt is signed afresh (the timestamp is the attempt's) under the same id: the alert's.
 */
export function createDeliverWebhook(monitors: MonitorStore, site: SiteAccess, publicBaseUrl: string) {
  return async function deliverWebhook({ monitorId, alertId }: { monitorId: string; alertId: string }): Promise<DeliveryOutcome> {
    const [monitor, alert] = await Promise.all([monitors.get(monitorId), monitors.getAlert(alertId)]);
    const webhook = monitor?.webhook;
    if (!webhook || webhook.disabledAt || !alert) return 'no-webhook';
    const body = webhookBody(alert, publicBaseUrl);
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number;
    let retryAfter: string | undefined;
    try {
      const response = await site.fetcherFor('webhook').fetch(webhook.url, {
        maxRedirects: 0,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxBytes: 4096,
        accept: '*/*',
        post: { body, headers: webhookHeaders(webhook.secret, alert.id, timestamp, body) },
      });
      status = response.status;
      retryAfter = [response.headers['retry-after']].flat()[0];
    } catch (error) {
      if (error instanceof SiteFetchError && (error.code === 'blocked-address' || error.code === 'invalid-url')) {
        throw ApplicationFailure.nonRetryable(`the webhook ${error.message}`, INTERNAL_FAILURE.webhookRefused);
      }
      throw error;
    }
    if (status >= 200 && status < 300) return 'delivered';
    if (status === 410) {
      await monitors.disableWebhook(monitorId, webhook.url);
      return 'gone';
    }
    // A throttling receiver's Retry-After (in seconds, at most a day) sets the next attempt's delay.
    const wait = retryAfterSeconds(status, retryAfter);
    if (wait !== undefined)
      throw ApplicationFailure.create({
        message: `the webhook answered ${status}; retry after ${wait} s`,
        type: INTERNAL_FAILURE.webhookRejected,
        nextRetryDelay: `${wait} seconds`,
      });
    throw ApplicationFailure.retryable(`the webhook answered ${status}`, INTERNAL_FAILURE.webhookRejected);
  };
}

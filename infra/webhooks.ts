import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks 1.0 (https://www.standardwebhooks.com/): a monitor's secret, and the headers that sign one delivery. */

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks: 24–64). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the secret's key (the base64 after `whsec_`). */
function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of one signed delivery: each attempt is signed afresh (its own timestamp) under the same id. */
export function webhookHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}

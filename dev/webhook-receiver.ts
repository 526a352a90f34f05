import { Webhook } from 'standardwebhooks';
import { startHttpFixture, type HttpFixture } from './http-fixture';

/** One delivery the receiver accepted: its signature verified under the endpoint's secret. */
export interface VerifiedDelivery {
  /** The endpoint's path. */
  path: string;
  /** `webhook-id`: Standard Webhooks' idempotency key, the same on every attempt of one message. */
  id: string;
  /** The verified body, parsed. */
  payload: unknown;
  receivedAt: number;
}

/**
 * A webhook receiver as its owner would write one (Standard Webhooks 1.0, ../shared/references/monitoring.md
 * §4): each endpoint (a path) has its `whsec_…` secret; a POST is accepted (204) only when the
 * `standardwebhooks` package verifies its signature and timestamp (5 minutes' tolerance), refused with
 * 400 otherwise, 404 for an unknown path. It records what it accepted and counts what it refused; it
 * does not deduplicate, so that the caller sees every attempt. Optionally it is slow now and then, as a
 * receiver that does its work before answering is: the sender gives up and sends the same message again.
 */
export interface WebhookReceiver {
  server: HttpFixture;
  /** Adds an endpoint: deliveries to `path` must be signed with `secret`. */
  endpoint(path: string, secret: string): void;
  delivered: VerifiedDelivery[];
  /** Requests answered 400 (signature or timestamp wrong) or 404 (no such endpoint). */
  refused: number;
  /** Deliveries accepted but answered only after `slow.ms`. */
  slowAnswers: number;
  close(): Promise<void>;
}

export interface WebhookReceiverOptions {
  /** The first arrival of every `every`-th new `webhook-id` is recorded, then answered after `ms`. */
  slow?: { every: number; ms: number };
}

export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const secrets = new Map<string, Webhook>();
  const seen = new Set<string>();
  const receiver: WebhookReceiver = {
    server: undefined as unknown as HttpFixture,
    endpoint: (path, secret) => secrets.set(path, new Webhook(secret)),
    delivered: [],
    refused: 0,
    slowAnswers: 0,
    close: () => receiver.server.close(),
  };
  receiver.server = await startHttpFixture((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const webhook = secrets.get(path);
      if (req.method !== 'POST' || !webhook) {
        receiver.refused += 1;
        return res.writeHead(404).end();
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, [value].flat().join(', ')]));
      let payload: unknown;
      try {
        payload = webhook.verify(Buffer.concat(chunks), headers);
      } catch {
        receiver.refused += 1;
        return res.writeHead(400).end();
      }
      const id = headers['webhook-id']!;
      receiver.delivered.push({ path, id, payload, receivedAt: Date.now() });
      const isNew = !seen.has(id);
      seen.add(id);
      if (options.slow && isNew && seen.size % options.slow.every === 0) {
        receiver.slowAnswers += 1;
        setTimeout(() => res.writeHead(204).end(), options.slow.ms).unref();
        return;
      }
      res.writeHead(204).end();
    });
  });
  return receiver;
}

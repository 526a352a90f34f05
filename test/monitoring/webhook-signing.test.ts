import { Webhook } from 'standardwebhooks';
import { retryAfterSeconds, webhookBody } from '../../activities/webhook';
import { newWebhookSecret, webhookHeaders } from '../../infra/webhooks';
import type { Alert } from '../../domain/monitoring/alert-schema';

const alert: Alert = {
  id: 'alert_abc_jump_mentionRate',
  monitorId: 'm-1',
  type: 'jump',
  metric: 'mentionRate',
  from: 0.3,
  to: 0.08,
  interval: { low: -0.39, high: -0.01, level: 0.99 },
  snapshots: ['s-0', 's-1'],
  evidence: {
    from: { count: 15, total: 50 },
    to: { count: 4, total: 50 },
    flipped: [{ answer: 'best widgets? × ChatGPT', from: true, to: false }],
  },
  at: '2026-11-23T10:00:00.000Z',
};

test('signed as Standard Webhooks 1.0: the standardwebhooks package verifies it, and refuses a changed body or another secret', () => {
  const secret = newWebhookSecret();
  expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
  const body = webhookBody(alert, 'https://aivis.example');
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = webhookHeaders(secret, alert.id, timestamp, body);
  expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  expect(new Webhook(secret).verify(body, headers)).toEqual({
    type: 'monitor.alert',
    timestamp: alert.at,
    data: {
      ...alert,
      trendUrl: 'https://aivis.example/monitor/m-1',
      reportUrls: ['https://aivis.example/report/s-0', 'https://aivis.example/report/s-1'],
    },
  });
  expect(() => new Webhook(secret).verify(body.replace('0.08', '0.09'), headers)).toThrow();
  expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
});

test('a body stays under 20 kB: past it, the list of flipped answers goes and the counts stay', () => {
  const many = {
    ...alert,
    evidence: {
      ...alert.evidence,
      flipped: Array.from({ length: 20 }, (_, index) => ({
        answer: `${'a long question '.repeat(80)}${index} × ChatGPT`,
        from: true,
        to: false,
      })),
    },
  };
  const body = webhookBody(many, 'https://aivis.example');
  expect(Buffer.byteLength(body)).toBeLessThan(20_000);
  expect(JSON.parse(body).data.evidence).toEqual({ from: { count: 15, total: 50 }, to: { count: 4, total: 50 } });
});

test.each([
  [429, '120', 120],
  [503, 'Mon, 23 Nov 2026 10:01:00 GMT', 60],
  [500, '120', undefined],
  [429, '0', undefined],
  [429, '999999', undefined],
  [429, 'soon', undefined],
  [429, undefined, undefined],
])('a %d answer with Retry-After %s waits %s s', (status, header, seconds) => {
  expect(retryAfterSeconds(status, header, Date.parse('2026-11-23T10:00:00Z'))).toBe(seconds);
});

import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import type { DeliveryOutcome } from '../../activities/webhook';
import type { DeliverWebhookInput } from '../../workflows/webhook';
import { fakeActivities } from '../support/recorded-activities';
import { retryable } from '../support/fake-failures';
import { startTimeSkipping, type TimeSkipping } from '../support/time-skipping';
import { uniqueName } from '../support/names';

/**
 * An alert's webhook delivery over its whole 24 hours (workflows/webhook.ts: now, then 5 s, 15 s, 45 s …
 * ×3, at most 4 h apart) on the time-skipping test server: the retry delays pass at once, so a day of
 * retries takes seconds. The receiver is a fake delivery activity; test/monitoring/webhook-delivery.test.ts
 * delivers to a real receiver over HTTP.
 */

const HOUR = 3_600_000;
/** The receiver's answer to each attempt (by attempt number, from 1); the attempts' times on the test server's clock. */
let answer: (attempt: number) => DeliveryOutcome;
const attempts: number[] = [];

let temporal: TimeSkipping;
beforeAll(async () => {
  temporal = await startTimeSkipping(
    fakeActivities({
      deliverWebhook: async () => {
        // The test server's clock (its activity info's attempt times lag one attempt behind).
        attempts.push(await temporal.env.currentTimeMs());
        return answer(Context.current().info.attempt);
      },
    }),
  );
});
afterAll(() => temporal?.close());
beforeEach(() => {
  attempts.length = 0;
});

const deliver = () => {
  const input: DeliverWebhookInput = { monitorId: 'monitor-1', alertId: uniqueName('alert') };
  return temporal.client.workflow.execute('deliverWebhookWorkflow', {
    taskQueue: temporal.taskQueue,
    workflowId: `webhook-${input.alertId}`,
    args: [input],
  });
};
/** Each attempt's delay after the one before, in seconds. */
const delays = () => attempts.slice(1).map((at, index) => Math.round((at - attempts[index]!) / 1000));

test('a receiver down for ten attempts: delivered on the eleventh, 12½ hours later, after delays growing ×3 up to 4 hours', async () => {
  answer = (attempt) => {
    if (attempt <= 10) throw retryable('the receiver (503)');
    return 'delivered';
  };
  await expect(deliver()).resolves.toBe('delivered');
  expect(delays()).toEqual([5, 15, 45, 135, 405, 1215, 3645, 10935, 14400, 14400]);
  expect(attempts.at(-1)! - attempts[0]!).toBeGreaterThan(12 * HOUR);
});

test('a receiver that never comes back: attempts for 24 hours, then the delivery gives up', async () => {
  answer = () => {
    throw retryable('the receiver (503)');
  };
  const failure = await deliver().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(WorkflowFailedError);
  // A retry that would fall after the 24 hours is not made: the last attempt's failure ends the delivery.
  expect((failure as WorkflowFailedError).cause?.cause).toMatchObject({ type: 'FakeOutage' });
  // 0, 5 s, 20 s, 65 s … 4.6 h, then every 4 h: the 14th would fall after 24 h.
  expect(attempts).toHaveLength(13);
  expect(attempts.at(-1)! - attempts[0]!).toBeLessThan(24 * HOUR);
  expect(attempts.at(-1)! - attempts[0]! + 4 * HOUR).toBeGreaterThan(24 * HOUR);
});

test('a throttling receiver’s Retry-After sets the next attempt’s delay', async () => {
  answer = (attempt) => {
    if (attempt === 1)
      throw ApplicationFailure.create({
        message: 'the webhook answered 429; retry after 7200 s',
        type: 'WebhookRejected',
        nextRetryDelay: '7200 seconds',
      });
    return 'delivered';
  };
  await expect(deliver()).resolves.toBe('delivered');
  expect(delays()).toEqual([7200]);
});

test('a refused webhook (a private address): one attempt, no retry', async () => {
  answer = () => {
    throw ApplicationFailure.nonRetryable('the webhook points to a private address', 'WebhookRefused');
  };
  const failure = await deliver().catch((error: unknown) => error);
  expect((failure as WorkflowFailedError).cause?.cause).toMatchObject({ type: 'WebhookRefused' });
  expect(attempts).toHaveLength(1);
});

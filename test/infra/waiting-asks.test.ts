import { google, temporal } from '@temporalio/proto';
import { askActivityId } from '../../contract/workflow-contract';
import { inLine, queuedAhead, waitingMessage } from '../../infra/waiting-asks';

test('how far back in line: the backlog of the same priority and the higher ones (lower keys), not the lower ones', () => {
  const stats = { '1': { approximateBacklogCount: 2 }, '3': { approximateBacklogCount: 4 }, '5': { approximateBacklogCount: 20 } };
  expect(queuedAhead(stats, 1)).toBe(2);
  expect(queuedAhead(stats, 3)).toBe(6);
  expect(queuedAhead(stats, 5)).toBe(26);
});

test('the waiting message says how far back in line only when the server says and something is queued', () => {
  expect(inLine('Waiting for Claude’s request budget', 7)).toBe(
    'Waiting for Claude’s request budget: 7 questions of the same or higher priority queued',
  );
  expect(inLine('Waiting for Claude’s request budget', 1)).toBe(
    'Waiting for Claude’s request budget: 1 question of the same or higher priority queued',
  );
  expect(inLine('Waiting for Claude’s request budget', 0)).toBe('Waiting for Claude’s request budget');
  expect(inLine('Waiting for Claude’s request budget', undefined)).toBe('Waiting for Claude’s request budget');
});

test('a scheduled question is read from the server’s timestamps: a retry’s wait, then the budget once ready for a second', () => {
  const now = 1_700_000_000_500;
  const at = (ms: number) => google.protobuf.Timestamp.fromObject({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 });
  const scheduled = {
    activityId: askActivityId('claude', 'memory'),
    state: temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_SCHEDULED,
  };
  expect(
    waitingMessage(
      { ...scheduled, nextAttemptScheduleTime: at(now + 4_000), currentRetryInterval: google.protobuf.Duration.fromObject({ seconds: 5 }) },
      now,
    ),
  ).toEqual({ stage: 'memory', message: 'Claude did not answer; asking again in 5 s' });
  expect(waitingMessage({ ...scheduled, scheduledTime: at(now - 500) }, now)).toBeUndefined();
  expect(waitingMessage({ ...scheduled, scheduledTime: at(now - 1_500) }, now)).toEqual({
    stage: 'memory',
    message: 'Waiting for Claude’s request budget',
    budgetOf: 'claude',
  });
});

import { platformTaskQueue, queueActivitiesPerSecond, TASK_QUEUE_PARTITIONS } from '../../../domain/shared/platform-budgets';

test('each platform has its own task queue, named after the check queue', () => {
  expect(platformTaskQueue('site-checks', 'claude')).toBe('site-checks-claude');
});

/**
 * The most tasks Temporal dispatches in any 60 s window at `perSecond`: each partition runs at
 * perSecond / partitions and may go at once after an idle spell (a one-second burst), as measured.
 */
function worstWindow(perSecond: number, windowS = 61): number {
  const interval = TASK_QUEUE_PARTITIONS / perSecond;
  return TASK_QUEUE_PARTITIONS * (Math.floor(windowS / interval) + 1);
}

test.each([30, 50, 150, 500, 1000, 600])('a budget of %i requests per minute is never exceeded in a 60 s window, burst included', (rpm) => {
  const perSecond = queueActivitiesPerSecond(rpm);
  expect(worstWindow(perSecond, 61 + 1)).toBeLessThanOrEqual(rpm);
  // …while using most of it (at least 80% of a budget of 30, 95% of 500).
  expect(perSecond * 60).toBeGreaterThanOrEqual(rpm * (rpm >= 500 ? 0.95 : 0.8));
});

test('the measured overshoot of the plain setting: RPM / 60 lets 4 partitions send 32 in a window of a budget of 30', () => {
  expect(worstWindow(30 / 60)).toBe(32);
});

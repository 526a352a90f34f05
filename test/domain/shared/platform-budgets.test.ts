import { mostInAnyWindow } from '../../../dev/arrival-windows';
import { DEFAULT_RPM, PER_SECOND_LIMIT, platformTaskQueue, queueRequestsPerSecond } from '../../../domain/shared/platform-budgets';

test('each platform has its own task queue, named after the check queue', () => {
  expect(platformTaskQueue('site-checks', 'claude')).toBe('site-checks-claude');
});

/**
 * When the server hands out a backlog of `count` tasks on a queue of one partition at `perSecond`, in
 * ms: a token bucket that keeps at most one second of credit, so after an idle spell the second task
 * goes 1/rate − 1 s after the first (as measured on the dev server), then one every 1/rate.
 */
function dispatchTimes(perSecond: number, count: number): number[] {
  const interval = 1000 / perSecond;
  let ready = -1000;
  const times: number[] = [];
  for (let task = 0; task < count; task++) {
    const at = Math.max(0, ready);
    times.push(at);
    ready = Math.max(ready, at - 1000) + interval;
  }
  return times;
}

test('the model of the server’s limiter is the measured one: at 0.2 a second, the first two 4 s apart, then 5 s', () => {
  expect(dispatchTimes(0.2, 4)).toEqual([0, 4000, 9000, 14000]);
});

test.each([12, 30, 40, 50, 150, 500, 1000, 600])(
  'a budget of %i requests per minute is never exceeded in a 60 s window, burst and four seconds of travel included, and at least 92%% of it is used',
  (rpm) => {
    const times = dispatchTimes(queueRequestsPerSecond(rpm), rpm * 3);
    // A request may reach the vendor up to (just under) four seconds later than the one before it.
    expect(mostInAnyWindow(times, 63_999)).toBeLessThanOrEqual(rpm);
    expect(queueRequestsPerSecond(rpm) * 60).toBeGreaterThanOrEqual(rpm * 0.92);
  },
);

/**
 * Whether a vendor's per-second limit accepts every request at `times` (ms): Perplexity's leaky
 * bucket, which holds `qps` requests and refills `qps` a second (its rate-limits page).
 */
function leakyBucketAccepts(times: readonly number[], qps: number): boolean {
  let tokens = qps;
  let last = 0;
  for (const at of times) {
    tokens = Math.min(qps, tokens + ((at - last) / 1000) * qps);
    last = at;
    if (tokens < 1 - 1e-9) return false;
    tokens -= 1;
  }
  return true;
}

test.each([1, 2, 3, 8])('a limit of %i requests a second holds from the first two requests of a burst on', (qps) => {
  expect(leakyBucketAccepts(dispatchTimes(queueRequestsPerSecond(60_000, qps), 100), qps)).toBe(true);
  // The plain per-second rate would not: the burst's second request comes too early.
  expect(leakyBucketAccepts(dispatchTimes(qps, 100), qps)).toBe(false);
});

test('Perplexity’s budget at its default tier is its 1 request a second: 30 a minute, below the 50 RPM', () => {
  expect(PER_SECOND_LIMIT.perplexity).toBe(1);
  expect(queueRequestsPerSecond(DEFAULT_RPM.perplexity, PER_SECOND_LIMIT.perplexity) * 60).toBe(30);
});

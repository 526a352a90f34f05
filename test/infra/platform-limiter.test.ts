import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformLimiter } from '../../infra/platform-limiter';

test('never more than the limit in flight to one platform; other platforms are not held up', async () => {
  const limiter = new PlatformLimiter(3);
  let inFlight = 0;
  let peak = 0;
  const request = () =>
    limiter.run('claude', undefined, async () => {
      peak = Math.max(peak, ++inFlight);
      await sleep(5);
      inFlight--;
    });
  const other = limiter.run('gemini', undefined, async () => 'answered');
  await Promise.all(Array.from({ length: 20 }, request));
  expect(peak).toBe(3);
  await expect(other).resolves.toBe('answered');
});

test('a failed request frees its slot', async () => {
  const limiter = new PlatformLimiter(1);
  await expect(limiter.run('chatgpt', undefined, () => Promise.reject(new Error('503')))).rejects.toThrow('503');
  await expect(limiter.run('chatgpt', undefined, async () => 'next')).resolves.toBe('next');
});

test('a cancelled waiter leaves the queue without taking a slot', async () => {
  const limiter = new PlatformLimiter(1);
  let release!: () => void;
  const first = limiter.run('deepseek', undefined, () => new Promise<void>((resolve) => (release = resolve)));
  const cancel = new AbortController();
  const cancelled = limiter.run('deepseek', cancel.signal, async () => 'should not run');
  const third = limiter.run('deepseek', undefined, async () => 'third');
  cancel.abort(new Error('cancelled'));
  await expect(cancelled).rejects.toThrow('cancelled');
  release();
  await first;
  await expect(third).resolves.toBe('third');
});

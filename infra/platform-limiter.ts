/**
 * At most `limit` requests in flight to each platform from this process (PLATFORM_CONCURRENCY), so a
 * diagnosis of 50 questions does not set off a storm of 429s. Waiters are served in arrival order;
 * a waiter whose signal aborts (a cancelled activity) leaves the queue.
 */
export class PlatformLimiter {
  private readonly inFlight = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(readonly limit: number) {}

  async run<T>(platformId: string, signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
    await this.acquire(platformId, signal);
    try {
      return await task();
    } finally {
      this.release(platformId);
    }
  }

  private acquire(platformId: string, signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    const current = this.inFlight.get(platformId) ?? 0;
    if (current < this.limit) {
      this.inFlight.set(platformId, current + 1);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const queue = this.waiting.get(platformId) ?? [];
      this.waiting.set(platformId, queue);
      const onAbort = () => {
        queue.splice(queue.indexOf(grant), 1);
        reject(signal!.reason);
      };
      // The slot passes straight from the releasing request to this one: the count stays as it is.
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      queue.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release(platformId: string): void {
    const next = this.waiting.get(platformId)?.shift();
    if (next) return next();
    this.inFlight.set(platformId, (this.inFlight.get(platformId) ?? 1) - 1);
  }
}

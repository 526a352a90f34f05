import { Context } from '@temporalio/activity';

/** How often a running activity tells Temporal it is alive. */
export const HEARTBEAT_EVERY_MS = 2_000;

/**
 * Wraps an activity so it heartbeats while it runs: when its worker dies, Temporal notices within the
 * heartbeat timeout and hands the activity to another worker, instead of waiting out the whole timeout.
 */
// The wrapper keeps the activity's own type, generics included.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function heartbeating<F extends (...args: any[]) => Promise<unknown>>(activity: F): F {
  return (async (...args: Parameters<F>) => {
    const context = Context.current();
    const timer = setInterval(() => context.heartbeat(), HEARTBEAT_EVERY_MS);
    try {
      return await activity(...args);
    } finally {
      clearInterval(timer);
    }
  }) as F;
}

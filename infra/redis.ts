import { createClient } from 'redis';

export type Redis = ReturnType<typeof createClient>;

/**
 * A client for REDIS_URL that connects in the background and keeps reconnecting, so that a Redis
 * outage shows up as failed commands (which callers handle) rather than as a crash.
 */
export function createRedis(url: string, onError: (error: Error) => void = () => undefined): Redis {
  const client = createClient({
    url,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
    // Fail commands at once while disconnected instead of queueing them without bound.
    disableOfflineQueue: true,
  });
  client.on('error', onError);
  client.connect().catch(onError);
  return client;
}

/** Resolves once the client is connected (commands fail at once before that: the offline queue is off). */
export function redisReady(client: Redis): Promise<void> {
  return client.isReady ? Promise.resolve() : new Promise((resolve) => client.once('ready', () => resolve()));
}

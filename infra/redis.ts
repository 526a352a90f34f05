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

/** How long a caller waits for Redis before it goes on without it (the rate limits, the answer times). */
export const REDIS_ANSWER_MS = 1_000;

/**
 * A Redis command's reply, or a failure once `ms` has passed. A frozen Redis (a stopped process, a
 * network that drops packets) keeps the socket open and replies to nothing, and node-redis's own
 * command timeout covers only commands not yet written; every caller here treats Redis as optional,
 * so it must see a failure, not wait forever.
 */
export async function answerWithin<T>(ms: number, reply: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([reply, late]);
  } finally {
    clearTimeout(timer);
  }
}

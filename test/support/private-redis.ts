import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createClient } from 'redis';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../dev/local-stack/free-port';

/**
 * A Redis of this test's own (Debian's redis-server, as the local stack runs it, on a spare port and
 * without persistence), so a test can kill it and bring it back without disturbing the other test files.
 */
export interface PrivateRedis {
  url: string;
  /** SIGKILL: Redis dies mid-whatever, as in a crash, and forgets everything (no persistence). */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it answers. */
  start(): Promise<void>;
  /** SIGSTOP: Redis stays connected and answers nothing, as a hung process or a network dropping packets. */
  freeze(): void;
  /** SIGCONT: it answers again, the commands it held included. */
  thaw(): void;
  close(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (;;) {
      const client = createClient({ url, socket: { connectTimeout: 500, reconnectStrategy: false } });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.ping();
        return;
      } catch {
        await sleep(100);
      } finally {
        client.destroy();
      }
    }
  };
  const kill = async () => {
    if (!server || server.exitCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url,
    kill,
    start,
    freeze: () => server?.kill('SIGSTOP'),
    thaw: () => server?.kill('SIGCONT'),
    close: async () => {
      server?.kill('SIGCONT');
      await kill();
    },
  };
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from 'redis';
import { ensureDebianCommand } from './commands';
import { DATA_DIR } from './paths';
import type { LocalService } from './service';

export function redisService(url: string): LocalService {
  const { hostname, port } = new URL(url);
  const listenPort = Number(port || 6379);
  return {
    name: 'redis',
    label: `Redis on ${hostname}:${listenPort}`,
    variable: 'REDIS_URL',
    host: hostname,
    port: listenPort,
    optional: true,
    async probe() {
      const client = createClient({ url, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.ping();
      } finally {
        client.destroy();
      }
    },
    // Debian's redis-server.
    install: async () => ensureDebianCommand('redis-server', 'redis-server'),
    args() {
      const dataDir = join(DATA_DIR, 'redis');
      mkdirSync(dataDir, { recursive: true });
      // Rate-limit counters live for an hour at most: no persistence needed.
      return ['--bind', hostname, '--port', String(listenPort), '--dir', dataDir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'];
    },
  };
}

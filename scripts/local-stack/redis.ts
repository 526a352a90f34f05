import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from 'redis';
import { run, which } from './commands';
import { DATA_DIR } from './paths';
import type { LocalService } from './service';

/** Debian's redis-server, installed with apt-get when missing and this user may. */
function installRedis(): string {
  const existing = which('redis-server') ?? which('/usr/bin/redis-server');
  if (existing) return existing;
  if (process.getuid?.() !== 0 || !which('apt-get')) {
    throw new Error('redis-server is not installed (Debian: apt-get install redis-server)');
  }
  console.log('[services] installing Debian redis-server with apt-get …');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], { env });
  const installed = which('redis-server');
  if (!installed) throw new Error('apt-get installed redis-server but it is not on PATH');
  return installed;
}

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
    install: async () => installRedis(),
    args() {
      const dataDir = join(DATA_DIR, 'redis');
      mkdirSync(dataDir, { recursive: true });
      // Rate-limit counters live for an hour at most: no persistence needed.
      return ['--bind', hostname, '--port', String(listenPort), '--dir', dataDir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'];
    },
  };
}

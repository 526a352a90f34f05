import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import { MONGODB_SERVER_ENV, mongodbServerArgs, mongodbServerBinary } from '../../scripts/local-stack/mongodb';

/**
 * A MongoDB-wire server of this test's own (the same server the local stack runs, on its own port and
 * data folder), so a test can kill it and bring it back without disturbing the other test files.
 */
export interface PrivateStore {
  uri: string;
  /** SIGKILL: the server dies mid-whatever, as in a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it answers. */
  start(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export async function startPrivateStore(): Promise<PrivateStore> {
  const binary = await mongodbServerBinary();
  const dataDir = mkdtempSync(join(tmpdir(), 'aivis-store-'));
  const port = await freePort();
  const uri = `mongodb://127.0.0.1:${port}/aivis_fault`;
  let child: ChildProcess | undefined;

  const start = async () => {
    child = spawn(binary, mongodbServerArgs({ host: '127.0.0.1', port, dataDir }), { env: { ...process.env, ...MONGODB_SERVER_ENV }, stdio: 'ignore' });
    for (let attempt = 0; attempt < 200; attempt++) {
      const client = new MongoClient(uri, { serverSelectionTimeoutMS: 250, connectTimeoutMS: 250 });
      try {
        await client.db('admin').command({ ping: 1 });
        return;
      } catch {
        await sleep(100);
      } finally {
        await client.close();
      }
    }
    throw new Error(`the private MongoDB-wire server on port ${port} did not answer`);
  };
  const kill = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    uri,
    kill,
    start,
    close: async () => {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

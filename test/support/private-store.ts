import { rmSync } from 'node:fs';
import { freePort } from '../../dev/local-stack/free-port';
import { setTimeout as sleep } from 'node:timers/promises';
import { bringUp } from '../../dev/local-stack';
import { mongodbService, storeDataDir } from '../../dev/local-stack/mongodb';
import { isAlive, runningPid, stopDetached } from '../../dev/local-stack/processes';

/**
 * A MongoDB-wire server of this test's own (the local stack's server, started the same way on a spare
 * port with its own data folder), so a test can kill it and bring it back without disturbing the
 * other test files.
 */
export interface PrivateStore {
  uri: string;
  /** SIGKILL: the server dies mid-whatever, as in a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it answers (indexes ensured). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivateStore(): Promise<PrivateStore> {
  const port = await freePort();
  const uri = `mongodb://127.0.0.1:${port}/aivis_fault`;
  const service = mongodbService(uri);
  const start = async () => {
    await bringUp(service);
  };
  const kill = async () => {
    const pid = runningPid(service.name);
    if (pid === undefined) return;
    process.kill(pid, 'SIGKILL');
    while (isAlive(pid)) await sleep(50);
  };
  await start();
  return {
    uri,
    kill,
    start,
    close: async () => {
      await stopDetached(service.name);
      rmSync(storeDataDir(port), { recursive: true, force: true });
    },
  };
}

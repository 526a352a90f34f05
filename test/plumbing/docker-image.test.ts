import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildAsDockerfileSays, parseDockerfile } from '../support/dockerfile';
import { testConfig } from '../support/config';
import { KNOWN_ANSWER } from '../support/gateway';
import { uniqueName } from '../support/names';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { ASSISTANTS } from '../../domain/shared/platforms';
import { createMongo } from '../../infra/mongo';

const ROOT = join(__dirname, '..', '..');
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const supportedMajor = readFileSync(join(ROOT, '.node-version'), 'utf8').trim().split('.')[0]!;

let sites: FixtureSites;
let platforms: VendorStandIns;
let scratch: string;
const processes: ChildProcess[] = [];

beforeAll(async () => {
  [sites, platforms] = await Promise.all([startFixtureSites(), startVendorStandIns()]);
  scratch = mkdtempSync(join(tmpdir(), 'aivis-image-'));
});
afterAll(async () => {
  await Promise.all(
    processes
      .filter((child) => child.exitCode === null)
      .map(async (child) => {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }),
  );
  await Promise.all([sites?.close(), platforms?.close()]);
  // Removing the two stages' files (some 50,000) can take longer than building them on a busy machine:
  // it goes on after the test, which needs nothing of them any more.
  if (scratch) spawn('rm', ['-rf', scratch], { detached: true, stdio: 'ignore' }).unref();
});

test("every stage of the image is built on the project's Node major, the one the tests run on", () => {
  const bases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gim)].map(([, image]) => image!);
  expect(bases.length).toBeGreaterThan(0);
  for (const base of bases) expect(base).toMatch(new RegExp(`^node:${supportedMajor}[.-]`));
  expect(process.versions.node.split('.')[0]).toBe(supportedMajor);
});

test('the image, built as the Dockerfile says in a clean directory, runs a check with NODE_ENV=production', async () => {
  // The machine's tools, the tests' Node first (the image's major, asserted above), and no node_modules of
  // this checkout on PATH: the build must find everything it needs in what the Dockerfile copies.
  const machinePath = (process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.split(sep).includes('node_modules'));
  const base = {
    PATH: [dirname(process.execPath), ...machinePath].join(delimiter),
    HOME: process.env.HOME ?? tmpdir(),
    ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}),
  };
  // The npm cache that this checkout's install filled: `npm ci` takes its packages from there.
  const image = await buildAsDockerfileSays(ROOT, parseDockerfile(dockerfile), scratch, { ...base, npm_config_prefer_offline: 'true' });
  expect(image.env.NODE_ENV).toBe('production');
  expect(image.cmd).toEqual(['node', 'dist/api/main.js']);

  for (const platform of ASSISTANTS)
    platforms.setBehaviour(platform.id, { answer: KNOWN_ANSWER, citations: [`https://${FIXTURE_HOSTS.healthy}/pricing`] });
  const config = testConfig();
  const databaseName = uniqueName('image').replace(/-/g, '_');
  const port = await freePort();
  const env = {
    ...base,
    ...image.env,
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }),
    TEMPORAL_ADDRESS: config.temporal.address,
    // Its own task queue: no other test's worker takes this check, and this worker takes no other's.
    TEMPORAL_TASK_QUEUE: uniqueName('image'),
    MONGODB_URI: Object.assign(new URL(config.mongodbUri), { pathname: `/${databaseName}` }).toString(),
    REDIS_URL: config.redisUrl!,
    PORT: String(port),
    METRICS_PORT: String(await freePort()),
    RATE_LIMIT_CHECK: '1000000',
  };
  const worker = start(['dist/worker/main.js'], image.appDir, env);
  const api = start(image.cmd!.slice(1), image.appDir, env);
  await Promise.all([worker.says('worker polling'), api.says('api listening')]);

  try {
    const origin = `http://127.0.0.1:${port}`;
    const health = await fetch(`${origin}/healthz`);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await health.json()).toMatchObject({
      status: 'ok',
      node: expect.stringMatching(new RegExp(`^v${supportedMajor}\\.`)),
      version: manifest.version,
    });

    const response = await fetch(`${origin}/api/v1/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `https://${FIXTURE_HOSTS.healthy}/` }),
    });
    const body = (await response.json()) as { snapshotId: string; report: { domain: string; memory: { status: string }[] } };
    expect(response.status).toBe(200);
    expect(body.report.domain).toBe(FIXTURE_HOSTS.healthy);
    expect(body.report.memory.map((entry) => entry.status)).toEqual(ASSISTANTS.map(() => 'known'));
    const snapshot = await fetch(`${origin}/api/v1/report/${body.snapshotId}`);
    expect(snapshot.status).toBe(200);
  } finally {
    const mongo = createMongo(env.MONGODB_URI);
    await mongo.db.dropDatabase().finally(() => mongo.client.close());
  }
}, 300_000);

/** A built entry point as the image runs it: `node <args>` in the image's working directory. */
function start(args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    async says(line: string) {
      while (!output.includes(line)) {
        if (child.exitCode !== null) throw new Error(`node ${args.join(' ')} exited ${child.exitCode}:\n${output.slice(-6_000)}`);
        await sleep(100);
      }
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

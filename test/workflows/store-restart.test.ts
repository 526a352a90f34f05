import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SiteCheckClient } from '../../infra/site-check-client';
import { bringUp } from '../../scripts/local-stack';
import { mongodbService, storeDataDir } from '../../scripts/local-stack/mongodb';
import { runningPid, stopDetached } from '../../scripts/local-stack/processes';
import { testConfig } from '../support/config';
import { startFakePlatforms, type FakePlatforms } from '../support/fake-platforms';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../support/fixture-sites';
import { startTestTemporal, type TestTemporal } from '../support/temporal';

// The local store of its own on a spare port: killing the shared one would fail the other test files.
let port: number;
let service: ReturnType<typeof mongodbService>;
let sites: FixtureSites;
let platforms: FakePlatforms;
let temporal: TestTemporal | undefined;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return free;
}

beforeAll(async () => {
  port = await freePort();
  service = mongodbService(`mongodb://127.0.0.1:${port}/aivis`);
  [sites, platforms] = await Promise.all([startFixtureSites(), startFakePlatforms(), bringUp(service)]);
  for (const model of ['gpt-4o-mini-search-preview', 'gemini-2.5-flash', 'sonar', 'deepseek-chat', 'claude-sonnet-4-6']) {
    platforms.setBehaviour(model, { answer: 'Acme Widgets (acme-widgets.test) is a reputable maker of widgets.', delayMs: 1_500 });
  }
}, 120_000);
afterAll(async () => {
  await temporal?.close();
  await Promise.all([sites?.close(), platforms?.close()]);
  await stopDetached(service.name);
  rmSync(storeDataDir(port), { recursive: true, force: true });
});

test('a check whose store is killed (SIGKILL) and restarted while it runs still stores its snapshot', async () => {
  const config = testConfig({ ...platforms.env(), FETCH_ORIGIN_OVERRIDES: JSON.stringify(sites.overrides), MONGODB_URI: `mongodb://127.0.0.1:${port}/aivis` });
  temporal = await startTestTemporal(config);
  const checks = new SiteCheckClient(temporal.client, config.temporal, new Set(Object.keys(config.fetchOriginOverrides)));
  const started = await checks.start(`https://${FIXTURE_HOSTS.healthy}/`);
  await sleep(500);
  const pid = runningPid(service.name);
  expect(pid).toBeDefined();
  process.kill(pid!, 'SIGKILL');
  await sleep(2_000);
  expect(await bringUp(service)).toBe('started');
  const { snapshotId } = await checks.result(started.workflowId);
  expect(await temporal.store.get(snapshotId)).toMatchObject({ snapshotId, kind: 'site', domain: 'acme-widgets.test' });
  expect((await temporal.store.latestFor('acme-widgets.test'))?.snapshotId).toBe(snapshotId);
  expect((await temporal.store.rankings(5)).map((entry) => entry.snapshotId)).toEqual([snapshotId]);
}, 120_000);

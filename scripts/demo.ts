/**
 * `npm run demo`: the whole service on a machine with no internet and no API keys. Brings up the
 * stack, serves an example site and stand-in AI platforms and search surfaces (SerpApi, DataForSEO)
 * on loopback, runs the checks of demo/checks.ts (one full check, and one brand diagnosis that asks
 * the surfaces too, in the US in English and Germany in German) through the public API and prints the
 * report URLs to open. The worker and the API keep running until Ctrl-C (`npm run demo -- --exit`
 * stops after printing, once both have exited).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseConfig } from '../domain/shared/config';
import { withBuildId } from '../infra/load-config';
import { startVendorStandIns } from '../dev/vendor-stand-ins';
import { startRangeFileStandIns } from '../dev/vendor-stand-ins/range-files';
import { FIXTURE_HOSTS, startFixtureSites } from '../dev/fixture-sites';
import { servicesUp } from '../dev/local-stack';
import { DEMO_CHECKS } from './demo/checks';
import { DEMO_SITE } from './demo/site-check';

const ROOT = join(__dirname, '..');

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error('the API exited while starting');
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(250);
  }
  throw new Error('the API did not become healthy within a minute');
}

async function main(): Promise<void> {
  // The AI crawlers' range files too: the crawler-traffic form verifies against them, offline.
  const [sites, platforms, rangeFiles] = await Promise.all([startFixtureSites(), startVendorStandIns(), startRangeFileStandIns()]);
  const port = process.env.PORT ?? '3000';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...platforms.env(),
    ...platforms.surfaceEnv('both'),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides(), ...rangeFiles.fetchOverrides() }),
    PORT: port,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    LOG_FORMAT: 'pretty',
  };
  const config = parseConfig(withBuildId(env));
  const outcomes = await servicesUp(config);
  if (!env.REDIS_URL && outcomes.redis !== 'unavailable') env.REDIS_URL = 'redis://127.0.0.1:6379';

  const start = (entry: string) =>
    spawn(process.execPath, ['--import', 'tsx', entry], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const children = [start('worker/main.ts'), start('api/main.ts')];
  const stop = async () => {
    const exited = children.filter((child) => child.exitCode === null).map((child) => once(child, 'exit'));
    for (const child of children) child.kill('SIGTERM');
    // The worker drains its in-flight activities first: the stand-ins stay up until it has.
    await Promise.all(exited);
    await Promise.all([sites.close(), platforms.close(), rangeFiles.close()]);
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));

  try {
    const apiUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(apiUrl, children[1]!);
    for (const check of DEMO_CHECKS) {
      const reportPath = await check.run({ apiUrl, publicBaseUrl: config.publicBaseUrl, platforms });
      console.log(`[demo] open the ${check.report}: ${config.publicBaseUrl}${reportPath}`);
    }
    console.log(`[demo] the web version: ${config.publicBaseUrl}/ — try ${DEMO_SITE}, ${FIXTURE_HOSTS.blocking} or ${FIXTURE_HOSTS.waf}`);
    if (process.argv.includes('--exit')) {
      await stop();
      return;
    }
    console.log('[demo] Ctrl-C stops the demo (the services keep running: npm run services:down)');
    await new Promise(() => undefined);
  } catch (error) {
    await stop();
    throw error;
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[demo] ${(error as Error).message}`);
    process.exit(1);
  },
);

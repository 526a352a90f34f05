/**
 * `npm run demo`: the whole service on a machine with no internet and no API keys. Brings up the
 * stack, serves an example site and stand-in AI platforms and search surfaces (SerpApi, DataForSEO)
 * on loopback, runs one full check and one brand diagnosis that asks the surfaces too, in two
 * markets (the US in English, Germany in German), through the public API and prints the report URLs to open. The worker and the API keep running until
 * Ctrl-C (`npm run demo -- --exit` stops after printing).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseConfig } from '../domain/shared/config';
import { withBuildId } from '../infra/load-config';
import { ASSISTANTS } from '../domain/shared/platforms';
import { startVendorStandIns } from '../dev/vendor-stand-ins';
import { startRangeFileStandIns } from '../dev/vendor-stand-ins/range-files';
import { answerBrandQuestions, answerBrandQuestionsOnSurfaces, BRAND, BRAND_DOMAIN, KEYWORD } from '../dev/brand-answers';
import { FIXTURE_HOSTS, startFixtureSites } from '../dev/fixture-sites';
import { diagnoseShopping } from '../dev/shopping-answers';
import { servicesUp } from '../dev/local-stack';

const ROOT = join(__dirname, '..');
const DEMO_SITE = FIXTURE_HOSTS.healthy;

/** What each stand-in says: plainly marked as simulated, so no one mistakes it for a real platform's answer. */
function simulatedAnswer(platform: string): string {
  return `[Simulated answer: a local stand-in played ${platform} for this demo; no real AI platform was asked.] Acme Widgets (${DEMO_SITE}) is a well-known, reputable maker of durable steel widgets for workshops and factories; see https://${DEMO_SITE}/pricing for its plans.`;
}

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

/** Where the demo's diagnosis asks from: two markets, side by side on its report. */
const DEMO_MARKETS = [
  { country: 'US', language: 'en' },
  { country: 'DE', language: 'de' },
];

/** A brand diagnosis asking the assistants and the three surfaces in two markets: what people see, where they are, beside what the APIs say. */
async function diagnoseWithSurfaces(
  apiUrl: string,
  publicBaseUrl: string,
  platforms: Awaited<ReturnType<typeof startVendorStandIns>>,
): Promise<void> {
  answerBrandQuestions(platforms);
  answerBrandQuestionsOnSurfaces(platforms);
  console.log(
    `[demo] diagnosing “${BRAND}” for “${KEYWORD}” in the US (English) and Germany (German), on the assistants and on Google AI Mode, AI Overviews and ChatGPT's app (SerpApi and DataForSEO stand-ins) …`,
  );
  const response = await fetch(`${apiUrl}/api/keywords`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN, markets: DEMO_MARKETS }),
  });
  const events = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  const summary = events.at(-1) as {
    type: string;
    reportUrl?: string;
    error?: string;
    report?: {
      surfacePresence?: { platform: string; shown: { value: number } }[];
      surfaceVsApi?: { sentence: string }[];
      byMarket?: { key: string; answers: number; mentionRate: { value: number } }[];
      marketDifferences?: { text: string }[];
    };
  };
  if (summary?.type !== 'summary') throw new Error(`the diagnosis failed: ${summary?.error ?? response.status}`);
  for (const row of summary.report?.surfacePresence ?? [])
    console.log(`[demo] ${row.platform} showed an answer for ${Math.round(row.shown.value * 100)}% of the questions`);
  for (const row of summary.report?.surfaceVsApi ?? []) console.log(`[demo] ${row.sentence}`);
  for (const row of summary.report?.byMarket ?? [])
    console.log(`[demo] ${row.key}: named in ${Math.round(row.mentionRate.value * 100)}% of ${row.answers} answers`);
  const differences = summary.report?.marketDifferences ?? [];
  if (differences.length === 0) console.log('[demo] no difference between the two markets is beyond noise');
  for (const difference of differences) console.log(`[demo] ${difference.text}`);
  console.log(`[demo] open the brand report: ${publicBaseUrl}${summary.reportUrl!}`);
}

async function main(): Promise<void> {
  // The AI crawlers' range files too: the crawler-traffic form verifies against them, offline.
  const [sites, platforms, rangeFiles] = await Promise.all([startFixtureSites(), startVendorStandIns(), startRangeFileStandIns()]);
  for (const platform of ASSISTANTS) {
    platforms.setBehaviour(platform.id, {
      answer: simulatedAnswer(platform.name),
      citations: [`https://${DEMO_SITE}/pricing`],
      delayMs: 800,
    });
  }
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
    for (const child of children) child.kill('SIGTERM');
    await Promise.all([sites.close(), platforms.close(), rangeFiles.close()]);
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));

  try {
    const apiUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(apiUrl, children[1]!);
    console.log(`[demo] checking ${DEMO_SITE} (an example site on loopback) through POST /api/v1/check …`);
    const response = await fetch(`${apiUrl}/api/v1/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: DEMO_SITE }),
    });
    const body = (await response.json()) as { snapshotUrl?: string; report?: { totalScore: number }; error?: string };
    if (!response.ok) throw new Error(`the check failed: ${response.status} ${body.error ?? ''}`);
    console.log(`[demo] total score ${body.report!.totalScore}/100 (platform answers are simulated stand-ins)`);
    console.log(`[demo] open the report: ${config.publicBaseUrl}${body.snapshotUrl!}`);
    await diagnoseWithSurfaces(apiUrl, config.publicBaseUrl, platforms);
    await diagnoseShopping(apiUrl, config.publicBaseUrl, platforms);
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

import type { ChildProcess } from 'node:child_process';
import { spawnWorkerProcess } from '../support/worker-process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import type { CheckKind } from '../../domain/shared/check-kinds';
import { CheckClient, type CheckInput } from '../../infra/check-client';
import type { StepEvent } from '../../contract/workflow-contract';
import { answerArticleQuestions } from '../../dev/article-answers';
import { answerBrandQuestions, answerBrandQuestionsOnSurfaces, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { testConfig } from '../support/config';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { ARTICLE_URL, FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { uniqueName } from '../support/names';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { ASSISTANTS } from '../../domain/shared/platforms';
import { allowedHostsOf } from '../../domain/shared/config';
import { rangeScheduleId } from '../../infra/range-schedule';

let sites: FixtureSites;
let platforms: VendorStandIns;
const doomedWorkers: ChildProcess[] = [];
const rescuers: TestTemporal[] = [];
const connections: Connection[] = [];

beforeAll(async () => {
  [sites, platforms] = await Promise.all([startFixtureSites(), startVendorStandIns()]);
});
afterAll(async () => {
  for (const worker of doomedWorkers) worker.kill('SIGKILL');
  await Promise.all(rescuers.map((rescuer) => rescuer.close()));
  await Promise.all(connections.map((connection) => connection.close()));
  await Promise.all([sites?.close(), platforms?.close()]);
});

/**
 * Starts a check of `kind` on a real `npm run worker` process, SIGKILLs that worker once `midway`
 * says the run is under way, then starts a second worker: the check must still complete.
 */
async function killWorkerMidRun<K extends CheckKind>(
  kind: K,
  input: CheckInput<K>,
  midway: (step: StepEvent) => boolean,
  environment: Record<string, string> = {},
) {
  const databaseName = uniqueName('failover').replace(/-/g, '_');
  const env = {
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }),
    TEMPORAL_TASK_QUEUE: uniqueName('failover'),
    MONGODB_URI: Object.assign(new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/aivis'), {
      pathname: `/${databaseName}`,
    }).toString(),
    ...environment,
  };
  const config = testConfig(env);

  const doomedWorker = spawnWorkerProcess(env, config.temporal.taskQueue);
  doomedWorkers.push(doomedWorker);
  let output = '';
  doomedWorker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('worker polling')) {
    if (doomedWorker.exitCode !== null) throw new Error(`the worker exited early:\n${output}`);
    await sleep(100);
  }

  const connection = await Connection.connect({ address: config.temporal.address });
  connections.push(connection);
  // The report is read from the store of the second worker, once there is one.
  const rescued: { by?: TestTemporal } = {};
  const checks = new CheckClient(new Client({ connection }), config.temporal, allowedHostsOf(config), {
    report: (snapshotId) => rescued.by!.store.report(snapshotId),
  });
  // The worker created its queue's range-refresh schedule at start: it goes with the test.
  const client = new Client({ connection });
  await client.schedule
    .getHandle(rangeScheduleId(config.temporal.taskQueue))
    .delete()
    .catch(() => undefined);
  const started = await checks.start(kind, input);

  for (;;) {
    const { steps } = await checks.progress(started.workflowId);
    if (steps.some(midway)) break;
    await sleep(100);
  }
  doomedWorker.kill('SIGKILL');
  await once(doomedWorker, 'exit');

  // A second worker, started only now, finishes what the first one left.
  const rescuer = (rescued.by = await startTestTemporal(config, { databaseName }));
  rescuers.push(rescuer);
  const result = await checks.result(kind, started.workflowId);
  return { result, stored: await rescuer.store.get(result.snapshotId) };
}

test('killing the worker mid-check loses nothing: another worker finishes the site check', async () => {
  // Slow platforms keep the check in flight long enough to kill its worker mid-way.
  for (const platform of ASSISTANTS)
    platforms.setBehaviour(platform.id, {
      answer: 'Acme Widgets is a reputable maker of steel widgets for workshops, sold online.',
      delayMs: 4_000,
    });
  const { result, stored } = await killWorkerMidRun(
    'site',
    { url: `https://${FIXTURE_HOSTS.healthy}/` },
    (step) => step.stage.startsWith('memory:') && step.status === 'started',
  );
  expect(result.report.domain).toBe(FIXTURE_HOSTS.healthy);
  expect(result.report.memory.map((entry) => entry.status)).toEqual(ASSISTANTS.map(() => 'known'));
  expect(stored).toMatchObject({ snapshotId: result.snapshotId, kind: 'site', domain: FIXTURE_HOSTS.healthy });
}, 120_000);

test('killing the worker mid-diagnosis loses nothing: another worker asks the rest and stores the brand report', async () => {
  answerBrandQuestions(platforms, 1_500);
  const { result, stored } = await killWorkerMidRun(
    'brand',
    { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN },
    (step) => step.stage.startsWith('ask:') && step.status === 'done',
    { BRAND_QUESTIONS: '4', PLATFORM_CONCURRENCY: '2' },
  );
  const { report } = result;
  expect(report.questions).toHaveLength(4);
  // Every question got its answer from every platform that answers (DeepSeek's key is refused).
  expect(report.answers.filter((answer) => answer.status === 'answered')).toHaveLength(4 * 4);
  expect(report.answers.filter((answer) => answer.platform === 'DeepSeek').every((answer) => answer.status === 'error')).toBe(true);
  expect(stored).toMatchObject({ snapshotId: result.snapshotId, kind: 'brand', domain: BRAND_DOMAIN });
}, 120_000);

test('killing the worker mid-diagnosis over two markets, with a surface, loses nothing: every question is answered once in each market', async () => {
  answerBrandQuestions(platforms, 1_500);
  answerBrandQuestionsOnSurfaces(platforms, 1_500);
  const markets = [
    { country: 'US', language: 'en' },
    { country: 'GB', language: 'en', city: 'London' },
  ];
  const asked = ['chatgpt', 'claude', 'gemini', 'perplexity', 'google-ai-mode'];
  const { result } = await killWorkerMidRun(
    'brand',
    { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN, markets, platforms: asked },
    (step) => step.stage.startsWith('ask:') && step.status === 'done',
    { BRAND_QUESTIONS: '3', PLATFORM_CONCURRENCY: '2', ...platforms.surfaceEnv('serpapi') },
  );
  const { report } = result;
  // One set of questions for the one language, asked in each market under its own ids.
  expect(report.questions.map((question) => question.id)).toEqual(['m1-q1', 'm1-q2', 'm1-q3', 'm2-q1', 'm2-q2', 'm2-q3']);
  const answered = report.answers.filter((answer) => answer.status === 'answered');
  expect(answered).toHaveLength(6 * asked.length);
  expect(new Set(answered.map((answer) => `${answer.questionId} ${answer.platform}`)).size).toBe(6 * asked.length);
  expect(answered.filter((answer) => answer.market?.city === 'London')).toHaveLength(3 * asked.length);
  // Google AI Mode answered every question in both markets, each with the market as SerpApi's parameters.
  const aiMode = answered.filter((answer) => answer.platform === 'Google AI Mode');
  expect(aiMode.map((answer) => `${answer.questionId} ${answer.market?.country}`).sort()).toEqual([
    'm1-q1 US',
    'm1-q2 US',
    'm1-q3 US',
    'm2-q1 GB',
    'm2-q2 GB',
    'm2-q3 GB',
  ]);
  expect(aiMode.every((answer) => answer.market?.appliedAs === 'parameter')).toBe(true);
  expect(report.byMarket!.map((row) => [row.key, row.answers])).toEqual([
    ['US-en', report.byMarket![0]!.answers],
    ['GB-en-London', report.byMarket![0]!.answers],
  ]);
}, 300_000);

test('killing the worker while demand is measured loses nothing: another worker measures it and stores the report with the volumes', async () => {
  answerBrandQuestions(platforms);
  const served = new Map<string, number>();
  platforms.setDemand({
    delayMs: 4_000,
    ai: (keyword) => {
      const volume = 100 + keyword.length * 10;
      served.set(keyword, volume);
      return volume;
    },
    google: () => null,
  });
  try {
    const since = platforms.requests.length;
    const { result } = await killWorkerMidRun(
      'brand',
      { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN, platforms: ['chatgpt', 'claude'] },
      (step) => step.stage === 'demand:ai' && step.status === 'started',
      { BRAND_QUESTIONS: '3', ...platforms.surfaceEnv('dataforseo') },
    );
    const { report } = result;
    expect(report.demand).toMatchObject({ status: 'measured' });
    expect(report.demand!.errors).toBeUndefined();
    for (const question of report.questions) expect(question.demand!.aiSearchVolume).toBe(served.get(question.demand!.phrase));
    // The killed worker's request went unanswered; the second worker's is the one the report holds.
    const aiRequests = platforms.requests.slice(since).filter((request) => request.path.includes('keywords_search_volume'));
    expect(aiRequests.length).toBeGreaterThanOrEqual(1);
  } finally {
    platforms.setDemand({});
  }
}, 180_000);

test('killing the worker mid-article-check loses nothing: another worker asks the rest and stores the article report', async () => {
  answerArticleQuestions(platforms, 1_500);
  const { result, stored } = await killWorkerMidRun(
    'article',
    { url: ARTICLE_URL },
    (step) => step.stage.startsWith('ask:') && step.status === 'done',
    { ARTICLE_QUESTIONS: '3', PLATFORM_CONCURRENCY: '2' },
  );
  const { report } = result;
  expect(report.questions).toHaveLength(3);
  expect(report.answers.filter((answer) => answer.status === 'answered')).toHaveLength(3 * 4);
  expect(report.metrics.urlCitationRate.count).toBe(6);
  expect(stored).toMatchObject({ snapshotId: result.snapshotId, kind: 'article', domain: FIXTURE_HOSTS.blog });
}, 120_000);

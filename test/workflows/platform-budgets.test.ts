import { setTimeout as sleep } from 'node:timers/promises';
import { CheckClient } from '../../infra/check-client';
import { ASSISTANTS } from '../../domain/shared/platforms';
import type { StepEvent } from '../../contract/workflow-contract';
import { answerBrandQuestions, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { testConfig } from '../support/config';
import { startVendorStandIns, type StandInPlatform, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { uniqueName } from '../support/names';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { mostInAnyWindow } from '../../dev/arrival-windows';
import { allowedHostsOf } from '../../domain/shared/config';
import { checkPriority, clientFairnessKey, monitorFairnessKey } from '../../infra/check-priority';

/**
 * Platform budgets against the real dev server, with two workers (each its own connection and
 * pollers, as two processes would have): Temporal, not a worker, spaces a platform's questions.
 */

const CLAUDE = 'claude';
const CHATGPT = 'chatgpt';
const CLAUDE_RPM = 30;
const KNOWN_ANSWER = 'Acme Widgets (acme-widgets.test) is a reputable maker of durable steel widgets, sold online.';

let sites: FixtureSites;
let platforms: VendorStandIns;
const clusters: TestTemporal[] = [];

beforeAll(async () => {
  [sites, platforms] = await Promise.all([startFixtureSites(), startVendorStandIns()]);
});
afterAll(async () => {
  await Promise.all(clusters.map((worker) => worker.close()));
  await Promise.all([sites?.close(), platforms?.close()]);
});

/** Two workers of one deployment (one task queue, one store) and a client for its checks. */
async function startCluster(environment: Record<string, string>) {
  const config = testConfig({
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }),
    ...environment,
  });
  const databaseName = uniqueName('budgets').replace(/-/g, '_');
  const workers = [await startTestTemporal(config, { databaseName }), await startTestTemporal(config, { databaseName })];
  clusters.push(...workers);
  return { config, checks: new CheckClient(workers[0]!.client, config.temporal, allowedHostsOf(config), workers[0]!.store) };
}

/** When the platform's stand-in received each question (POST) since `since`. */
const arrivals = (platform: StandInPlatform, since: number) => questionsTo(platform, since).map((request) => request.at);
const questionsTo = (platform: StandInPlatform, since: number) =>
  platforms.requests.filter((request) => request.platform === platform && request.method === 'POST' && request.at >= since);
/** Only Claude's budget binds: every other platform's is lifted, Perplexity's per-second limit too. */
const UNBOUND = Object.fromEntries(
  ASSISTANTS.flatMap((platform) => [
    [`${platform.env}_RPM`, '60000'],
    [`${platform.env}_RPS`, '1000'],
  ]),
);

describe(`a binding budget: ANTHROPIC_RPM=${CLAUDE_RPM}, two workers`, () => {
  test('Claude’s stand-in never sees more than the budget in any 60 s window, the other platforms are not slowed, a queued question says why it waits, and every check completes', async () => {
    answerBrandQuestions(platforms, 200);
    // Only Claude's budget binds (Perplexity's default of 50 would too, with this many questions).
    // The site check behind them waits its turn at their priority, past the 30 s its default deadline
    // would let it wait (site-check-deadline.test.ts): here it waits as long as it must.
    const { checks } = await startCluster({
      ...UNBOUND,
      ANTHROPIC_RPM: String(CLAUDE_RPM),
      BRAND_QUESTIONS: '18',
      BRAND_RUNS: '1',
      SITE_CHECK_DEADLINE_S: '600',
    });
    const since = Date.now();

    // 36 questions to each platform at once: more than Claude's budget for a minute.
    const running = Promise.all([0, 1].map(() => checks.run('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN })));
    // A site check behind them: its question to Claude queues for the budget, and its viewer is told so.
    while (arrivals(CLAUDE, since).length < 4) await sleep(200);
    const site = await checks.start('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });
    const steps: StepEvent[] = [];
    for await (const step of checks.followSteps(site.workflowId)) steps.push(step);
    const siteResult = await checks.result('site', site.workflowId);
    const diagnoses = await running;

    const claudeSteps = steps.filter((step) => step.stage === 'memory:claude');
    // Which budget, and how far back in line (the queue's backlog at this check's priority and above).
    expect(claudeSteps).toContainEqual(
      expect.objectContaining({
        status: 'waiting',
        message: expect.stringMatching(/^Waiting for Claude’s request budget: \d+ questions? of the same or higher priority queued$/),
      }),
    );
    expect(claudeSteps.at(-1)).toMatchObject({ status: 'done' });
    // The other platforms' questions did not wait for Claude's budget.
    expect(steps.filter((step) => step.status === 'waiting' && !step.stage.includes('claude'))).toEqual([]);
    expect(siteResult.report.memory.find((entry) => entry.platform === 'Claude')?.status).not.toBe('error');

    for (const { report } of diagnoses) {
      expect(report.questions).toHaveLength(18);
      const claude = report.answers.filter((answer) => answer.platform === 'Claude');
      expect(claude.map((answer) => answer.status)).toEqual(claude.map(() => 'answered'));
    }
    const claudeTimes = arrivals(CLAUDE, since);
    expect(claudeTimes).toHaveLength(37);
    expect(mostInAnyWindow(claudeTimes, 60_000)).toBeLessThanOrEqual(CLAUDE_RPM);
    // The budget did bind: Claude's questions took more than a minute to send.
    expect(Math.max(...claudeTimes) - Math.min(...claudeTimes)).toBeGreaterThan(60_000);

    // ChatGPT's budget does not bind: all its questions were sent while Claude's still queued, before
    // Claude's budget let even its 31st through (compared with Claude's own times, not a clock: the
    // machine may be busy).
    const chatgptTimes = arrivals(CHATGPT, since);
    expect(chatgptTimes).toHaveLength(37);
    expect(Math.max(...chatgptTimes)).toBeLessThan([...claudeTimes].sort((a, b) => a - b)[CLAUDE_RPM]!);
  }, 300_000);
});

describe('a binding budget is used: 40 questions at ANTHROPIC_RPM=40, two workers', () => {
  test('at least 36 of them reach Claude within the minute after the first, and no 60 s window sees more than 40', async () => {
    answerBrandQuestions(platforms);
    const { checks } = await startCluster({ ...UNBOUND, ANTHROPIC_RPM: '40', BRAND_QUESTIONS: '20', BRAND_RUNS: '1' });
    const since = Date.now();

    await Promise.all([0, 1].map(() => checks.run('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN })));

    const times = arrivals(CLAUDE, since).sort((a, b) => a - b);
    expect(times).toHaveLength(40);
    expect(mostInAnyWindow(times, 60_000)).toBeLessThanOrEqual(40);
    // Used: the minute that starts with the first question carries at least 90% of the budget.
    expect(times.filter((at) => at < times[0]! + 60_000).length).toBeGreaterThanOrEqual(36);
  }, 240_000);
});

describe('priority and fairness on a platform queue with a backlog, two workers', () => {
  test('a person’s check is not held behind monitors’ scheduled runs: its question to Claude goes out next, and it finishes while their questions still wait', async () => {
    answerBrandQuestions(platforms);
    platforms.setBehaviour(CLAUDE, { answer: KNOWN_ANSWER });
    const { checks } = await startCluster({ ...UNBOUND, ANTHROPIC_RPM: '12', BRAND_QUESTIONS: '10', BRAND_RUNS: '1' });
    const since = Date.now();

    // Two monitors' runs, as their schedules start them: 20 questions to Claude at a budget of 12 a minute.
    const backlog = await Promise.all(
      ['m1', 'm2'].map((id) =>
        checks.start(
          'brand',
          { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN },
          { priority: checkPriority('monitor', monitorFairnessKey(id)) },
        ),
      ),
    );
    while (arrivals(CLAUDE, since).length < 2) await sleep(200);
    const site = await checks.start(
      'site',
      { url: `https://${FIXTURE_HOSTS.healthy}/` },
      { priority: checkPriority('person', clientFairnessKey('203.0.113.7')) },
    );
    const { report } = await checks.result('site', site.workflowId);
    const atFinish = questionsTo(CLAUDE, since);

    expect(report.memory.find((entry) => entry.platform === 'Claude')?.status).toBe('known');
    // The person's question went to Claude right after those in flight when it was queued…
    const personal = atFinish.findIndex((request) => JSON.stringify(request.body).includes(FIXTURE_HOSTS.healthy));
    expect(personal).toBeGreaterThanOrEqual(2);
    expect(personal).toBeLessThanOrEqual(3);
    // …and the check finished while most of the monitors' questions were still queued.
    expect(atFinish.length - 1).toBeLessThan(10);
    await Promise.all(backlog.map((run) => checks.client.workflow.getHandle(run.workflowId).terminate('test over')));
  }, 180_000);

  test('one client’s three diagnoses do not hold back another client’s one: the light client’s finishes before the heavy client’s last', async () => {
    answerBrandQuestions(platforms);
    const { checks } = await startCluster({ ...UNBOUND, ANTHROPIC_RPM: '60', BRAND_QUESTIONS: '10', BRAND_RUNS: '1' });
    const since = Date.now();
    const LIGHT_KEYWORD = 'project tracking tools';
    const diagnose = (client: string, keyword = KEYWORD) =>
      checks.start(
        'brand',
        { keyword, brand: BRAND, domain: BRAND_DOMAIN },
        { priority: checkPriority('person', clientFairnessKey(client)) },
      );
    const finished: string[] = [];
    const finish = async (name: string, workflowId: string) => {
      await checks.result('brand', workflowId);
      finished.push(name);
    };

    const heavy = [await diagnose('198.51.100.1'), await diagnose('198.51.100.1'), await diagnose('198.51.100.1')];
    // The heavy client's 30 questions to Claude are queued (a few already sent) before the light client asks.
    while (arrivals(CLAUDE, since).length < 2) await sleep(200);
    const light = await diagnose('198.51.100.2', LIGHT_KEYWORD);
    await Promise.all([...heavy.map((run, index) => finish(`heavy ${index + 1}`, run.workflowId)), finish('light', light.workflowId)]);

    expect(finished.indexOf('light')).toBeLessThan(finished.length - 1);
    // Served in turn: first in first out, the light client's 10 questions would have been the last 10 of the 40.
    const order = questionsTo(CLAUDE, since).map((request) => JSON.stringify(request.body).includes(LIGHT_KEYWORD));
    expect(order).toHaveLength(40);
    expect(order.lastIndexOf(true)).toBeLessThan(30);
  }, 240_000);
});

describe('a rate-limited answer waits as long as the platform asks', () => {
  let checks: CheckClient;
  beforeAll(async () => {
    // A budget that never binds, so the gap between the two requests is the platform's wait alone.
    ({ checks } = await startCluster({ ANTHROPIC_RPM: '60000' }));
  });

  test.each([
    ['2', 1_900],
    // Longer than the retry policy's own first interval (2 s): the platform's wait, not the default backoff.
    ['5', 4_800],
  ])(
    'a 429 with retry-after: %s is retried after it, not at once',
    async (retryAfter, atLeastMs) => {
      for (const platform of ASSISTANTS) platforms.setBehaviour(platform.id, { answer: KNOWN_ANSWER });
      platforms.setBehaviour(CLAUDE, {
        answer: KNOWN_ANSWER,
        failure: { kind: 'rate_limit', retryAfterSeconds: Number(retryAfter), times: 1 },
      });
      const since = Date.now();

      const { report } = await checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });

      expect(report.memory.find((entry) => entry.platform === 'Claude')?.status).toBe('known');
      const [rateLimited, retried, ...more] = arrivals(CLAUDE, since);
      expect(more).toHaveLength(0);
      expect(retried! - rateLimited!).toBeGreaterThanOrEqual(atLeastMs);
    },
    60_000,
  );
});

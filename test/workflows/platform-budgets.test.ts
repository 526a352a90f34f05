import { setTimeout as sleep } from 'node:timers/promises';
import { CheckClient } from '../../infra/check-client';
import { PLATFORMS } from '../../domain/shared/platforms';
import type { StepEvent } from '../../contract/workflow-contract';
import { answerBrandQuestions, BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { testConfig } from '../support/config';
import { startVendorStandIns, type StandInPlatform, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { uniqueName } from '../support/names';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { mostInAnyWindow } from '../../dev/arrival-windows';
import { allowedHostsOf } from '../../domain/shared/config';

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
  const config = testConfig({ ...platforms.env(), FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }), ...environment });
  const databaseName = uniqueName('budgets').replace(/-/g, '_');
  const workers = [await startTestTemporal(config, { databaseName }), await startTestTemporal(config, { databaseName })];
  clusters.push(...workers);
  return { config, checks: new CheckClient(workers[0]!.client, config.temporal, allowedHostsOf(config), workers[0]!.store) };
}

/** When the platform's stand-in received each question (POST) since `since`. */
const arrivals = (platform: StandInPlatform, since: number) => platforms.requests.filter((request) => request.platform === platform && request.method === 'POST' && request.at >= since).map((request) => request.at);

describe(`a binding budget: ANTHROPIC_RPM=${CLAUDE_RPM}, two workers`, () => {
  test('Claude’s stand-in never sees more than the budget in any 60 s window, the other platforms are not slowed, a queued question says why it waits, and every check completes', async () => {
    answerBrandQuestions(platforms, 200);
    // Only Claude's budget binds (Perplexity's default of 50 would too, with this many questions).
    const unbound = Object.fromEntries(PLATFORMS.flatMap((platform) => [[`${platform.env}_RPM`, '60000'], [`${platform.env}_RPS`, '1000']]));
    const { checks } = await startCluster({ ...unbound, ANTHROPIC_RPM: String(CLAUDE_RPM), BRAND_QUESTIONS: '18', BRAND_RUNS: '1' });
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
    expect(claudeSteps).toContainEqual(expect.objectContaining({ status: 'waiting', message: 'Waiting for Claude’s request budget' }));
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
  ])('a 429 with retry-after: %s is retried after it, not at once', async (retryAfter, atLeastMs) => {
    for (const platform of PLATFORMS) platforms.setBehaviour(platform.id, { answer: KNOWN_ANSWER });
    platforms.setBehaviour(CLAUDE, { answer: KNOWN_ANSWER, failure: { kind: 'rate_limit', retryAfterSeconds: Number(retryAfter), times: 1 } });
    const since = Date.now();

    const { report } = await checks.run('site', { url: `https://${FIXTURE_HOSTS.healthy}/` });

    expect(report.memory.find((entry) => entry.platform === 'Claude')?.status).toBe('known');
    const [rateLimited, retried, ...more] = arrivals(CLAUDE, since);
    expect(more).toHaveLength(0);
    expect(retried! - rateLimited!).toBeGreaterThanOrEqual(atLeastMs);
  }, 60_000);
});

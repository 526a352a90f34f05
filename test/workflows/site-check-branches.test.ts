import { FAILURE } from '../../contract/failures';
import { ApplicationFailure } from '@temporalio/common';
import { progressQuery } from '../../contract/workflow-contract';
import type { WorkflowHandle } from '@temporalio/client';
import type { SitemapInput } from '../../activities/sitemap';
import type { Report } from '../../domain/site/report';
import { nonRetryable, retryable, rootFailureOf } from '../support/fake-failures';
import { recordedCheck } from '../support/recorded-check';
import type { siteCheckWorkflow } from '../../workflows/site-check';

/**
 * The site check's branches on Temporal's time-skipping test server, with pure fake activities that
 * return what a recorded run's returned (no database, no site, no platform), as Temporal's samples
 * test workflows: a stage that fails costs the check only what the pipeline says. Retry delays pass at once.
 */

const check = recordedCheck<typeof siteCheckWorkflow, Report>('site-check', 'siteCheckWorkflow');
const { run: site, start, saved, asked } = check;
const stepsOf = async (handle: WorkflowHandle) => (await handle.query(progressQuery)).steps;

/** The recorded run's DeepSeek stand-in refused its key: that answer is an error reply (a stage done, not failed). */
const failedPlatforms = (report: Report) => report.memory.filter((entry) => entry.status === 'error').map((entry) => entry.platform);

test('every stage answering: one snapshot saved with the outcome’s scores, every step started then done', async () => {
  const handle = await start();
  const outcome = await handle.result();
  expect(saved()).toHaveLength(1);
  expect(saved()[0]).toMatchObject({ kind: 'site', snapshotId: outcome.snapshotId, scores: outcome.scores });
  expect(failedPlatforms(saved()[0]!.report)).toEqual(['DeepSeek']);
  const progress = await handle.query(progressQuery);
  expect(progress.finished).toBe(true);
  const steps = progress.steps;
  expect(steps.filter((step) => step.status === 'failed')).toEqual([]);
  const stages = new Set(steps.map((step) => step.stage));
  expect([...stages]).toEqual(
    expect.arrayContaining([
      'normalise',
      'home',
      'robots',
      'sitemap',
      'crawlers',
      'agent-files',
      'retrieval',
      'memory:chatgpt',
      'memory:deepseek',
      'cited-pages',
      'snapshot',
    ]),
  );
  for (const stage of stages) expect(steps.filter((step) => step.stage === stage).map((step) => step.status)).toEqual(['started', 'done']);
});

test('robots.txt failing: the sitemap is still read (from /sitemap.xml, nothing declared), the step says it failed, the report is stored', async () => {
  site.replaced.checkRobots = async () => {
    throw nonRetryable('robots.txt');
  };
  const handle = await start();
  await handle.result();
  expect(site.calls.readSitemaps as SitemapInput[]).toEqual([expect.objectContaining({ declared: [], genericRules: [] })]);
  expect(saved()).toHaveLength(1);
  // A failure the service did not raise on purpose is not shown as it is.
  expect(await stepsOf(handle)).toContainEqual(
    expect.objectContaining({ stage: 'robots', status: 'failed', message: 'this step failed unexpectedly' }),
  );
});

test('the home page unreachable: the check fails with the reason, asks no platform and stores nothing', async () => {
  site.replaced.fetchHomePage = async () => {
    throw ApplicationFailure.create({ type: FAILURE.siteUnreachable, nonRetryable: true, message: 'acme-widgets.test did not answer' });
  };
  const handle = await start();
  const failure = await rootFailureOf(handle.result());
  expect(failure).toMatchObject({ type: FAILURE.siteUnreachable, message: 'acme-widgets.test did not answer' });
  expect(asked()).toEqual([]);
  expect(saved()).toEqual([]);
  expect(await stepsOf(handle)).toContainEqual(
    expect.objectContaining({ stage: 'home', status: 'failed', message: 'acme-widgets.test did not answer' }),
  );
});

test('every platform failing: each is an error in the report, the check completes with no awareness', async () => {
  site.replaced.askPlatform = async (question) => {
    throw nonRetryable(`asking ${question.platformId}`);
  };
  const { scores } = await (await start()).result();
  expect(saved()[0]!.report.memory.map((entry) => entry.status)).toEqual(['error', 'error', 'error', 'error', 'error']);
  expect(scores.memoryScore).toBe(0);
  expect(scores.crawlerScore).toBeGreaterThan(0);
});

test('one platform down through all its retries (4 attempts, backing off): that platform an error, the others answered', async () => {
  const answer = site.recorded.askPlatform;
  site.replaced.askPlatform = async (question) => {
    if (question.platformId === 'claude') throw retryable('Claude');
    return answer(question);
  };
  const started = await check.env().currentTimeMs();
  await (await start()).result();
  expect(asked().filter((question) => question.platformId === 'claude')).toHaveLength(4);
  expect(failedPlatforms(saved()[0]!.report)).toEqual(['Claude', 'DeepSeek']);
  expect(saved()[0]!.report.memory.find((entry) => entry.platform === 'Claude')?.error).toBe('this step failed unexpectedly');
  // The retries waited 2 + 4 + 8 s of the test server's time, not of the test's.
  expect((await check.env().currentTimeMs()) - started).toBeGreaterThanOrEqual(14_000);
});

test('a platform failing twice, then answering: its answer is in the report', async () => {
  const answer = site.recorded.askPlatform;
  let failures = 0;
  site.replaced.askPlatform = async (question) => {
    if (question.platformId === 'gemini' && failures++ < 2) throw retryable('Gemini');
    return answer(question);
  };
  await (await start()).result();
  expect(asked().filter((question) => question.platformId === 'gemini')).toHaveLength(3);
  expect(failedPlatforms(saved()[0]!.report)).toEqual(['DeepSeek']);
});

test('the snapshot failing to save: the check fails, it does not pretend to have a report', async () => {
  site.replaced.saveSnapshot = async () => {
    throw nonRetryable('saving the snapshot');
  };
  const handle = await start();
  await rootFailureOf(handle.result());
  expect(await stepsOf(handle)).toContainEqual(expect.objectContaining({ stage: 'snapshot', status: 'failed' }));
});

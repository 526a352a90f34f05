import { randomUUID } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure, TypedSearchAttributes } from '@temporalio/common';
import { FAILURE } from '../../contract/failures';
import { CHECK_WORKFLOWS, checkWorkflowId, progressQuery, SEARCH_ATTRIBUTES } from '../../contract/workflow-contract';
import type { SiteOutcome } from '../../domain/check-outcome';
import type { Report } from '../../domain/site/report';
import type { siteCheckWorkflow } from '../../workflows/site-check';
import { testConfig } from '../support/config';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { temporal as temporalProto } from '@temporalio/proto';
import { thisBuildId } from '../../infra/service-version';
import { currentBuildId } from '../../infra/worker-deployment';

let sites: FixtureSites;
let temporal: TestTemporal;
let config: ReturnType<typeof testConfig>;

beforeAll(async () => {
  sites = await startFixtureSites();
  // No platform keys: each platform reports "not configured" at once, and the check still completes.
  config = testConfig({ FETCH_ORIGIN_OVERRIDES: JSON.stringify(sites.overrides) });
  temporal = await startTestTemporal(config);
});
afterAll(async () => {
  await temporal.close();
  await sites.close();
});

function runSiteCheck(url: string, domain: string): Promise<SiteOutcome> {
  const snapshotId = randomUUID();
  return temporal.client.workflow.execute<typeof siteCheckWorkflow>(CHECK_WORKFLOWS.site.type, {
    taskQueue: config.temporal.taskQueue,
    workflowId: checkWorkflowId('site', domain, snapshotId),
    args: [{ url, snapshotId }],
    typedSearchAttributes: new TypedSearchAttributes([
      { key: SEARCH_ATTRIBUTES.domain, value: domain },
      { key: SEARCH_ATTRIBUTES.kind, value: 'site' },
    ]),
  });
}

test('a workflow runs its activities on a real worker, stores its report and returns only its snapshot and scores', async () => {
  const outcome = await runSiteCheck(`https://${FIXTURE_HOSTS.healthy}/some/page?q=1`, FIXTURE_HOSTS.healthy);
  const stored = await temporal.store.report(outcome.snapshotId);
  expect(stored?.kind).toBe('site');
  const report = stored?.report as Report;
  expect(outcome).toEqual({
    snapshotId: outcome.snapshotId,
    kind: 'site',
    scores: { totalScore: report.totalScore, crawlerScore: report.crawlerScore, memoryScore: report.memoryScore },
  });
  expect(report.domain).toBe(FIXTURE_HOSTS.healthy);
  expect(report.memory.map((entry) => entry.status)).toEqual(['error', 'error', 'error', 'error', 'error']);
  expect(report.memory[0]?.error).toMatch(/ChatGPT is not configured: set OPENAI_API_KEY/);
});

test('the progress query sends only the steps after those a follower has seen', async () => {
  const { snapshotId } = await runSiteCheck(`https://${FIXTURE_HOSTS.healthy}/`, FIXTURE_HOSTS.healthy);
  const handle = temporal.client.workflow.getHandle(checkWorkflowId('site', FIXTURE_HOSTS.healthy, snapshotId));
  const all = await handle.query(progressQuery);
  const later = await handle.query(progressQuery, 4);
  expect(all.steps.length).toBeGreaterThan(10);
  expect(later).toEqual({ steps: all.steps.slice(4), finished: true, since: 4 });
});

test('an operator can find a check by its domain and kind search attributes', async () => {
  const domain = FIXTURE_HOSTS.noRobots;
  const { snapshotId } = await runSiteCheck(domain, domain);
  const handle = temporal.client.workflow.list({
    query: `CheckedDomain = "${domain}" AND CheckKind = "site" AND TaskQueue = "${config.temporal.taskQueue}"`,
  });
  // Visibility is eventually consistent on the dev server.
  let found: string[] = [];
  for (let attempt = 0; attempt < 50 && found.length === 0; attempt++) {
    found = [];
    for await (const execution of handle) found.push(execution.workflowId);
    if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(found).toEqual([`site-check:${domain}:${snapshotId}`]);
});

test('a domain that is not public fails the workflow at once with a named, non-retryable failure', async () => {
  const failure = await runSiteCheck('http://localhost:8080/', 'localhost').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(WorkflowFailedError);
  let cause: unknown = (failure as WorkflowFailedError).cause;
  while (cause && !(cause instanceof ApplicationFailure)) cause = (cause as { cause?: unknown }).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  expect(cause).toMatchObject({ type: FAILURE.notPublicTarget, nonRetryable: true });
  expect((cause as ApplicationFailure).message).toMatch(/localhost is this machine/);
});

test('a run is pinned to the worker deployment version of the build that started it, and that version is current', async () => {
  const { snapshotId } = await runSiteCheck(`https://${FIXTURE_HOSTS.healthy}/`, FIXTURE_HOSTS.healthy);
  const described = await temporal.client.workflow.getHandle(checkWorkflowId('site', FIXTURE_HOSTS.healthy, snapshotId)).describe();
  const { versioningInfo } = described.raw.workflowExecutionInfo!;
  expect(versioningInfo?.behavior).toBe(temporalProto.api.enums.v1.VersioningBehavior.VERSIONING_BEHAVIOR_PINNED);
  expect(versioningInfo?.deploymentVersion).toMatchObject({ deploymentName: config.temporal.deployment.name, buildId: thisBuildId() });
  expect(await currentBuildId(temporal.client.workflowService, config.temporal)).toBe(thisBuildId());
});

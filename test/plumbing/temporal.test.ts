import { randomUUID } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure, TypedSearchAttributes } from '@temporalio/common';
import { FAILURE } from '../../domain/failures';
import { SEARCH_ATTRIBUTES } from '../../domain/workflow-contract';
import { testConfig } from '../support/config';
import { startTestTemporal, type TestTemporal } from '../support/temporal';

const config = testConfig();
let temporal: TestTemporal;

beforeAll(async () => {
  temporal = await startTestTemporal(config);
});
afterAll(() => temporal.close());

function runSiteCheck(url: string, domain: string) {
  const snapshotId = randomUUID();
  return temporal.client.workflow.execute('siteCheckWorkflow', {
    taskQueue: config.temporal.taskQueue,
    workflowId: `site-check-${domain}-${snapshotId}`,
    args: [{ url, snapshotId }],
    typedSearchAttributes: new TypedSearchAttributes([
      { key: SEARCH_ATTRIBUTES.domain, value: domain },
      { key: SEARCH_ATTRIBUTES.kind, value: 'site' },
    ]),
  });
}

test('a workflow runs its activity on a real worker and returns the normalised target', async () => {
  const result = await runSiteCheck('https://WWW.Bücher.de/some/page?q=1', 'xn--bcher-kva.de');
  expect(result).toMatchObject({ target: { domain: 'xn--bcher-kva.de', host: 'www.xn--bcher-kva.de' } });
});

test('an operator can find a check by its domain and kind search attributes', async () => {
  const domain = `search-${randomUUID().slice(0, 8)}.com`;
  await runSiteCheck(domain, domain);
  const handle = temporal.client.workflow.list({ query: `CheckedDomain = "${domain}" AND CheckKind = "site"` });
  // Visibility is eventually consistent on the dev server.
  let found: string[] = [];
  for (let attempt = 0; attempt < 50 && found.length === 0; attempt++) {
    found = [];
    for await (const execution of handle) found.push(execution.workflowId);
    if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(found).toHaveLength(1);
  expect(found[0]).toContain(domain);
});

test('a domain that is not public fails the workflow at once with a named, non-retryable failure', async () => {
  const failure = await runSiteCheck('http://localhost:8080/', 'localhost').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(WorkflowFailedError);
  const cause = (failure as WorkflowFailedError).cause?.cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  expect(cause).toMatchObject({ type: FAILURE.notPublicTarget, nonRetryable: true });
  expect((cause as ApplicationFailure).message).toMatch(/localhost is this machine/);
});

import request from 'supertest';
import { checkWorkflowId } from '../../contract/workflow-contract';
import { BRAND, KEYWORD, answerBrandQuestions } from '../../dev/brand-answers';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { hashedClientKey } from '../../infra/client-hash';
import { startTestGateway, type TestGateway } from '../support/gateway';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '2' });
});
afterAll(async () => {
  await gateway.close();
});

/** What the Temporal UI shows of a run: its summary and details, set at start, and the progress it keeps as current details. */
async function shown(workflowId: string) {
  const handle = gateway.temporal.client.workflow.getHandle(workflowId);
  const description = await handle.describe();
  const metadata = await handle.query<{ currentDetails?: string }>('__temporal_workflow_metadata');
  return { summary: await description.staticSummary(), details: await description.staticDetails(), current: metadata.currentDetails };
}

test('a site check started through the gateway names its target, its route and its client (hashed) in the Temporal UI', async () => {
  const response = await request(gateway.app())
    .post('/api/v1/check')
    .send({ url: `https://${FIXTURE_HOSTS.healthy}/` })
    .expect(200);
  const { summary, details, current } = await shown(checkWorkflowId('site', FIXTURE_HOSTS.healthy, response.body.snapshotId as string));
  expect(summary).toBe(`Site check: ${FIXTURE_HOSTS.healthy}`);
  expect(details).toContain('POST /api/v1/check');
  expect(details).toContain(`"url": "https://${FIXTURE_HOSTS.healthy}/"`);
  // supertest connects over loopback: the key is 127.0.0.1, shown only as its hash.
  expect(details).toContain(hashedClientKey('127.0.0.1'));
  expect(details).not.toMatch(/127\.0\.0\.1|::1/);
  expect(current).toMatch(/^\*\*Finished\*\*: \d+ stages done, 0 running, 0 failed$/);
});

test('a brand diagnosis is summarised by keyword and brand, and keeps its progress in Markdown while it runs', async () => {
  answerBrandQuestions(gateway.platforms);
  const started = await gateway.checks.start('brand', { keyword: KEYWORD, brand: BRAND }, { origin: { via: 'the test' } });
  let running: string | undefined;
  for (let tries = 0; !running?.includes('Running now:') && tries < 100; tries++) running = (await shown(started.workflowId)).current;
  expect(running).toMatch(/^\*\*Running\*\*: \d+ stages done, [1-9]\d* running, \d+ failed\n\nRunning now:\n- /);
  await gateway.checks.result('brand', started.workflowId);
  const { summary, details } = await shown(started.workflowId);
  expect(summary).toBe(`Brand diagnosis: ${KEYWORD} / ${BRAND}`);
  expect(details).toContain('the test');
  expect(details).not.toContain('client:');
});

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { temporal as proto } from '@temporalio/proto';
import { CHECK_WORKFLOWS } from '../../contract/workflow-contract';
import type { BrandOutcome } from '../../domain/check-outcome';
import { TEMPORAL_CLI } from '../../dev/local-stack/temporal';
import { testConfig } from '../support/config';
import { startTestTemporal, type TestTemporal } from '../support/temporal';

/**
 * docs/operations-replay.md#runs-recorded-by-the-patched-build-before-worker-versioning: a run whose history holds a patch marker this
 * build does not make (every run the patched build started) fails each workflow task on this build with
 * TMPRL1100, and `temporal workflow reset --type FirstWorkflowTask` makes it run to the end. The run's
 * first task is answered here as the patched build answered it, with the `recorded-platform-list` marker.
 */
const config = testConfig();
let temporal: TestTemporal | undefined;
afterAll(() => temporal?.close());

const json = (value: unknown) => ({ metadata: { encoding: Buffer.from('json/plain') }, data: Buffer.from(JSON.stringify(value)) });

async function answerFirstTaskAsThePatchedBuild(connection: Connection): Promise<void> {
  const { namespace, taskQueue } = config.temporal;
  const service = connection.workflowService;
  // A long poll needs a deadline.
  const task = await connection.withDeadline(Date.now() + 30_000, () =>
    service.pollWorkflowTaskQueue({ namespace, taskQueue: { name: taskQueue }, identity: 'patched-build' }),
  );
  await service.respondWorkflowTaskCompleted({
    namespace,
    taskToken: task.taskToken,
    identity: 'patched-build',
    commands: [
      {
        commandType: proto.api.enums.v1.CommandType.COMMAND_TYPE_RECORD_MARKER,
        recordMarkerCommandAttributes: {
          markerName: 'core_patch',
          details: { 'patch-data': { payloads: [json({ id: 'recorded-platform-list', deprecated: false })] } },
        },
      },
    ],
    // The patched build's next task (its platform list's result) is left to this build.
    forceCreateNewWorkflowTask: true,
  });
}

test('a run of the patched build fails on this build with TMPRL1100, and once reset to its first workflow task it completes', async () => {
  const connection = await Connection.connect({ address: config.temporal.address });
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const workflowId = `brand-reset-${randomUUID()}`;
  try {
    // Started and answered before this build's workers poll, as runs in flight at the upgrade were.
    const first = await client.workflow.start(CHECK_WORKFLOWS.brand.type, {
      taskQueue: config.temporal.taskQueue,
      workflowId,
      args: [{ keyword: 'project planning software', brand: 'Acme Plan' }],
    });
    await answerFirstTaskAsThePatchedBuild(connection);
    temporal = await startTestTemporal(config);

    const failure = await waitFor(async () => {
      const { events } = await client.workflow.getHandle(workflowId, first.firstExecutionRunId).fetchHistory();
      return (events ?? []).map((event) => event.workflowTaskFailedEventAttributes?.failure?.message).find(Boolean) ?? undefined;
    });
    expect(failure).toMatch(
      /\[TMPRL1100\] Nondeterminism error: Non-deprecated patch marker encountered for change recorded-platform-list/,
    );

    // What docs/operations-replay.md tells the operator to run.
    execFileSync(
      TEMPORAL_CLI,
      [
        'workflow',
        'reset',
        '--address',
        config.temporal.address,
        '--namespace',
        config.temporal.namespace,
        '--workflow-id',
        workflowId,
        '--type',
        'FirstWorkflowTask',
        '--reason',
        'run of the patched build',
      ],
      { stdio: 'pipe' },
    );
    const outcome = await client.workflow.getHandle<() => Promise<BrandOutcome>>(workflowId).result();
    expect(outcome.kind).toBe('brand');
    expect(await temporal.store.report(outcome.snapshotId)).toMatchObject({ kind: 'brand' });
  } finally {
    await client.workflow
      .getHandle(workflowId)
      .terminate('test over')
      .catch(() => undefined);
    await connection.close();
  }
}, 120_000);

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

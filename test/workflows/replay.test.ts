import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, type BundleOptions } from '@temporalio/worker';
import { bundleWorkflows } from '../../worker/workflow-bundle';
import { currentWorkflowBundlePath, sharedFile } from '../support/paths';
import { HISTORY_NAMES, SAMPLE_CHECKS } from '../../dev/sample-checks';

/**
 * Histories of real runs of this build (npm run record-histories): today's workflow code must replay
 * each of them. Each kind has one recorded on a loaded machine (`--loaded`), its local activities
 * outlasting their workflow task. Runs of older builds never replay here: they are pinned to their own.
 */
const HISTORIES = join(__dirname, '..', 'fixtures', 'histories');
const files = readdirSync(HISTORIES).filter((file) => file.endsWith('.json'));

/** Every kind's history, by the registry (dev/sample-checks.ts): a new kind fails here until its runs are recorded. */
const KINDS = HISTORY_NAMES;

test('every kind has a history recorded on a quiet machine and one recorded on a loaded one', () => {
  expect(files).toEqual(expect.arrayContaining(KINDS.flatMap((kind) => [`${kind}.json`, `${kind}-loaded.json`])));
});

// The crawler-traffic check runs no local activity: its address is read by the gateway at upload.
test.each(KINDS.filter((kind) => kind !== SAMPLE_CHECKS.traffic.history))(
  'the loaded %s history has a local activity recorded a workflow task later than the quiet one',
  (kind) => {
    // Workflow tasks completed before the first local activity's result: one more under load (the task's heartbeat).
    const tasksBeforeLocalResult = (file: string) => {
      const { events } = JSON.parse(readFileSync(join(HISTORIES, file), 'utf8')) as {
        events: { eventType: string; markerRecordedEventAttributes?: { markerName: string } }[];
      };
      const marker = events.findIndex((event) => event.markerRecordedEventAttributes?.markerName === 'core_local_activity');
      return events.slice(0, marker).filter((event) => event.eventType === 'EVENT_TYPE_WORKFLOW_TASK_COMPLETED').length;
    };
    expect(tasksBeforeLocalResult(`${kind}-loaded.json`)).toBe(tasksBeforeLocalResult(`${kind}.json`) + 1);
  },
);

test.each(files)('the workflow code replays %s deterministically', async (file) => {
  const history = JSON.parse(readFileSync(join(HISTORIES, file), 'utf8')) as unknown;
  await expect(
    Worker.runReplayHistory({ workflowBundle: { codePath: currentWorkflowBundlePath() }, replayName: file }, history),
  ).resolves.toBeUndefined();
});

const REGISTRY = require.resolve('../../domain/shared/platforms');
const SIX_PLATFORMS = require.resolve('../support/six-platforms');

/** Bundles the workflows as a deployment that adds a sixth platform to domain/shared/platforms.ts would. */
const withSixthPlatform: BundleOptions['webpackConfigHook'] = (config) => ({
  ...config,
  plugins: [
    ...(config.plugins ?? []),
    {
      apply(compiler) {
        compiler.hooks.normalModuleFactory.tap('sixth-platform', (factory) => {
          factory.hooks.afterResolve.tap('sixth-platform', (resolved) => {
            const module = resolved.createData;
            if (module.resource !== REGISTRY || resolved.contextInfo.issuer === SIX_PLATFORMS) return;
            // The request names the module too: left alone, both files would be one module to webpack.
            module.resource = SIX_PLATFORMS;
            module.request = module.request?.replace(REGISTRY, SIX_PLATFORMS);
            module.userRequest = module.userRequest?.replace(REGISTRY, SIX_PLATFORMS);
          });
        });
      },
    },
  ],
});

test('runs in flight replay unchanged on workers that have a sixth platform', async () => {
  const workflowBundle = await bundleWorkflows({
    webpackConfigHook: withSixthPlatform,
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error: console.error },
  });
  // Workflow code reads no registry at all: each run's platforms come from its history.
  expect(workflowBundle.code).not.toContain('defaultBaseUrl');
  for (const file of files) {
    const history = JSON.parse(readFileSync(join(HISTORIES, file), 'utf8')) as unknown;
    await expect(Worker.runReplayHistory({ workflowBundle, replayName: file }, history)).resolves.toBeUndefined();
  }
}, 120_000);

/**
 * A brand diagnosis of the patched build, before Worker Versioning, recorded on a loaded machine (first
 * 19 events): its platform-list local activity outlasted its workflow task, so the next patch marker
 * landed one task later than a quiet run puts it. This build makes no patch markers at all: it cannot
 * replay the run either, and docs/operations-replay.md says how an operator resets such a run.
 */
const LOADED_RUN = sharedFile('fixtures', 'histories', 'brand-local-activity-across-task.json');

test('a diagnosis of the patched build recorded under load does not replay on this build (docs/operations-replay.md)', async () => {
  const history = JSON.parse(readFileSync(LOADED_RUN, 'utf8')) as unknown;
  await expect(
    Worker.runReplayHistory(
      { workflowBundle: { codePath: currentWorkflowBundlePath() }, replayName: 'brand-local-activity-across-task' },
      history,
    ),
  ).rejects.toThrow(/\[TMPRL1100\] Nondeterminism error: Non-deprecated patch marker encountered for change recorded-platform-list/);
});

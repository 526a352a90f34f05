import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, type BundleOptions } from '@temporalio/worker';
import { bundleWorkflows } from '../../worker/workflow-bundle';
import { currentWorkflowBundlePath, sharedFile } from '../support/paths';

/** Histories of real runs (npm run record-histories); today's workflow code must replay each of them. */
const HISTORIES = join(__dirname, '..', 'fixtures', 'histories');
const files = readdirSync(HISTORIES).filter((file) => file.endsWith('.json'));

test('there are recorded histories to replay', () => {
  expect(files).toEqual(expect.arrayContaining(['site-check.json', 'brand-diagnosis.json', 'article-check.json']));
});

test.each(files)('the workflow code replays %s deterministically', async (file) => {
  const history = JSON.parse(readFileSync(join(HISTORIES, file), 'utf8')) as unknown;
  await expect(Worker.runReplayHistory({ workflowBundle: { codePath: currentWorkflowBundlePath() }, replayName: file }, history)).resolves.toBeUndefined();
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
  const workflowBundle = await bundleWorkflows({ webpackConfigHook: withSixthPlatform, logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error: console.error } });
  // Workflow code reads no registry at all: each run's platforms come from its history.
  expect(workflowBundle.code).not.toContain('defaultBaseUrl');
  for (const file of files) {
    const history = JSON.parse(readFileSync(join(HISTORIES, file), 'utf8')) as unknown;
    await expect(Worker.runReplayHistory({ workflowBundle, replayName: file }, history)).resolves.toBeUndefined();
  }
}, 120_000);

/**
 * A brand diagnosis recorded on a loaded machine (first 19 events): its platform-list local activity
 * outlasted its workflow task, so the next patch marker landed one task later than a quiet run puts it.
 */
const LOADED_RUN = sharedFile('fixtures', 'histories', 'brand-local-activity-across-task.json');

test('a diagnosis whose local activity outlasted its workflow task does not replay with the patched code', async () => {
  const history = JSON.parse(readFileSync(LOADED_RUN, 'utf8')) as unknown;
  await expect(Worker.runReplayHistory({ workflowBundle: { codePath: currentWorkflowBundlePath() }, replayName: 'brand-local-activity-across-task' }, history)).rejects.toThrow(
    /Nondeterminism error: Non-deprecated patch marker encountered for change analysis-on-platform-queue/,
  );
});

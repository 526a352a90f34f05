import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from '@temporalio/worker';
import { currentWorkflowBundlePath } from '../support/paths';

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

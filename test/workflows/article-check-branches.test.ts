import { ApplicationFailure } from '@temporalio/common';
import { FAILURE } from '../../contract/failures';
import { progressQuery } from '../../contract/workflow-contract';
import type { ArticleReport } from '../../domain/article/report-schema';
import { nonRetryable, rootFailureOf } from '../support/fake-failures';
import { recordedCheck } from '../support/recorded-check';
import type { articleCheckWorkflow } from '../../workflows/article-check';

/** The article check's branches on the time-skipping test server, with the recorded run's results as pure fakes. */

const {
  run: article,
  start,
  saved,
  asked,
} = recordedCheck<typeof articleCheckWorkflow, ArticleReport>('article-check', 'articleCheckWorkflow');

test('every stage answering: the planned questions asked of every platform, one snapshot with the outcome’s verdict', async () => {
  const handle = await start();
  const outcome = await handle.result();
  expect(asked()).toHaveLength(10);
  expect(saved()).toHaveLength(1);
  expect(saved()[0]).toMatchObject({
    kind: 'article',
    snapshotId: outcome.snapshotId,
    report: { verdict: { summary: outcome.scores.summary } },
  });
  expect(saved()[0]!.report.answers).toHaveLength(10);
  expect((await handle.query(progressQuery)).finished).toBe(true);
});

test('a page with no article: the check fails with the reason and asks no platform', async () => {
  article.replaced.fetchArticle = async () => {
    throw ApplicationFailure.create({ type: FAILURE.noArticle, nonRetryable: true, message: 'The page has no article: 40 words of text' });
  };
  const handle = await start();
  expect(await rootFailureOf(handle.result())).toMatchObject({
    type: FAILURE.noArticle,
    message: 'The page has no article: 40 words of text',
  });
  expect(asked()).toEqual([]);
  expect(saved()).toEqual([]);
  expect((await handle.query(progressQuery)).steps).toContainEqual(
    expect.objectContaining({ stage: 'article', status: 'failed', message: 'The page has no article: 40 words of text' }),
  );
});

test('questions that cannot be planned: the check fails, asks no platform and stores nothing', async () => {
  article.replaced.planArticleQuestions = async () => {
    throw nonRetryable('planning the questions');
  };
  await rootFailureOf((await start()).result());
  expect(asked()).toEqual([]);
  expect(saved()).toEqual([]);
});

test('every platform failing: the report is stored with every answer an error and nothing covered', async () => {
  article.replaced.askPlatform = async (question) => {
    throw nonRetryable(`asking ${question.platformId}`);
  };
  const outcome = await (await start()).result();
  expect(saved()[0]!.report.answers.every((answer) => answer.status === 'error')).toBe(true);
  expect(outcome.scores.coverage).toBe(0);
  expect(outcome.scores.urlCitationRate).toBe(0);
});

import { progressQuery } from '../../contract/workflow-contract';
import type { BrandReport } from '../../domain/brand/report/report-schema';
import { nonRetryable, retryable, rootFailureOf } from '../support/fake-failures';
import { recordedCheck } from '../support/recorded-check';
import type { brandDiagnosisWorkflow } from '../../workflows/brand-diagnosis';

/** The brand diagnosis's branches on the time-skipping test server, with the recorded run's results as pure fakes. */

const {
  run: brand,
  start,
  saved,
  asked,
} = recordedCheck<typeof brandDiagnosisWorkflow, BrandReport>('brand-diagnosis', 'brandDiagnosisWorkflow');

test('every stage answering: each planned question asked of every platform, one snapshot with the outcome’s stage', async () => {
  const handle = await start();
  const outcome = await handle.result();
  expect(asked()).toHaveLength(15);
  expect(saved()).toHaveLength(1);
  expect(saved()[0]).toMatchObject({ kind: 'brand', snapshotId: outcome.snapshotId, report: { stage: outcome.scores.stage } });
  expect(saved()[0]!.report.answers).toHaveLength(15);
  const progress = await handle.query(progressQuery);
  expect(progress.finished).toBe(true);
  expect(progress.steps.filter((step) => step.stage.startsWith('ask:') && step.status === 'done')).toHaveLength(15);
});

test('questions that cannot be planned: the diagnosis fails, asks no platform and stores nothing', async () => {
  brand.replaced.planDiagnosis = async () => {
    throw nonRetryable('planning the questions');
  };
  const handle = await start();
  await rootFailureOf(handle.result());
  expect(asked()).toEqual([]);
  expect(saved()).toEqual([]);
  expect((await handle.query(progressQuery)).steps).toContainEqual(expect.objectContaining({ stage: 'questions', status: 'failed' }));
});

test('every platform failing: stored, with no figures invented, stage invisible, and "run it again" first', async () => {
  brand.replaced.askPlatform = async (question) => {
    throw nonRetryable(`asking ${question.platformId}`);
  };
  const outcome = await (await start()).result();
  const { report } = saved()[0]!;
  expect(report.answers.every((answer) => answer.status === 'error')).toBe(true);
  expect(report.metrics.answers).toBe(0);
  expect(report.stage).toBe('invisible');
  expect(outcome.scores.stage).toBe('invisible');
  expect(report.conclusion).toMatch(/No platform gave a usable answer/);
  expect(report.actionPlan[0]).toMatchObject({ action: 'Run the diagnosis again once the platforms answer' });
});

describe('demand, where DataForSEO is configured', () => {
  beforeEach(() => {
    brand.replaced.runSettings = async (choice) => ({ ...(await brand.recorded.runSettings(choice)), demand: true });
  });

  test('measured: one request per endpoint on the demand queue, the volumes on the questions, the rates weighted', async () => {
    brand.replaced.measureDemand = async (request) => ({
      endpoint: request.endpoint,
      volumes: request.phrases.map((phrase, index) => ({ phrase, volume: index % 2 === 0 ? 500 + index : null, month: '2026-10' })),
      costUsd: 0.001,
    });
    await (await start()).result();
    expect(brand.calls.measureDemand?.map((call) => (call as { endpoint: string }).endpoint)).toEqual(['ai', 'google']);
    const { report } = saved()[0]!;
    expect(report.questions.every((question) => question.demand?.source === 'dataforseo')).toBe(true);
    expect(report.demand).toMatchObject({ status: 'measured', costUsd: 0.002, weighted: { of: expect.any(Number) } });
    expect(report.demand!.weighted!.questions).toBeGreaterThan(0);
  });

  test('failing through every attempt: the diagnosis is stored whole, its volumes null with the reason', async () => {
    let attempts = 0;
    brand.replaced.measureDemand = async () => {
      attempts += 1;
      throw retryable('DataForSEO');
    };
    const handle = await start();
    await handle.result();
    // Two requests, each through its four attempts.
    expect(attempts).toBe(8);
    const { report } = saved()[0]!;
    expect(report.answers).toHaveLength(15);
    expect(report.demand!.errors!.map((error) => error.endpoint)).toEqual(['ai', 'google']);
    const reason = report.demand!.errors![0]!.reason;
    expect(reason).not.toBe('');
    expect(
      report.questions.every((question) => question.demand!.aiSearchVolume === null && question.demand!.reason?.includes(reason)),
    ).toBe(true);
    expect((await handle.query(progressQuery)).steps).toContainEqual(expect.objectContaining({ stage: 'demand:ai', status: 'failed' }));
  });
});

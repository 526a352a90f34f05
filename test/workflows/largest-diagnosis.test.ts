/**
 * A brand diagnosis at the largest settings (20 questions × 5 runs × 5 platforms, answers stored at
 * 8,000 characters) on the real dev server: its report is several megabytes, more than Temporal lets
 * one payload carry (2 MB), and it still completes, with every answer stored.
 */
import { temporal as proto } from '@temporalio/proto';
import { ASSISTANTS } from '../../domain/shared/platforms';
import { CheckClient } from '../../infra/check-client';
import { BRAND, BRAND_DOMAIN, KEYWORD } from '../../dev/brand-answers';
import { testConfig } from '../support/config';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { allowedHostsOf } from '../../domain/shared/config';

const PAYLOAD_LIMIT = 2 * 1024 * 1024;
const HISTORY_LIMIT = 50 * 1024 * 1024;

let platforms: VendorStandIns;
let temporal: TestTemporal;
let checks: CheckClient;

/** 10,000 characters naming the brand second, with accents and CJK (three UTF-8 bytes a character) so bytes outgrow characters. */
function longAnswer(question: string): string {
  const head = `For “${question}”:\n\n1. **Asana** – flexible task tracking.\n2. **${BRAND}** – Gantt charts for small teams.\n3. **Trello** – simple boards.\n\n`;
  const filler = 'Überblick: café-style planning, 项目管理软件的比较。 ';
  return (head + filler.repeat(Math.ceil(10_000 / filler.length))).slice(0, 10_000);
}

beforeAll(async () => {
  platforms = await startVendorStandIns();
  for (const platform of ASSISTANTS)
    platforms.setBehaviour(platform.id, { answer: longAnswer, citations: [`https://${BRAND_DOMAIN}/features`] });
  const config = testConfig({
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify(platforms.fetchOverrides()),
    BRAND_QUESTIONS: '20',
    BRAND_RUNS: '5',
  });
  temporal = await startTestTemporal(config);
  checks = new CheckClient(temporal.client, config.temporal, allowedHostsOf(config), temporal.store);
}, 120_000);
afterAll(async () => {
  await temporal?.close();
  await platforms?.close();
});

/** The run's history, five events a page: the whole of it, and twenty of its largest events, are more than one gRPC message (4 MB) may carry. */
async function historyOf(workflowId: string): Promise<proto.api.history.v1.IHistoryEvent[]> {
  const events: proto.api.history.v1.IHistoryEvent[] = [];
  let nextPageToken: Uint8Array | undefined;
  do {
    const page = await temporal.client.workflowService.getWorkflowExecutionHistory({
      namespace: temporal.client.options.namespace,
      execution: { workflowId },
      maximumPageSize: 5,
      nextPageToken,
    });
    events.push(...(page.history?.events ?? []));
    nextPageToken = page.nextPageToken?.length ? page.nextPageToken : undefined;
  } while (nextPageToken);
  return events;
}

test('a diagnosis of 500 long answers completes; no payload in its history nears 2 MB; the stored report has every answer', async () => {
  const started = await checks.start('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN });
  const { snapshotId, report } = await checks.result('brand', started.workflowId);

  expect(snapshotId).toBe(started.snapshotId);
  expect(report.questions).toHaveLength(20);
  expect(report.answers).toHaveLength(20 * 5 * ASSISTANTS.length);
  // Each answer read whole (the brand is named), then stored cut to 8,000 characters.
  expect(
    report.answers.every(
      (answer) => answer.status === 'answered' && answer.mentioned && answer.answer.length === 8_000 && answer.answer.endsWith('…'),
    ),
  ).toBe(true);
  expect(Buffer.byteLength(JSON.stringify(report))).toBeGreaterThan(PAYLOAD_LIMIT);

  const events = await historyOf(started.workflowId);
  const sizes = events.map((event) => proto.api.history.v1.HistoryEvent.encode(event).finish().length);
  expect(Math.max(...sizes)).toBeLessThan(PAYLOAD_LIMIT / 2);
  // Well within the 50 MB Temporal allows a run's history (about 13 MB here, answers heavy in three-byte characters).
  expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(HISTORY_LIMIT / 2);
  const completed = events.find((event) => event.workflowExecutionCompletedEventAttributes)!;
  const outcome = JSON.parse(
    Buffer.from(completed.workflowExecutionCompletedEventAttributes!.result!.payloads![0]!.data!).toString(),
  ) as unknown;
  expect(outcome).toEqual({
    snapshotId,
    kind: 'brand',
    scores: expect.objectContaining({ stage: report.stage, mentionRate: report.metrics.mentionRate.value }),
  });

  // The parts the report travelled in are gone once the snapshot is stored.
  expect(await temporal.mongo.db.collection('report_parts').countDocuments({ snapshotId })).toBe(0);
}, 600_000);

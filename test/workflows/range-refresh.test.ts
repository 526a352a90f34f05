import { setTimeout as sleep } from 'node:timers/promises';
import { startRangeFileStandIns, STAND_IN_RANGES, type RangeFileStandIns } from '../../dev/vendor-stand-ins/range-files';
import { RANGE_FILES } from '../../domain/traffic/range-files';
import { ensureRangeSchedule, RANGE_REFRESH_EVERY_MS, rangeScheduleId } from '../../infra/range-schedule';
import { VendorRangeStore, type StoredRangeFile } from '../../infra/vendor-range-store';
import { testConfig } from '../support/config';
import { startTestTemporal, type TestTemporal } from '../support/temporal';

let vendors: RangeFileStandIns;
let temporal: TestTemporal;
let ranges: VendorRangeStore;
const config = () => testConfig({ FETCH_ORIGIN_OVERRIDES: JSON.stringify(vendors.fetchOverrides()) });
let scheduleId: string;

beforeAll(async () => {
  vendors = await startRangeFileStandIns();
  const configured = config();
  temporal = await startTestTemporal(configured);
  ranges = new VendorRangeStore(temporal.mongo.db);
  scheduleId = rangeScheduleId(configured.temporal.taskQueue);
  await ensureRangeSchedule(temporal.client, configured.temporal);
}, 60_000);
afterAll(async () => {
  await temporal?.client.schedule
    .getHandle(scheduleId)
    .delete()
    .catch(() => undefined);
  await temporal?.close();
  await vendors?.close();
});

/** Waits until the stored files satisfy `done`. */
async function storedWhen(done: (files: Map<string, StoredRangeFile>) => boolean): Promise<Map<string, StoredRangeFile>> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const files = await ranges.all();
    if (done(files)) return files;
    await sleep(250);
  }
  throw new Error('the range files were not stored in time');
}

test('the schedule is daily, and its first run at creation stores every vendor file with its creationTime', async () => {
  const description = await temporal.client.schedule.getHandle(scheduleId).describe();
  expect(description.spec.intervals?.[0]?.every).toBe(RANGE_REFRESH_EVERY_MS);
  expect(description.action).toMatchObject({ type: 'startWorkflow', workflowType: 'rangeRefreshWorkflow' });

  const files = await storedWhen((stored) => stored.size === RANGE_FILES.length);
  expect(files.get('openai-gptbot')).toMatchObject({
    url: 'https://openai.com/gptbot.json',
    creationTime: '2026-11-20T15:46:03.000000',
    prefixes: STAND_IN_RANGES['openai-gptbot'],
  });
  // Amazon's, read from the JSON inside its HTML page, its host addresses (listed without a length) as /32; Google's IPv6 prefixes kept.
  expect(files.get('amazon-amazonbot')?.prefixes).toEqual(STAND_IN_RANGES['amazon-amazonbot']!.map((address) => `${address}/32`));
  expect(files.get('google-common-crawlers')?.prefixes).toContain('2001:4860:4801:10::/64');
}, 90_000);

test('a triggered run stores what vendors publish since; a vendor that fails keeps its last copy', async () => {
  await storedWhen((stored) => stored.size === RANGE_FILES.length);
  vendors.publish('anthropic-bots', { creationTime: '2026-11-25T01:00:00.000000', prefixes: ['160.79.104.0/23', '160.79.106.0/24'] });
  vendors.fail('microsoft-bingbot', 503);
  await temporal.client.schedule.getHandle(scheduleId).trigger();
  const files = await storedWhen((stored) => stored.get('anthropic-bots')?.creationTime === '2026-11-25T01:00:00.000000');
  expect(files.get('anthropic-bots')?.prefixes).toEqual(['160.79.104.0/23', '160.79.106.0/24']);
  expect(files.get('microsoft-bingbot')?.prefixes).toEqual(STAND_IN_RANGES['microsoft-bingbot']);
  expect(vendors.requests.get('microsoft-bingbot')).toBeGreaterThanOrEqual(2);
}, 90_000);

import type { CheckEvent } from '../../api/check-events';
import { ProgressHub } from '../../api/progress-hub';
import { FIXTURE_HOSTS } from '../../dev/fixture-sites';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { getForEvents, postForEvents } from '../support/sse-client';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

describe('POST /api/check (Server-Sent Events)', () => {
  test('step events, then exactly one report event, last; SSE headers', async () => {
    const { status, headers, events } = await postForEvents(gateway.app(), '/api/check', { url: FIXTURE_HOSTS.healthy });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(headers.get('cache-control')).toMatch(/no-cache/);
    expect(headers.get('x-accel-buffering')).toBe('no');
    expect(headers.get('x-ratelimit-limit')).toBe('20');

    expect(events[0]).toMatchObject({ type: 'step', stage: 'start', status: 'done' });
    const steps = events.slice(0, -1);
    expect(steps.length).toBeGreaterThan(10);
    expect(steps.every((event) => event.type === 'step' && typeof event.message === 'string' && typeof event.at === 'string')).toBe(true);
    const last = events.at(-1)!;
    expect(last).toMatchObject({
      type: 'report',
      snapshotUrl: `/report/${last.snapshotId as string}`,
      report: { domain: FIXTURE_HOSTS.healthy },
    });
    expect(events.filter((event) => event.type === 'report')).toHaveLength(1);
    // A person waits on it: first in line for the platforms' budgets, in turn with other clients.
    const description = await gateway.temporal.client.workflow.getHandle(events[0]!.checkId as string).describe();
    expect(description.priority).toMatchObject({ priorityKey: 1, fairnessKey: expect.stringMatching(/^client:[0-9a-f]{16}$/) });
  });

  test('a site that cannot be reached ends the stream with an error event', async () => {
    const { status, events } = await postForEvents(gateway.app(), '/api/check', { url: FIXTURE_HOSTS.dead });
    expect(status).toBe(200);
    expect(events.at(-1)).toEqual({ type: 'error', error: expect.stringMatching(/dead\.test could not be reached/) });
    expect(events.some((event) => event.type === 'report')).toBe(false);
  });

  test('bad input and unsupported hosts are plain JSON errors before any stream', async () => {
    const missing = await postForEvents(gateway.app(), '/api/check', {});
    expect(missing).toMatchObject({ status: 400, json: { error: 'url is required' }, events: [] });
    const local = await postForEvents(gateway.app(), '/api/check', { url: 'localhost' });
    expect(local).toMatchObject({ status: 422, json: { error: expect.stringMatching(/this machine/) } });
  });

  test('the 21st stream in an hour is refused with 429 JSON', async () => {
    const app = gateway.app();
    for (let i = 0; i < 20; i++) await postForEvents(app, '/api/check', {});
    const refused = await postForEvents(app, '/api/check', { url: FIXTURE_HOSTS.healthy });
    expect(refused).toMatchObject({ status: 429, json: { error: expect.any(String), resetAt: expect.any(String) } });
  });
});

test('GET /api/check/:checkId/events follows a check that is already running, to its report', async () => {
  const app = gateway.app();
  const started = await gateway.checks.start('site', { url: FIXTURE_HOSTS.healthy });
  const { status, headers, events } = await getForEvents(app, `/api/check/${encodeURIComponent(started.workflowId)}/events`);
  expect(status).toBe(200);
  expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(events.at(-1)).toMatchObject({ type: 'report', snapshotId: started.snapshotId });
  expect(events.filter((event) => event.type === 'step').length).toBeGreaterThan(5);

  const unknown = await getForEvents(
    app,
    `/api/check/${encodeURIComponent('site-check:nowhere.test:00000000-0000-4000-8000-000000000000')}/events`,
  );
  expect(unknown).toMatchObject({ status: 404, json: { error: 'no check with this id' } });
  expect((await getForEvents(app, '/api/check/not-an-id/events')).status).toBe(404);
});

test('the first event of a stream names the check, so a viewer can follow it again', async () => {
  const { events } = await postForEvents(gateway.app(), '/api/check', { url: FIXTURE_HOSTS.noRobots });
  expect(events[0]).toMatchObject({ type: 'step', stage: 'start', checkId: expect.stringMatching(/^site-check:no-robots\.test:/) });
});

test('several viewers of one check share one progress follower and see the same events', async () => {
  const hub = new ProgressHub(gateway.checks);
  const started = await gateway.checks.start('site', { url: FIXTURE_HOSTS.noRobots });
  const seen: CheckEvent[][] = [[], [], []];
  const done = seen.map(
    (events) =>
      new Promise<void>((resolve) => {
        hub.subscribe(started.workflowId, (event) => {
          events.push(event);
          if (event.type !== 'step') resolve();
        });
      }),
  );
  expect(hub.following).toBe(1);
  await Promise.all(done);
  expect(seen[1]).toEqual(seen[0]);
  expect(seen[2]).toEqual(seen[0]);
  expect(seen[0]!.at(-1)).toMatchObject({ type: 'report' });
  expect(hub.following).toBe(0);
});

import { MockActivityEnvironment } from '@temporalio/testing';
import { createCheckRobots } from '../../activities/robots';
import { trafficReportPage } from '../../api/kinds/traffic/traffic-report-page';
import { createFetchHomePage } from '../../activities/home-page';
import { createSiteAccess, type SiteAccess } from '../../activities/support/site-access';
import { createRobotsVerdicts } from '../../activities/traffic-robots';
import { startHttpFixture, type HttpFixture } from '../../dev/http-fixture';
import { composeReport } from '../../domain/site/compose';
import { composeTrafficReport } from '../../domain/traffic/compose';
import { emptyAggregate, emptyCrawler } from '../../domain/traffic/traffic-aggregate';
import { createMongo, type Mongo } from '../../infra/mongo';
import { SnapshotStore } from '../../infra/snapshot-store';
import { testConfig } from '../support/config';
import { uniqueName } from '../support/names';

/**
 * The robots.txt verdicts a crawler-traffic check sets beside the log, when they come from the domain's
 * recent site check: that check's report is made by the site check's own activities and composer from
 * a loopback site, stored in a MongoDB-wire store, and read back by the activity (all in Temporal's mock
 * activity context, which the site fetcher reads its cancellation from).
 */

const UNREADABLE = 'robots-down.test';
const BLOCKING = 'robots-blocks.test';

let fixture: HttpFixture;
let site: SiteAccess;
let mongo: Mongo;
let store: SnapshotStore;

beforeAll(async () => {
  fixture = await startHttpFixture((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (req.url === '/robots.txt') {
      if (host === UNREADABLE) return res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Home</title></head><body><h1>Home</h1></body></html>');
  });
  site = createSiteAccess({
    publicBaseUrl: 'http://localhost:3000',
    fetchOriginOverrides: { [UNREADABLE]: fixture.origin, [BLOCKING]: fixture.origin },
  });
  mongo = createMongo(testConfig().mongodbUri, uniqueName('test_traffic_robots').replace(/-/g, '_'));
  store = new SnapshotStore(mongo.db);
  await store.ensureIndexes();
});
afterAll(async () => {
  await site?.close();
  await fixture?.close();
  await mongo?.db.dropDatabase();
  await mongo?.client.close();
});

/** Runs an activity in Temporal's mock activity context, typed as the activity is. */
const inActivity = <A extends unknown[], R>(activity: (...args: A) => Promise<R>, ...args: A) =>
  new MockActivityEnvironment().run(activity, ...args) as Promise<R>;

/** A site check of the domain, as the site check's stages and composer make it, stored as its newest. */
async function siteCheckOf(domain: string): Promise<string> {
  const home = await inActivity(createFetchHomePage(site), { domain, host: domain, brand: 'Home' });
  const robots = await inActivity(createCheckRobots(site), home.finalUrl);
  const now = new Date();
  const report = composeReport({
    stages: { domain, home, robots, memory: [] },
    brand: 'Home',
    sources: [],
    requests: {},
    startedAt: now,
    finishedAt: now,
  });
  const snapshotId = uniqueName('site');
  await store.save({ snapshotId, kind: 'site', domain, createdAt: now, report });
  return snapshotId;
}

test('a recent site check that could not read robots.txt gives no robots.txt verdict, and the source says robots.txt was unavailable', async () => {
  const snapshotId = await siteCheckOf(UNREADABLE);
  const stored = await store.newestOf(UNREADABLE, 'site');
  // What the site check itself says: robots.txt unread, every crawler "blocked" by RFC 9309's rule.
  expect(stored?.kind === 'site' && stored.report.checks.find((check) => check.id === 'robots-txt')).toMatchObject({
    status: 'fail',
    detail: expect.stringContaining('could not be read') as unknown,
  });
  expect(stored?.kind === 'site' && stored.report.bots.find((bot) => bot.token === 'GPTBot')?.access).toBe('blocked');

  const verdicts = await inActivity(createRobotsVerdicts(store, site), UNREADABLE);
  expect(verdicts.access).toEqual({});
  expect(verdicts.source).toEqual({ source: 'site-check', snapshotId, checkedAt: stored!.createdAt.toISOString(), outcome: 'unavailable' });

  // Composed into a report: GPTBot fetched pages, and nothing claims robots.txt blocks it.
  const aggregate = emptyAggregate();
  const gptbot = (aggregate.crawlers.GPTBot = emptyCrawler());
  gptbot.requests = gptbot.verdicts.verified = gptbot.fetched.verified = 3;
  gptbot.statuses.verified['200'] = 3;
  const report = composeTrafficReport({
    domain: UNREADABLE,
    format: { name: 'combined' },
    aggregate,
    robots: verdicts,
    ranges: [],
    startedAt: new Date(),
    finishedAt: new Date(),
  });
  expect(report.crawlers[0]).toMatchObject({ token: 'GPTBot', robots: undefined });
  expect(report.contradictions).toEqual([]);
  expect(report.robots).toMatchObject({ source: 'site-check', outcome: 'unavailable' });
  const page = trafficReportPage(report, {
    snapshotUrl: '/report/t',
    csvUrl: '/api/v1/report/t/answers.csv',
    createdAt: new Date(),
    publicBaseUrl: 'http://localhost',
  }).toString();
  expect(page).toMatch(/No robots\.txt verdicts: the <a href="[^"]+">site check of [^<]+<\/a> could not read robots\.txt/);
});

test('a recent site check that read robots.txt gives its verdicts', async () => {
  const snapshotId = await siteCheckOf(BLOCKING);
  const verdicts = await inActivity(createRobotsVerdicts(store, site), BLOCKING);
  expect(verdicts.source).toMatchObject({ source: 'site-check', snapshotId, outcome: 'ok' });
  expect(verdicts.access).toMatchObject({ GPTBot: 'blocked', ClaudeBot: 'allowed' });
});

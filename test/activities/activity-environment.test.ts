import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createAskPlatform, type PlatformQuestion } from '../../activities/ask-platform';
import type { SiteLens } from '../../domain/site/lens';
import { createSiteAccess, type SiteAccess } from '../../activities/support/site-access';
import { createReadSitemaps } from '../../activities/sitemap';
import { FAILURE } from '../../contract/failures';
import { testConfig } from '../support/config';
import { startHttpFixture, type HttpFixture } from '../../dev/http-fixture';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { createAnswerTimes } from '../../infra/answer-times';

/** Activities alone, in Temporal's mock activity context (as the SDK's samples test them): retries and cancellation. */

let vendors: VendorStandIns;
let slowSite: HttpFixture;
let site: SiteAccess;
let abandoned: Promise<void>;

const QUESTION: PlatformQuestion<SiteLens> = {
  platformId: 'claude',
  question: 'What is Acme?',
  lens: { kind: 'site', domain: 'acme.test', brand: 'Acme' },
};

beforeAll(async () => {
  vendors = await startVendorStandIns();
  let cut: () => void = () => undefined;
  abandoned = new Promise((resolve) => (cut = resolve));
  // A sitemap that trickles out for a minute: only a cancellation stops reading it early.
  slowSite = await startHttpFixture((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.write('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const timer = setInterval(() => res.write('<url><loc>https://slow.test/a</loc></url>'), 200);
    const end = setTimeout(() => res.end('</urlset>'), 60_000);
    res.on('close', () => {
      clearInterval(timer);
      clearTimeout(end);
      if (!res.writableFinished) cut();
    });
  });
  site = createSiteAccess({ publicBaseUrl: 'http://localhost:3000', fetchOriginOverrides: { 'slow.test': slowSite.origin } });
});
afterAll(async () => {
  await site.close();
  await Promise.all([vendors.close(), slowSite.close()]);
});

test('a rate-limited answer fails the attempt with the wait the vendor asked for as the next retry delay', async () => {
  vendors.setBehaviour('claude', { failure: { kind: 'rate_limit', retryAfterSeconds: 3 } });
  const askPlatform = createAskPlatform(testConfig(vendors.env()), site, createAnswerTimes(undefined, 'answer-time'));
  const failure = await new MockActivityEnvironment().run(askPlatform, QUESTION).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ApplicationFailure);
  expect(failure).toMatchObject({ type: FAILURE.platformUnavailable, nonRetryable: false, nextRetryDelay: 3000 });
});

test('a refused key is not an attempt to retry: the reply is an error at once, naming the setting', async () => {
  vendors.setBehaviour('claude', { failure: { kind: 'unauthorized' } });
  const askPlatform = createAskPlatform(testConfig(vendors.env()), site, createAnswerTimes(undefined, 'answer-time'));
  const reply = await new MockActivityEnvironment().run(askPlatform, QUESTION);
  expect(reply).toMatchObject({ status: 'error', error: expect.stringContaining('ANTHROPIC_API_KEY') as unknown });
});

test('reading sitemaps stops when Temporal cancels the stage: a cancellation, not a result, and the download is cut', async () => {
  const environment = new MockActivityEnvironment();
  const reading = environment.run(createReadSitemaps(site), {
    homeUrl: 'https://slow.test/',
    domain: 'slow.test',
    declared: ['https://slow.test/sitemap.xml'],
    genericRules: [],
  });
  const outcome = reading.then(
    () => 'finished',
    (error: unknown) => error,
  );
  while (slowSite.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  environment.cancel();
  expect(await outcome).toBeInstanceOf(CancelledFailure);
  await abandoned;
});

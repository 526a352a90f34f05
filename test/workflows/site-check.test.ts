import { CRAWLERS } from '../../domain/shared/crawlers';
import { CheckClient, CheckError } from '../../infra/check-client';
import { testConfig } from '../support/config';
import { startVendorStandIns, type VendorStandIns } from '../../dev/vendor-stand-ins';
import { startFakeSearch, type FakeSearch } from '../support/fake-search';
import { FIXTURE_HOSTS, startFixtureSites, type FixtureSites } from '../../dev/fixture-sites';
import { startTestTemporal, type TestTemporal } from '../support/temporal';
import { allowedHostsOf } from '../../domain/shared/config';

let sites: FixtureSites;
let platforms: VendorStandIns;
let temporal: TestTemporal;
let checks: CheckClient;
let search: FakeSearch;

const KNOWN_ANSWER =
  'Acme Widgets (acme-widgets.test) is a well-known, reputable manufacturer of durable steel widgets for workshops and factories. ' +
  'It sells online and is highly rated by its customers for build quality. See https://acme-widgets.test/pricing for plans.';

beforeAll(async () => {
  [sites, platforms, search] = await Promise.all([startFixtureSites(), startVendorStandIns(), startFakeSearch()]);
  search.setResults('Docs', [
    { url: 'https://www.wikipedia.org/wiki/Documentation', title: 'Documentation' },
    { url: 'https://docs.test/guide', title: 'The Docs guide' },
  ]);
  platforms.setBehaviour('chatgpt', {
    answer: KNOWN_ANSWER,
    citations: ['https://acme-widgets.test/pricing', 'https://en.wikipedia.org/wiki/Widget'],
  });
  platforms.setBehaviour('claude', {
    answer:
      "I don't have any information about acme-widgets.test. It may be a small or new website; you could visit it directly or look up its WHOIS record.",
  });
  // Flaky: one 503, then an answer (retried by Temporal).
  platforms.setBehaviour('gemini', {
    answer: KNOWN_ANSWER,
    citations: ['https://en.wikipedia.org/wiki/Widget'],
    searchQueries: ['acme-widgets.test reviews'],
    failure: { kind: 'overloaded', times: 1 },
  });
  platforms.setBehaviour('perplexity', {
    answer: KNOWN_ANSWER,
    citations: ['https://acme-widgets.test/', 'https://www.trustpilot.com/review/acme-widgets.test'],
  });
  // Dead: the key is refused, which retrying cannot fix.
  platforms.setBehaviour('deepseek', { failure: { kind: 'unauthorized' } });

  const config = testConfig({
    ...platforms.env(),
    FETCH_ORIGIN_OVERRIDES: JSON.stringify({ ...sites.overrides, ...platforms.fetchOverrides() }),
    SEARXNG_URL: search.origin,
  });
  temporal = await startTestTemporal(config);
  checks = new CheckClient(temporal.client, config.temporal, allowedHostsOf(config), temporal.store);
});
afterAll(async () => {
  await temporal?.close();
  await Promise.all([sites?.close(), platforms?.close(), search?.close()]);
});

const check = (name: keyof typeof FIXTURE_HOSTS) => checks.run('site', { url: `https://${FIXTURE_HOSTS[name]}/` });
const checkById = (report: { checks: { id: string; status: string }[] }, id: string) => report.checks.find((entry) => entry.id === id);

test('a healthy site: a complete report, a flaky platform retried, a dead one reported as error, and a stored snapshot', async () => {
  const { snapshotId, report } = await check('healthy');

  expect(report.domain).toBe('acme-widgets.test');
  for (const score of [report.totalScore, report.crawlerScore, report.memoryScore]) {
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(100);
  }
  expect(report.totalScore).toBeCloseTo(0.4 * report.crawlerScore + 0.6 * report.memoryScore, 0);
  expect(report.crawlerScore).toBeGreaterThan(80);

  expect(report.bots).toHaveLength(CRAWLERS.length);
  expect(report.bots.find((bot) => bot.token === 'GPTBot')).toMatchObject({
    access: 'partial',
    operator: 'OpenAI',
    purpose: 'training',
    simulated: { status: 200, blocked: false },
  });
  expect(checkById(report, 'ai-answer-crawlers')?.status).toBe('pass');
  expect(checkById(report, 'llms-txt')?.status).toBe('pass');
  expect(checkById(report, 'sitemap')?.status).toBe('pass');
  expect(checkById(report, 'structured-data')?.status).toBe('pass');

  const memory = Object.fromEntries(report.memory.map((entry) => [entry.platform, entry]));
  expect(memory.ChatGPT).toMatchObject({
    status: 'known',
    reputation: 'positive',
    citations: expect.arrayContaining(['https://acme-widgets.test/pricing']),
  });
  expect(memory.Claude).toMatchObject({ status: 'unknown', reputation: 'unknown' });
  expect(memory.Gemini).toMatchObject({ status: 'known' });
  expect(memory.Perplexity).toMatchObject({ status: 'known', citations: expect.arrayContaining(['https://acme-widgets.test/']) });
  expect(memory.DeepSeek).toMatchObject({ status: 'error' });
  expect(memory.DeepSeek?.error).toMatch(/DeepSeek/);

  // What each assistant searched for, the pages it cited (Gemini's grounding links resolved), and what it cost.
  expect(memory.Gemini).toMatchObject({
    webSearch: true,
    searched: true,
    searchQueries: ['acme-widgets.test reviews'],
    citations: ['https://en.wikipedia.org/wiki/Widget'],
  });
  expect(report.memory.flatMap((entry) => entry.citations).some((url) => url.includes('grounding-api-redirect'))).toBe(false);
  expect(memory.ChatGPT?.searchQueries?.length).toBeGreaterThan(0);
  expect(memory.DeepSeek).toMatchObject({ searched: false, costUsd: 0 });
  const costs = report.memory.map((entry) => entry.costUsd ?? 0);
  expect(costs.filter((cost) => cost > 0)).toHaveLength(4);
  expect(report.costUsd).toBeCloseTo(
    costs.reduce((sum, cost) => sum + cost, 0),
    6,
  );

  expect(report.citedPages).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        url: 'https://acme-widgets.test/pricing',
        title: 'Pricing – Acme Widgets',
        count: 3,
        platforms: ['ChatGPT', 'Gemini', 'Perplexity'],
      }),
    ]),
  );
  expect(report.sources?.map((source) => source.domain)).toEqual(expect.arrayContaining(['en.wikipedia.org', 'trustpilot.com']));
  expect(report.issues.some((issue) => /Claude does not know/.test(issue.text))).toBe(true);
  expect(report.requests.total).toBeGreaterThan(0);

  const stored = await temporal.store.get(snapshotId);
  expect(stored).toMatchObject({ snapshotId, kind: 'site', domain: 'acme-widgets.test' });
  expect(await temporal.store.rankings(10)).toEqual([
    expect.objectContaining({ domain: 'acme-widgets.test', snapshotId, totalScore: report.totalScore }),
  ]);
});

test('progress is an ordered list of step events, each stage started then done', async () => {
  const started = await checks.start('site', { url: `https://${FIXTURE_HOSTS.noRobots}/` });
  const steps = [];
  for await (const step of checks.followSteps(started.workflowId)) steps.push(step);
  await checks.result('site', started.workflowId);
  expect(steps[0]).toMatchObject({ stage: 'normalise', status: 'started' });
  expect(steps.at(-1)).toMatchObject({ stage: 'snapshot', status: 'done' });
  for (const stage of ['home', 'robots', 'sitemap', 'crawlers', 'agent-files', 'memory:chatgpt']) {
    const events = steps.filter((step) => step.stage === stage).map((step) => step.status);
    expect(events[0]).toBe('started');
    expect(events).toHaveLength(2);
  }
});

test('a site that blocks AI crawlers in robots.txt', async () => {
  const { report } = await check('blocking');
  const access = Object.fromEntries(report.bots.map((bot) => [bot.token, bot.access]));
  expect(access).toMatchObject({
    GPTBot: 'blocked',
    ClaudeBot: 'blocked',
    PerplexityBot: 'blocked',
    'OAI-SearchBot': 'blocked',
    Googlebot: 'allowed',
  });
  expect(checkById(report, 'ai-answer-crawlers')?.status).toBe('fail');
  expect(report.issues[0]).toMatchObject({ level: 'critical', checkId: 'ai-answer-crawlers' });
  expect(report.issues[0]?.text).toMatch(/PerplexityBot/);
});

test('the 2026 signals: Content-Signal and Content-Usage said back, Markdown served to an agent that asks; bots[] keeps its 39', async () => {
  const { report } = await check('signals');
  const detail = (id: string) => report.checks.find((entry) => entry.id === id);
  expect(detail('content-signal')).toEqual({
    id: 'content-signal',
    name: 'Content-Signal in robots.txt',
    category: 'agents',
    status: 'info',
    detail: 'robots.txt states Content-Signal search=yes, ai-train=no (for all crawlers): it allows search and refuses AI training.',
  });
  expect(detail('content-usage')).toMatchObject({
    status: 'info',
    detail:
      'robots.txt states Content-Usage train-ai=no (for all crawlers on /blog/); the home page sends the header Content-Usage: train-ai=no, search=yes.',
  });
  expect(detail('markdown-negotiation')).toMatchObject({
    status: 'pass',
    detail: expect.stringMatching(
      /^The home page answers Accept: text\/markdown with Markdown \(text\/markdown; charset=utf-8, \d+ bytes, 42 tokens\)\.$/,
    ) as unknown,
  });
  expect(report.bots).toHaveLength(39);
  expect(report.bots.map((bot) => bot.token)).toEqual(CRAWLERS.map((crawler) => crawler.token));
  // The Markdown request is one more to the site, counted in the agent files' stage.
  expect(report.requests.byStage.agentFiles).toBe(8);
});

test('a site without the 2026 signals: each item says so, and none lowers the score or raises an issue', async () => {
  const { report } = await check('noRobots');
  const detail = (id: string) => report.checks.find((entry) => entry.id === id);
  expect(detail('content-signal')).toMatchObject({
    status: 'info',
    detail: expect.stringMatching(/^robots.txt has no Content-Signal line/) as unknown,
  });
  expect(detail('content-usage')).toMatchObject({
    status: 'info',
    detail: 'Neither robots.txt nor the home page states IETF aipref Content-Usage preferences.',
  });
  expect(detail('markdown-negotiation')).toMatchObject({
    status: 'info',
    detail:
      'Asked for Markdown (Accept: text/markdown), the home page answers 200 with text/html; charset=utf-8: agents get the HTML page.',
  });
  expect(report.issues.some((issue) => ['content-signal', 'content-usage', 'markdown-negotiation'].includes(issue.checkId ?? ''))).toBe(
    false,
  );
});

test('a WAF that refuses AI crawler User-Agents is found by the simulation', async () => {
  const { report } = await check('waf');
  expect(checkById(report, 'crawler-simulation')?.status).toBe('fail');
  expect(report.bots.find((bot) => bot.token === 'GPTBot')?.simulated).toEqual({ status: 403, blocked: true });
  expect(report.bots.find((bot) => bot.token === 'GPTBot')?.access).toBe('allowed');
});

test('a site that charges AI crawlers (pay per crawl 402 with crawler-price, x402 PAYMENT-REQUIRED): charged with the price, not blocked; its AI-use lines still read', async () => {
  const { report } = await check('paid');
  const bot = (token: string) => report.bots.find((entry) => entry.token === token);
  expect(bot('GPTBot')?.simulated).toEqual({ status: 402, blocked: false, charged: { scheme: 'pay-per-crawl', price: 'USD 0.01' } });
  expect(bot('ChatGPT-User')?.simulated).toEqual({ status: 402, blocked: false, charged: { scheme: 'pay-per-crawl', price: 'USD 0.01' } });
  expect(bot('Perplexity-User')?.simulated).toEqual({ status: 402, blocked: false, charged: { scheme: 'x402', price: 'USDC 0.01' } });
  const simulation = checkById(report, 'crawler-simulation') as { status: string; detail: string } | undefined;
  expect(simulation?.status).toBe('warn');
  expect(simulation?.detail).toMatch(/charges GPTBot \(USD 0\.01\)/);
  expect(simulation?.detail).toMatch(
    /ChatGPT-User \(USD 0\.01\), Claude-User \(USD 0\.01\), Perplexity-User \(USDC 0\.01\): unless the assistant pays/,
  );
  expect(simulation?.detail).not.toMatch(/refuses/);
  // The action plan says what being read costs.
  expect(report.issues.find((issue) => issue.checkId === 'crawler-simulation')?.fix).toMatch(
    /^Being read costs each AI crawler USD 0\.01, USDC 0\.01 per page/,
  );
  expect(checkById(report, 'content-signal')).toMatchObject({
    status: 'info',
    detail: expect.stringMatching(/Content-Signal search=yes, ai-input=yes, ai-train=no/) as unknown,
  });
  expect(checkById(report, 'content-usage')).toMatchObject({
    status: 'info',
    detail: expect.stringMatching(/Content-Usage train-ai=no/) as unknown,
  });
});

test('a site without robots.txt: every crawler "none", and a warning', async () => {
  const { report } = await check('noRobots');
  expect(new Set(report.bots.map((bot) => bot.access))).toEqual(new Set(['none']));
  expect(checkById(report, 'robots-txt')?.status).toBe('warn');
});

test('a JavaScript-only page is a finding', async () => {
  const { report } = await check('jsOnly');
  expect(checkById(report, 'page-text')?.status).toBe('fail');
  expect(report.pageSignals?.jsOnly).toBe(true);
});

test('an endless home page is cut at the size cap and the check completes', async () => {
  const { report } = await check('huge');
  expect(report.home.truncated).toBe(true);
  expect(report.home.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
  expect(report.pageSignals?.title?.length ?? 0).toBeLessThanOrEqual(300);
});

test('a site that redirects into a private address fails as unreachable, fetching nothing private and storing nothing', async () => {
  const error = await check('privateRedirect').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(CheckError);
  expect(error).toMatchObject({ status: 422 });
  expect(await temporal.store.newestOf('sneaky.test')).toBeNull();
});

test('a dead site fails as unreachable after a bounded retry', async () => {
  const error = await check('dead').catch((caught: unknown) => caught);
  expect(error).toMatchObject({ status: 422 });
  expect((error as Error).message).toMatch(/dead\.test could not be reached/);
});

test('input that is not a public domain is refused before any workflow starts', async () => {
  await expect(checks.start('site', { url: 'http://192.168.1.1/' })).rejects.toMatchObject({ status: 422 });
  await expect(checks.start('site', { url: 'ftp://example.com' })).rejects.toMatchObject({ status: 400 });
});

test('sitemap index with a gzip child, robots conflicts, stale dates; agent files; live search rank', async () => {
  const { report } = await check('docs');
  expect(report.sitemap).toMatchObject({
    source: 'robots',
    urlCount: 5,
    offSite: { count: 1, samples: ['https://elsewhere.example/page'] },
    blockedByRobots: { count: 1, samples: ['https://docs.test/private/draft'] },
    newestLastmod: '2019-03-01',
  });
  expect(report.sitemap?.documents.map((document) => [document.url, document.kind, document.compressed])).toEqual([
    ['https://docs.test/sitemap_index.xml', 'sitemapindex', false],
    ['https://docs.test/post-sitemap.xml.gz', 'urlset', true],
    ['https://docs.test/page-sitemap.xml', 'urlset', false],
  ]);
  expect(checkById(report, 'sitemap-freshness')?.status).toBe('warn');
  expect(checkById(report, 'sitemap-consistency')?.status).toBe('warn');

  expect(report.agentFiles?.files.filter((file) => file.present).map((file) => file.path)).toEqual([
    '/llms.txt',
    '/.well-known/ai-plugin.json',
  ]);
  expect(report.agentFiles?.llmsTxt).toMatchObject({ valid: false });
  expect(checkById(report, 'llms-txt')?.status).toBe('warn');

  expect(report.retrieval).toMatchObject({ status: 'ok', provider: 'searxng', found: true, bestRank: 2 });
  expect(checkById(report, 'live-retrieval')?.status).toBe('pass');
  expect(search.requests.map((request) => request.query.q)).toEqual(expect.arrayContaining(['Docs', 'Docs reviews']));
});

test('a gzip-bomb sitemap is stopped at the 50 MB limit and the check completes', async () => {
  const { report } = await check('bomb');
  expect(report.sitemap).toMatchObject({ exceedsLimits: true, documents: [expect.objectContaining({ compressed: true, tooLarge: true })] });
  expect(report.sitemap?.errors[0]).toMatch(/larger than the 50 MB sitemaps.org limit/);
});

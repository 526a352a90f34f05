import { createHash } from 'node:crypto';
import type { ArticleReport } from '../../../domain/article/report-schema';
import type { BrandReport } from '../../../domain/brand/report/report-schema';
import { fingerprint as fingerprintOf, reportConfiguration, type FingerprintParts } from '../../../domain/monitoring/fingerprint';
import { observe, type MonitoredReport } from '../../../domain/monitoring/observation';
import { seriesOf } from '../../../domain/monitoring/series';
import { wilson } from '../../../domain/shared/rate';
import type { Report } from '../../../domain/site/report';

const brandReport = {
  kind: 'brand',
  version: 1,
  keyword: 'Steel Widgets',
  brand: 'Acme',
  aliases: ['ACME Co'],
  questions: [
    { id: 'q1', text: 'best steel widgets?', intent: 'best-of', branded: false, source: 'template' },
    { id: 'q2', text: 'is Acme any good?', intent: 'reviews', branded: true, source: 'template' },
  ],
  answers: [
    { questionId: 'q1', platform: 'ChatGPT', run: 1, status: 'answered', mentioned: true, firstRecommended: true, brandCited: false },
    { questionId: 'q1', platform: 'Claude', run: 1, status: 'answered', mentioned: false, firstRecommended: false, brandCited: false },
    { questionId: 'q1', platform: 'Gemini', run: 1, status: 'error', mentioned: false, firstRecommended: false, brandCited: false },
    { questionId: 'q2', platform: 'ChatGPT', run: 1, status: 'answered', mentioned: true, firstRecommended: true, brandCited: true },
  ],
  metrics: {
    answers: 2,
    mentionRate: wilson(1, 2),
    firstRecommendationRate: wilson(1, 2),
    shareOfVoice: wilson(1, 3),
    citationRate: wilson(0, 2),
  },
  competitors: [
    { name: 'Globex', discovered: false },
    { name: 'Initech', discovered: true },
  ],
} as unknown as BrandReport;

const articleReport = {
  kind: 'article',
  version: 1,
  url: 'https://blog.example.com/post',
  questions: [{ id: 'a1', text: 'how do widgets rust?', source: 'template' }],
  answers: [
    { questionId: 'a1', platform: 'ChatGPT', status: 'answered', citesUrl: true },
    { questionId: 'a1', platform: 'Claude', status: 'answered', citesUrl: false },
  ],
  metrics: { answers: 2, coverage: 0.4, unionCoverage: 0.6, urlCitationRate: wilson(1, 2), domainCitationRate: wilson(1, 2) },
} as unknown as ArticleReport;

const siteReport = (robots: 'pass' | 'warn' | 'fail', gptBot: string, llms: boolean) =>
  ({
    version: 1,
    domain: 'example.com',
    totalScore: 71.5,
    crawlerScore: 80,
    memoryScore: 66,
    checks: [
      { id: 'robots-txt', name: 'robots.txt', status: robots, category: 'robots', detail: 'robots.txt was read.' },
      { id: 'llms-txt', name: 'llms.txt', status: llms ? 'pass' : 'warn', category: 'llms', detail: '…' },
    ],
    bots: [{ token: 'GPTBot', access: gptBot }],
    memory: [
      { platform: 'ChatGPT', status: 'known' },
      { platform: 'Claude', status: 'unknown' },
      { platform: 'Gemini', status: 'error' },
    ],
    agentFiles: {
      files: [],
      requests: 1,
      ...(llms ? { llmsTxt: { url: 'https://example.com/llms.txt', valid: true, sectionCount: 1, linkCount: 2, problems: [] } } : {}),
    },
  }) as unknown as Report;

const asBrand = (report: BrandReport): MonitoredReport => ({ kind: 'brand', report });
const asArticle = (report: ArticleReport): MonitoredReport => ({ kind: 'article', report });
const asSite = (report: Report): MonitoredReport => ({ kind: 'site', report });

test('a brand run: the four rates as counts, and each unbranded answer’s verdicts as evidence', () => {
  const observation = observe(asBrand(brandReport));
  expect(observation.rates).toEqual({
    mentionRate: { count: 1, total: 2 },
    firstRecommendationRate: { count: 1, total: 2 },
    shareOfVoice: { count: 1, total: 3 },
    citationRate: { count: 0, total: 2 },
  });
  expect(observation.answers).toEqual({
    'best steel widgets? × ChatGPT': { mentionRate: true, firstRecommendationRate: true, citationRate: false },
    'best steel widgets? × Claude': { mentionRate: false, firstRecommendationRate: false, citationRate: false },
  });
});

test('an article run: the URL citation rate and the union coverage', () => {
  const observation = observe(asArticle(articleReport));
  expect(observation).toMatchObject({ rates: { urlCitationRate: { count: 1, total: 2 } }, values: { unionCoverage: 0.6 } });
  expect(observation.answers).toEqual({
    'how do widgets rust? × ChatGPT': { urlCitationRate: true },
    'how do widgets rust? × Claude': { urlCitationRate: false },
  });
});

test('a site run: scores, platform statuses, crawler access, robots.txt and llms.txt presence', () => {
  const observation = observe(asSite(siteReport('pass', 'allowed', true)));
  expect(observation.values).toEqual({ totalScore: 71.5, crawlerScore: 80, memoryScore: 66 });
  expect(observation.platforms).toEqual({ ChatGPT: 'known', Claude: 'unknown', Gemini: 'error' });
  expect(observation.site).toMatchObject({ crawlers: { GPTBot: 'allowed' }, robotsTxt: true, llmsTxt: true });
  expect(observe(asSite(siteReport('warn', 'allowed', false))).site).toMatchObject({ robotsTxt: false, llmsTxt: false });
  // robots.txt unreadable: neither present nor absent, and no crawler verdicts to compare.
  expect(observe(asSite(siteReport('fail', 'blocked', true))).site).toMatchObject({ robotsTxt: undefined, crawlers: {} });
});

test('series: rates with their Wilson band, values, and one status series per platform; errors leave a gap', () => {
  const run = (index: number, stored: MonitoredReport, fingerprintValue = 'f1') => ({
    snapshotId: `s${index}`,
    at: `2026-11-0${index + 1}T00:00:00.000Z`,
    fingerprint: fingerprintValue,
    observation: observe(stored),
  });
  const brand = seriesOf('brand', [run(0, asBrand(brandReport)), run(1, asBrand(brandReport), 'f2')]);
  expect(brand.map((series) => series.metric)).toEqual(['mentionRate', 'firstRecommendationRate', 'shareOfVoice', 'citationRate']);
  // Demand measured in a later run only (docs/checks/brand.md, "Demand"): the weighted rate is a series from there on.
  const demanded = {
    ...brandReport,
    demand: { status: 'measured', weighted: { questions: 1, of: 1, answers: 2, mentionRate: 0.75, firstRecommendationRate: 0.5 } },
  } as BrandReport;
  const withDemand = seriesOf('brand', [run(0, asBrand(brandReport)), run(1, asBrand(demanded))]);
  expect(withDemand.find((series) => series.metric === 'demandWeightedMentionRate')?.points).toEqual([
    { at: '2026-11-02T00:00:00.000Z', snapshotId: 's1', fingerprint: 'f1', value: 0.75 },
  ]);
  expect(brand[0]!.points[1]).toEqual({
    at: '2026-11-02T00:00:00.000Z',
    snapshotId: 's1',
    value: 0.5,
    low: 0.0945,
    high: 0.9055,
    count: 1,
    total: 2,
    fingerprint: 'f2',
  });
  const site = seriesOf('site', [run(0, asSite(siteReport('pass', 'allowed', true)))]);
  expect(site.map((series) => [series.metric, series.unit, series.points.map((point) => point.value)])).toEqual([
    ['totalScore', 'score', [71.5]],
    ['crawlerScore', 'score', [80]],
    ['memoryScore', 'score', [66]],
    ['platform:ChatGPT', 'status', [1]],
    ['platform:Claude', 'status', [0]],
    ['platform:Gemini', 'status', []],
  ]);
});

const fingerprint = (parts: FingerprintParts) => fingerprintOf(parts, (text) => createHash('sha256').update(text).digest('hex'));

describe('the configuration fingerprint', () => {
  const platforms = [
    { id: 'chatgpt', model: 'gpt-4o-mini-search-preview', webSearch: true },
    { id: 'claude', model: 'claude-sonnet-4-6', webSearch: true },
  ];
  const base = { kind: 'brand' as const, ...reportConfiguration(asBrand(brandReport)), platforms };

  test('stable: the order of questions and platforms does not matter', () => {
    expect(fingerprint(base)).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint({ ...base, questions: [...base.questions].reverse(), platforms: [...platforms].reverse() })).toBe(fingerprint(base));
  });

  test.each([
    ['the question set', { questions: ['another question'] }],
    ['a model', { platforms: [platforms[0]!, { ...platforms[1]!, model: 'claude-opus-4' }] }],
    ['web search off', { platforms: [platforms[0]!, { ...platforms[1]!, webSearch: false }] }],
    ['a platform fewer', { platforms: [platforms[0]!] }],
    ['the report version', { reportVersion: 2 }],
    ['the target', { target: { keyword: 'other' } }],
    ['the kind', { kind: 'article' as const }],
  ])('changes with %s', (_what, change) => {
    expect(fingerprint({ ...base, ...change })).not.toBe(fingerprint(base));
  });

  test('the target of each kind: brand names case-folded, given competitors only; the article URL; the site domain', () => {
    expect(reportConfiguration(asBrand(brandReport)).target).toEqual({
      keyword: 'steel widgets',
      brand: 'acme',
      domain: null,
      aliases: ['ACME Co'],
      competitors: ['globex'],
      runs: 1,
    });
    expect(reportConfiguration(asArticle(articleReport))).toEqual({
      target: { url: 'https://blog.example.com/post' },
      questions: ['how do widgets rust?'],
      reportVersion: 1,
    });
    expect(reportConfiguration(asSite(siteReport('pass', 'allowed', true))).target).toEqual({ domain: 'example.com' });
  });
});

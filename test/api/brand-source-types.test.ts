import request from 'supertest';
import type { BrandReport } from '../../domain/brand/report/report-schema';
import { brandSummary } from '../../api/kinds/brand/summary';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';

/**
 * A diagnosis through the API whose answers cite the brand's site, two competitors' (one given with
 * its domain, one found by its name in the host), a Reddit thread, a YouTube video, Wikipedia, a
 * .gov page and an Amazon listing: each cited site typed, the shares of each type per platform, and
 * the Reddit thread (cited where competitors are named and the brand is not) listed as a thread to join.
 */
let gateway: TestGateway;

const BRAND = 'Kestrel Plan';
const REDDIT = 'https://www.reddit.com/r/projectmanagement/comments/1abc23/which_planner_for_a_small_team/';
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const WIKIPEDIA = 'https://en.wikipedia.org/wiki/Gantt_chart';
const GOV = 'https://www.sba.gov/business-guide/manage-your-business/project-planning';
const AMAZON = 'https://www.amazon.com/dp/B0C1234567';
const OWN = 'https://kestrelplan.com/features';
const GIVEN = 'https://rivalworks.example/pricing';
const NAMED = 'https://app.planright.io/tour';

const RIVALS_ONLY = [
  'The planners most teams pick:',
  '',
  '1. **PlanRight** – timelines and workload views.',
  '2. **Rival Works** – simple boards with a free tier.',
  '3. **Taskwise** – good for agencies.',
].join('\n');
const WITH_BRAND = [
  'The planners most teams pick:',
  '',
  `1. **${BRAND}** – Gantt charts for small teams.`,
  '2. **PlanRight** – timelines.',
].join('\n');

beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '3', BRAND_RUNS: '1' });
  // ChatGPT names the brand and cites its site and Wikipedia; the others name only rivals and cite the rest.
  gateway.platforms.setBehaviour('chatgpt', { answer: WITH_BRAND, citations: [OWN, WIKIPEDIA] });
  for (const platform of ['claude', 'gemini', 'perplexity'] as const)
    gateway.platforms.setBehaviour(platform, { answer: RIVALS_ONLY, citations: [REDDIT, YOUTUBE, GOV, AMAZON, GIVEN, NAMED] });
  gateway.platforms.setBehaviour('deepseek', { answer: RIVALS_ONLY, citations: [] });
});
afterAll(() => gateway.close());

async function diagnose(body: Record<string, unknown>): Promise<{ report: BrandReport; id: string }> {
  const response = await postForEvents(gateway.app(), '/api/keywords', body);
  expect(response.status).toBe(200);
  const summary = response.events.at(-1)!;
  expect(summary.type).toBe('summary');
  const json = await request(gateway.app()).get(`/api/v1/report/${summary.reportId as string}`);
  return { report: json.body.report as BrandReport, id: summary.reportId as string };
}

describe('a diagnosis citing every kind of site', () => {
  let report: BrandReport;
  let id: string;
  beforeAll(async () => {
    ({ report, id } = await diagnose({
      keyword: 'project planning software',
      brand: BRAND,
      domain: 'kestrelplan.com',
      competitors: [{ name: 'Rival Works', domain: 'rivalworks.example' }, 'PlanRight'],
      platforms: ['chatgpt', 'claude', 'gemini', 'perplexity', 'deepseek'],
    }));
  }, 120_000);

  test('every cited domain is typed, in sources and in the sites to win', () => {
    const types = Object.fromEntries((report.sources ?? []).map((source) => [source.domain, source.type]));
    expect(types).toEqual({
      'kestrelplan.com': 'owned',
      'rivalworks.example': 'competitor',
      'app.planright.io': 'competitor',
      'reddit.com': 'ugc',
      'youtube.com': 'ugc',
      'en.wikipedia.org': 'reference',
      'sba.gov': 'institutional',
      'amazon.com': 'marketplace',
    });
    const gaps = Object.fromEntries((report.citationGaps ?? []).map((gap) => [gap.domain, gap.type]));
    expect(gaps).toMatchObject({ 'reddit.com': 'ugc', 'sba.gov': 'institutional', 'amazon.com': 'marketplace' });
    // Each answer's citations carry their types in the same order.
    // Without DataForSEO, demand is absent and says why.
    expect(report.demand).toEqual({ status: 'not-configured', reason: expect.stringMatching(/^not-configured/) });
    expect(report.questions.every((question) => question.demand === undefined)).toBe(true);
    const claude = report.answers.find((answer) => answer.platform === 'Claude')!;
    expect(claude.citationTypes).toEqual(['ugc', 'ugc', 'institutional', 'marketplace', 'competitor', 'competitor']);
  });

  test('the shares of each type, over all answers and per platform', () => {
    const rows = report.sourceTypes!;
    const all = rows.find((row) => !row.platform && !row.market)!;
    const answers = report.metrics.answers;
    const perAnswer = answers / 5;
    // ChatGPT's answers cite 2 pages, Claude's, Gemini's and Perplexity's 6, DeepSeek's none.
    expect(all.citations).toBe(perAnswer * (2 + 6 * 3));
    const share = (row: (typeof rows)[number], type: string) => row.types.find((entry) => entry.type === type)?.share;
    expect(share(all, 'ugc')).toBeCloseTo(6 / 20, 4);
    expect(share(all, 'owned')).toBeCloseTo(1 / 20, 4);
    const chatgpt = rows.find((row) => row.platform === 'ChatGPT')!;
    expect(chatgpt.types).toEqual([
      { type: 'owned', citations: perAnswer, share: 0.5 },
      { type: 'reference', citations: perAnswer, share: 0.5 },
    ]);
    const claude = rows.find((row) => row.platform === 'Claude')!;
    expect(Object.fromEntries(claude.types.map((entry) => [entry.type, entry.share]))).toEqual({
      ugc: 0.3333,
      competitor: 0.3333,
      institutional: 0.1667,
      marketplace: 0.1667,
    });
    expect(rows.find((row) => row.platform === 'DeepSeek')).toMatchObject({ citations: 0, types: [] });
  });

  test('the Reddit thread and the video are threads to join, with the competitors beside them, and the plan says so', async () => {
    const pages = report.ugcPages!;
    expect(pages.map((page) => page.url).sort()).toEqual([
      'https://reddit.com/r/projectmanagement/comments/1abc23/which_planner_for_a_small_team',
      'https://youtube.com/watch?v=dQw4w9WgXcQ',
    ]);
    expect(pages[0]).toMatchObject({
      answers: (report.metrics.answers / 5) * 3,
      competitors: expect.arrayContaining(['PlanRight', 'Rival Works']),
    });
    const join = report.actionPlan.find((action) => action.action.startsWith('Join these community threads'));
    expect(join?.action).toContain('reddit.com/r/projectmanagement/comments/1abc23');
    expect(join?.evidence.competitors).toEqual(expect.arrayContaining(['PlanRight']));

    const page = await request(gateway.app()).get(`/report/${id}`);
    expect(page.text).toContain('<h2>Threads to join</h2>');
    expect(page.text).toContain('href="https://reddit.com/r/projectmanagement/comments/1abc23/which_planner_for_a_small_team"');
    expect(page.text).toContain('<h2>Where the cited pages come from</h2>');
    expect(brandSummary(report, 'https://x.example/report')).toMatch(/## Threads to join\n- https:\/\/reddit\.com\/r\/projectmanagement/);
  });
});

test('a request types sites of its own, and an unknown type is a 400 naming it', async () => {
  const refused = await request(gateway.app())
    .post('/api/keywords')
    .send({ keyword: 'project planning software', brand: BRAND, sourceTypes: { 'sba.gov': 'goverment' } });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toContain('"goverment"');

  const { report } = await diagnose({
    keyword: 'project planning software',
    brand: BRAND,
    competitors: ['PlanRight'],
    sourceTypes: { 'reddit.com': 'social', 'rivalworks.example': 'editorial' },
    platforms: ['claude'],
  });
  const types = Object.fromEntries((report.sources ?? []).map((source) => [source.domain, source.type]));
  expect(types).toMatchObject({ 'reddit.com': 'social', 'rivalworks.example': 'editorial', 'app.planright.io': 'competitor' });
  // Only community pages are threads to join: the request made Reddit a social network.
  expect(report.ugcPages!.map((page) => page.domain)).toEqual(['youtube.com']);
}, 120_000);

import request from 'supertest';
import type { BrandReport } from '../../domain/brand/report/report-schema';
import { brandSummary } from '../../api/kinds/brand/summary';
import { brandData } from '../../api/kinds/brand/structured';
import type { StandInRequest } from '../../dev/vendor-stand-ins';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';

/**
 * Demand through the API with DataForSEO's stand-in (docs/checks/brand.md, "Demand"): a diagnosis in
 * two markets sends one AI-volume and one Google-volume request per market, never a keyword Google
 * Ads refuses; every volume in the report is one the stand-in served for that phrase and market, or
 * null where it served none (left out, null or 0); the rates weighted by AI search volume follow from
 * the answers; a provider that refuses the login leaves demand null with the reason, the diagnosis whole.
 */
let gateway: TestGateway;

const BRAND = 'Kestrel Plan';
const AI_PATH = '/dataforseo/v3/ai_optimization/ai_keyword_data/keywords_search_volume/live';
const GOOGLE_PATH = '/dataforseo/v3/keywords_data/google_ads/search_volume/live';

/** What the stand-in served, by endpoint, location and keyword: a number, null, 0, or left out (undefined). */
const served = new Map<string, number | null | undefined>();
/** A fixed spread over the keywords, so that each market gets volumes, nulls, zeros and omissions. */
function volumeFor(endpoint: 'ai' | 'google', keyword: string, place: Record<string, unknown>): number | null | undefined {
  const code = [...`${endpoint}${keyword}${String(place.location_code)}`].reduce(
    (sum, char) => (sum * 31 + char.charCodeAt(0)) % 100_003,
    7,
  );
  const volume = [undefined, null, 0, 40 + (code % 50) * 10, 1200 + (code % 7) * 100, 9000][code % 6];
  served.set(`${endpoint}|${String(place.location_code)}|${keyword.toLowerCase()}`, volume);
  return volume;
}

const NAMES_BRAND = `The planners most teams pick:\n\n1. **${BRAND}** – Gantt charts for small teams.\n2. **PlanRight** – timelines.`;
const RIVALS_ONLY = 'The planners most teams pick:\n\n1. **PlanRight** – timelines.\n2. **Taskwise** – good for agencies.';

beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '5', BRAND_RUNS: '1' }, {}, 'dataforseo');
  // The brand is named in answers to some questions only, so the weighting moves the rate.
  const answer = (question: string) => (question.length % 3 === 0 ? NAMES_BRAND : RIVALS_ONLY);
  for (const platform of ['chatgpt', 'claude'] as const) gateway.platforms.setBehaviour(platform, { answer, citations: [] });
  gateway.platforms.setDemand({
    ai: (keyword, place) => volumeFor('ai', keyword, place),
    google: (keyword, place) => volumeFor('google', keyword, place),
  });
});
afterAll(() => gateway.close());

async function diagnose(body: Record<string, unknown>): Promise<{ report: BrandReport; id: string }> {
  const response = await postForEvents(gateway.app(), '/api/keywords', { brand: BRAND, platforms: ['chatgpt', 'claude'], ...body });
  expect(response.status).toBe(200);
  const summary = response.events.at(-1)!;
  expect(summary.type).toBe('summary');
  const json = await request(gateway.app()).get(`/api/v1/report/${summary.reportId as string}`);
  return { report: json.body.report as BrandReport, id: summary.reportId as string };
}

const LOCATION: Record<string, number> = { 'US-en': 2840, 'DE-de': 2276 };
const bodyOf = (entry: StandInRequest) => (entry.body as Record<string, unknown>[])[0]!;

describe('a diagnosis in two markets with DataForSEO', () => {
  let report: BrandReport;
  let id: string;
  let since: number;
  beforeAll(async () => {
    since = gateway.platforms.requests.length;
    ({ report, id } = await diagnose({
      keyword: 'project planning software for small construction firms with several sites and crews',
      markets: [
        { country: 'US', language: 'en' },
        { country: 'DE', language: 'de' },
      ],
    }));
  }, 180_000);

  const sent = (path: string) => gateway.platforms.requests.slice(since).filter((entry) => entry.path === path);

  test('one AI-volume and one Google-volume request per market, none with a keyword Google Ads refuses', () => {
    expect(
      sent(AI_PATH)
        .map((entry) => bodyOf(entry).location_code)
        .sort(),
    ).toEqual([2276, 2840]);
    expect(
      sent(GOOGLE_PATH)
        .map((entry) => bodyOf(entry).location_code)
        .sort(),
    ).toEqual([2276, 2840]);
    for (const entry of sent(GOOGLE_PATH))
      for (const keyword of bodyOf(entry).keywords as string[]) {
        expect(keyword.length).toBeLessThanOrEqual(80);
        expect(keyword.split(/\s+/).length).toBeLessThanOrEqual(10);
      }
    // Every question's phrase was asked in its own market.
    for (const question of report.questions) {
      const asked = sent(AI_PATH).find((entry) => bodyOf(entry).location_code === LOCATION[question.market!])!;
      expect(bodyOf(asked).keywords).toContain(question.demand!.phrase);
    }
  });

  test('every volume is one the stand-in served for that phrase and market, or null where it served none', () => {
    const expected = (endpoint: 'ai' | 'google', market: string, phrase: string) => {
      const volume = served.get(`${endpoint}|${LOCATION[market]}|${phrase}`);
      return typeof volume === 'number' && volume > 0 ? volume : null;
    };
    expect(report.questions.length).toBe(10);
    const kinds = new Set<string>();
    for (const question of report.questions) {
      const { demand } = question;
      expect(demand).toMatchObject({ source: 'dataforseo' });
      expect(demand!.phrase.split(' ').length).toBeLessThanOrEqual(10);
      expect(demand!.aiSearchVolume).toBe(expected('ai', question.market!, demand!.phrase));
      expect(demand!.searchVolume).toBe(expected('google', question.market!, demand!.phrase));
      expect(demand!.month).toBe(demand!.aiSearchVolume === null && demand!.searchVolume === null ? null : '2026-10');
      kinds.add(String(served.get(`ai|${LOCATION[question.market!]}|${demand!.phrase}`)));
    }
    // The stand-in served volumes and each form of no data: the report never says 0.
    expect(kinds.size).toBeGreaterThan(2);
    expect(report.questions.some((question) => question.demand!.aiSearchVolume !== null)).toBe(true);
    expect(report.questions.some((question) => question.demand!.aiSearchVolume === null)).toBe(true);
    expect(JSON.stringify(report.questions.map((question) => question.demand))).not.toMatch(/Volume":0/);
    // The keyword's own demand, per market.
    expect(report.demand!.keyword!.map((entry) => entry.market)).toEqual(['US-en', 'DE-de']);
    for (const entry of report.demand!.keyword!) expect(entry.aiSearchVolume).toBe(expected('ai', entry.market!, entry.phrase));
  });

  test('questions are listed by demand, and the rates are weighted by AI search volume over the questions with data', () => {
    const volumes = report.questions.map((question) => question.demand!.aiSearchVolume ?? -1);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));

    const weight = new Map(report.questions.map((question) => [question.id, question.demand!.aiSearchVolume]));
    const branded = new Set(report.questions.filter((question) => question.branded).map((question) => question.id));
    const counted = report.answers.filter(
      (answer) => answer.status === 'answered' && !branded.has(answer.questionId) && weight.get(answer.questionId) != null,
    );
    const total = counted.reduce((sum, answer) => sum + weight.get(answer.questionId)!, 0);
    const named = counted.filter((answer) => answer.mentioned).reduce((sum, answer) => sum + weight.get(answer.questionId)!, 0);
    expect(total).toBeGreaterThan(0);
    const weighted = report.demand!.weighted!;
    expect(weighted.mentionRate).toBeCloseTo(named / total, 4);
    expect(weighted.answers).toBe(counted.length);
    expect(weighted.questions).toBe(
      report.questions.filter((question) => !question.branded && question.demand!.aiSearchVolume !== null).length,
    );
    expect(weighted.of).toBe(report.questions.filter((question) => !question.branded).length);
    // The requests' cost is in the report's.
    expect(report.demand!.costUsd).toBeGreaterThan(0);
    expect(report.costUsd).toBeGreaterThanOrEqual(report.demand!.costUsd!);
  });

  test('the page, the export and the MCP report carry demand', async () => {
    const page = await request(gateway.app()).get(`/report/${id}`);
    expect(page.text).toContain('How many people ask');
    const jsonl = await request(gateway.app()).get(`/api/v1/report/${id}/answers.jsonl`);
    const rows = jsonl.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const byId = new Map(report.questions.map((question) => [question.id, question]));
    for (const row of rows) {
      const question = byId.get(row.questionId as string)!;
      expect(row.aiSearchVolume).toBe(question.demand!.aiSearchVolume);
      expect(row.searchVolume).toBe(question.demand!.searchVolume);
      expect(row.searchPhrase).toBe(question.demand!.phrase);
    }
    expect(brandSummary(report, 'https://x.example/report')).toMatch(/## Demand\n- Weighted by AI search volume/);
    const structured = brandData(id, report, (snapshotId) => `https://x.example/report/${snapshotId}`);
    expect(structured.demand).toEqual(report.demand);
    expect(structured.questions!.map((question) => question.demand)).toEqual(report.questions.map((question) => question.demand));
  });
});

test('a provider that refuses the login leaves demand null with the reason, and the diagnosis is whole', async () => {
  gateway.platforms.setProviderFailure('dataforseo', { kind: 'unauthorized' });
  try {
    const { report } = await diagnose({ keyword: 'field crew scheduling app' });
    expect(report.metrics.answers).toBeGreaterThan(0);
    expect(report.demand!.status).toBe('measured');
    expect(report.demand!.errors!.map((error) => error.endpoint).sort()).toEqual(['ai', 'google']);
    expect(report.demand!.errors![0]!.reason).toMatch(/DATAFORSEO_LOGIN/);
    for (const question of report.questions)
      expect(question.demand).toMatchObject({ aiSearchVolume: null, searchVolume: null, reason: expect.stringMatching(/login/) });
    expect(report.demand!.weighted).toMatchObject({ questions: 0, mentionRate: null });
  } finally {
    gateway.platforms.setProviderFailure('dataforseo', undefined);
  }
}, 120_000);

import request from 'supertest';
import { answerMarketQuestions, MARKET_BRAND } from '../../dev/market-answers';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { postForEvents } from '../support/sse-client';
import { tableRows } from '../support/html-table';

/**
 * Diagnoses in markets, end to end through the API with the vendors' stand-ins (docs/markets.md): the questions in the market's language, each vendor's location parameter or the prompt
 * sentence in what the stand-ins received, each answer's market, and markets side by side.
 */

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ BRAND_QUESTIONS: '5', BRAND_RUNS: '1' });
  answerMarketQuestions(gateway.platforms);
});
afterAll(() => gateway.close());

interface Report {
  questions: { id: string; text: string; market?: string; branded: boolean }[];
  answers: {
    questionId: string;
    platform: string;
    status: string;
    mentioned: boolean;
    entities: { name: string }[];
    market?: { country: string; language: string; city?: string; appliedAs?: string };
  }[];
  markets?: { country: string; language: string; city?: string }[];
  byMarket?: { key: string; answers: number; mentionRate: { value: number; low: number; high: number } }[];
  marketDifferences?: { metric: string; higher: string; lower: string; text: string }[];
  competitors: { name: string }[];
}

const diagnose = async (body: Record<string, unknown>) => {
  const response = await postForEvents(gateway.app(), '/api/keywords', body);
  expect(response.status).toBe(200);
  const summary = response.events.at(-1)!;
  expect(summary.type).toBe('summary');
  return { reportId: summary.reportId as string, report: summary.report as Report };
};

/** The answer requests each stand-in received whose text holds the question. */
const received = (platform: string, question: string) =>
  gateway.platforms.requests.filter(
    (entry) =>
      entry.platform === platform && entry.method === 'POST' && JSON.stringify(entry.body).includes(JSON.stringify(question).slice(1, -1)),
  );

describe('a German diagnosis (market DE, de, Berlin)', () => {
  let report: Report;

  beforeAll(async () => {
    ({ report } = await diagnose({
      keyword: 'Staubsauger',
      brand: MARKET_BRAND,
      market: { country: 'de', language: 'de', city: 'Berlin' },
    }));
  }, 120_000);

  test('the questions are German, and the report names its market', () => {
    expect(report.markets).toEqual([{ country: 'DE', language: 'de', city: 'Berlin' }]);
    expect(report.questions[0]!.text).toBe('Was sind die besten Anbieter für Staubsauger? Nenne die wichtigsten Optionen.');
    expect(report.questions.every((question) => question.market === 'DE-de-Berlin')).toBe(true);
  });

  test('each vendor got the market its way: user_location for ChatGPT, Claude and Perplexity, a German sentence for Gemini and DeepSeek', () => {
    const question = report.questions[0]!.text;
    const tool = (platform: string) =>
      ((received(platform, question)[0]!.body as { tools: Record<string, unknown>[] }).tools.find((one) =>
        String(one.type).includes('web_search'),
      ) ?? {}) as Record<string, unknown>;
    expect(tool('chatgpt').user_location).toEqual({ type: 'approximate', country: 'DE', city: 'Berlin' });
    expect(tool('claude').user_location).toEqual({ type: 'approximate', country: 'DE', city: 'Berlin' });
    expect(tool('perplexity').user_location).toEqual({ country: 'DE', city: 'Berlin' });
    expect(JSON.stringify(received('gemini', question)[0]!.body)).toContain(`Mein Standort: Berlin, Deutschland. ${question}`);
    expect(JSON.stringify(received('deepseek', question)[0]!.body)).toContain(`Mein Standort: Berlin, Deutschland. ${question}`);
  });

  test('every answer records its market and how it was applied; the brand is read in German answers, sentence openings are not options', () => {
    const applied = Object.fromEntries(report.answers.map((answer) => [answer.platform, answer.market?.appliedAs]));
    expect(applied).toEqual({ ChatGPT: 'parameter', Claude: 'parameter', Perplexity: 'parameter', Gemini: 'prompt', DeepSeek: 'prompt' });
    expect(report.answers.every((answer) => answer.market?.country === 'DE' && answer.market.city === 'Berlin')).toBe(true);
    expect(
      report.answers
        .filter((answer) => !report.questions.find((question) => question.id === answer.questionId)!.branded)
        .every((answer) => answer.mentioned),
    ).toBe(true);
    const names = report.competitors.map((competitor) => competitor.name);
    expect(names).toEqual(expect.arrayContaining(['Dyson V15', 'Miele Complete C3']));
    expect(names.some((name) => /Staubsauger|Überblick|Klar|Natürlich|Insgesamt/u.test(name))).toBe(false);
  });
});

describe('a diagnosis over two markets: Germany and Japan, side by side', () => {
  let report: Report;
  let reportId: string;

  beforeAll(async () => {
    ({ report, reportId } = await diagnose({
      keyword: 'Staubsauger',
      brand: MARKET_BRAND,
      markets: [
        { country: 'DE', language: 'de' },
        { country: 'JP', language: 'ja' },
      ],
    }));
  }, 150_000);

  test('each market has its questions in its language; Japanese questions reach Claude with Japan in user_location and Gemini with a Japanese sentence', () => {
    const japanese = report.questions.filter((question) => question.market === 'JP-ja');
    expect(japanese[0]!.text).toBe('おすすめのStaubsaugerは何ですか？主な選択肢を挙げてください。');
    expect(report.questions.filter((question) => question.market === 'DE-de')).toHaveLength(japanese.length);
    expect(new Set(report.questions.map((question) => question.id)).size).toBe(report.questions.length);
    const tool = (received('claude', japanese[0]!.text)[0]!.body as { tools: Record<string, unknown>[] }).tools[0]!;
    expect(tool.user_location).toEqual({ type: 'approximate', country: 'JP' });
    expect(JSON.stringify(received('gemini', japanese[0]!.text)[0]!.body)).toContain(`私がいる場所：日本。${japanese[0]!.text}`);
  });

  test('byMarket gives each market its rates with intervals, and the difference beyond noise is named', () => {
    expect(report.byMarket!.map((row) => row.key)).toEqual(['DE-de', 'JP-ja']);
    const [germany, japan] = report.byMarket!;
    expect(germany!.mentionRate.value).toBe(1);
    expect(japan!.mentionRate.value).toBe(0);
    expect(germany!.answers).toBe(japan!.answers);
    expect(germany!.mentionRate.low).toBeGreaterThan(japan!.mentionRate.high);
    expect(report.marketDifferences).toEqual(
      expect.arrayContaining([expect.objectContaining({ metric: 'mentionRate', higher: 'Germany (de)', lower: 'Japan (ja)' })]),
    );
  });

  test('the report page shows the markets and the comparison table; the JSON carries them', async () => {
    const page = await request(gateway.app()).get(`/report/${reportId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 id="markets">Markets side by side</h2>');
    expect(page.text).toContain('Germany (de)');
    expect(page.text).toContain('Japan (ja)');
    expect(page.text).toMatch(/Mention rate: 100% in Germany \(de\) against 0% in Japan \(ja\)/);
    // The table a marketer reads: each market's rate with its interval, marked where it differs beyond noise.
    const rows = tableRows(page.text, 'table.markets');
    expect(rows.map((row) => [row[0], row[2]])).toEqual([
      ['Germany (de)', expect.stringMatching(/^100% \(\d+%–100%; (\d+)\/\1\) higher$/)],
      ['Japan (ja)', expect.stringMatching(/^0% \(0%–\d+%; 0\/\d+\) lower$/)],
    ]);
    const json = await request(gateway.app()).get(`/api/v1/report/${reportId}`);
    expect(json.body.report.byMarket).toHaveLength(2);
  });
});

describe('markets are checked before a run starts', () => {
  test.each([
    [{ market: { country: 'DE', language: 'de' }, markets: [{ country: 'JP', language: 'ja' }] }, /market or markets, not both/],
    [{ market: { country: 'Germany', language: 'de' } }, /ISO 3166-1 alpha-2/],
    [{ market: { country: 'DE', language: 'de_DE' } }, /BCP 47/],
    [{ markets: [] }, /markets is empty/],
    [{ markets: Array.from({ length: 6 }, () => ({ country: 'DE', language: 'de' })) }, /more than 5 markets/],
    [{ market: { country: 'DE', language: 'de', region: 'Bayern' } }, /region|Unrecognized/i],
  ])('%j → 400', async (markets, message) => {
    const response = await postForEvents(gateway.app(), '/api/keywords', { keyword: 'Staubsauger', brand: MARKET_BRAND, ...markets });
    expect(response).toMatchObject({ status: 400, events: [], json: { error: expect.stringMatching(message) } });
  });
});

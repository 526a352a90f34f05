import { demandRequests, withDemand, type DemandResult } from '../../../domain/brand/report/demand';
import { searchPhrase } from '../../../domain/brand/search-phrase';
import { KINDS } from '../../../domain/kinds';
import type { BrandReport } from '../../../domain/brand/report/report-schema';

/** Demand by itself: the requests a diagnosis sends, null never 0, questions by demand, the weighted rates. */

const US = { country: 'US', language: 'en' };
const DE = { country: 'DE', language: 'de' };
const question = (id: string, text: string, market: string, branded = false) => ({ id, text, market, branded });
const QUESTIONS = [
  question('m1-q1', 'What are the best project planning tools? Name the top options.', 'US-en'),
  question('m1-q2', 'Which project planning tool is best for a small team of designers working remotely across three continents?', 'US-en'),
  question('m1-q3', 'Is Kestrel Plan worth it?', 'US-en', true),
  question('m2-q1', 'Was sind die besten Tools für Projektplanung?', 'DE-de'),
];

test('a search phrase is the question as typed: its first sentence, no asking words, at most 10 words and 80 characters', () => {
  expect(searchPhrase('What are the best project planning tools? Name the top options.')).toBe('best project planning tools');
  expect(searchPhrase('How do I choose project planning software? Recommend a few options.')).toBe('choose project planning software');
  const long = searchPhrase(QUESTIONS[1]!.text);
  expect(long.split(' ').length).toBeLessThanOrEqual(10);
  expect(long.length).toBeLessThanOrEqual(80);
  expect(searchPhrase(`Which ${'supercalifragilistic '.repeat(8)}tool?`).length).toBeLessThanOrEqual(80);
});

test('one request per market and endpoint, each phrase once, none Google Ads refuses', () => {
  const requests = demandRequests('project planning tools', [US, DE], QUESTIONS);
  expect(requests.map((request) => `${request.endpoint}@${request.market!.country}`)).toEqual(['ai@US', 'google@US', 'ai@DE', 'google@DE']);
  expect(requests[0]!.phrases[0]).toBe('project planning tools');
  expect(requests[0]!.phrases).toHaveLength(4);
  for (const request of requests)
    for (const phrase of request.phrases) expect(phrase.length <= 80 && phrase.split(' ').length <= 10).toBe(true);
});

test('no data is null, never 0; questions by demand; rates weighted by AI search volume over the questions with data', () => {
  const results: DemandResult[] = [
    {
      endpoint: 'ai',
      market: 'US-en',
      volumes: [
        { phrase: searchPhrase(QUESTIONS[0]!.text), volume: 900, month: '2026-10' },
        { phrase: searchPhrase(QUESTIONS[1]!.text), volume: 100, month: '2026-10' },
        { phrase: searchPhrase(QUESTIONS[2]!.text), volume: 0, month: '2026-10' },
      ],
      costUsd: 0.0004,
    },
    { endpoint: 'google', market: 'US-en', error: 'DataForSEO had a server error' },
  ];
  const counted = [
    { question: QUESTIONS[0]!, mentioned: false, firstRecommended: false },
    { question: QUESTIONS[1]!, mentioned: true, firstRecommended: true },
    { question: QUESTIONS[3]!, mentioned: true, firstRecommended: false },
  ];
  const { questions, demand } = withDemand({ configured: true, results }, 'project planning tools', [US, DE], QUESTIONS, counted);
  expect(questions.map((entry) => entry.id)).toEqual(['m1-q1', 'm1-q2', 'm1-q3', 'm2-q1']);
  expect(questions[2]!.demand).toMatchObject({
    aiSearchVolume: null,
    searchVolume: null,
    month: null,
    reason: 'DataForSEO had a server error',
  });
  expect(questions[3]!.demand).toMatchObject({ aiSearchVolume: null, searchVolume: null });
  // 100 of 900 + 100 weighs the one answer naming the brand: 10%, where unweighted it is 2 of 3.
  expect(demand.weighted).toEqual({ questions: 2, of: 3, answers: 2, mentionRate: 0.1, firstRecommendationRate: 0.1 });
  expect(demand.errors).toEqual([{ market: 'US-en', endpoint: 'google', reason: 'DataForSEO had a server error' }]);
  expect(demand.costUsd).toBe(0.0004);

  const metric = KINDS.brand.metrics.find((entry) => entry.key === 'demandWeightedMentionRate')!;
  expect(metric.unit === 'share' && metric.read({ demand } as BrandReport)).toBe(0.1);
  expect(metric.unit === 'share' && metric.read({} as BrandReport)).toBeUndefined();
});

test('without DataForSEO demand is absent and says so', () => {
  const { questions, demand } = withDemand({ configured: false }, 'x', [undefined], QUESTIONS, []);
  expect(demand).toEqual({ status: 'not-configured', reason: expect.stringMatching(/^not-configured/) });
  expect(questions.every((entry) => !('demand' in entry))).toBe(true);
});

import type { BrandAnswerVerdict } from '../../../domain/brand/reader/answer';
import { composeBrandReport, type AnalysedReply } from '../../../domain/brand/report/compose';
import type { BrandQuestion } from '../../../domain/brand/questions';
import type { PlatformReply } from '../../../domain/shared/platform-reply';
import type { PlatformId } from '../../../domain/shared/platforms';

const QUESTIONS: BrandQuestion[] = [
  { id: 'q1', text: 'What are the best CRMs?', intent: 'best-of', branded: false, source: 'template' },
  { id: 'q2', text: 'Compare the leading CRMs.', intent: 'comparison', branded: false, source: 'template' },
  { id: 'q3', text: 'Best alternatives to Acme?', intent: 'alternatives', branded: true, source: 'template' },
];

const EVIDENCE = {
  webSearch: true,
  searched: true,
  searchQueries: ['best crm'],
  usage: { inputTokens: 900, outputTokens: 300, searches: 1 },
  costUsd: 0.0125,
};

const PLATFORM_NAMES: Record<string, string> = {
  chatgpt: 'ChatGPT',
  claude: 'Claude',
  gemini: 'Gemini',
  perplexity: 'Perplexity',
  deepseek: 'DeepSeek',
};

function answered(
  platformId: PlatformId,
  questionId: string,
  verdict: Partial<BrandAnswerVerdict> & { entities?: { name: string; rank: number }[] },
): AnalysedReply {
  const full: BrandAnswerVerdict = {
    noAnswer: false,
    mentioned: false,
    rank: null,
    firstRecommended: false,
    brandCited: false,
    entities: [],
    ...verdict,
  };
  const reply: PlatformReply<BrandAnswerVerdict> = {
    platformId,
    platform: PLATFORM_NAMES[platformId]!,
    model: 'm',
    status: 'answered',
    answer: 'text',
    citations: [],
    latencyMs: 1,
    verdict: full,
    ...EVIDENCE,
  };
  return { questionId, run: 1, reply };
}
const failed = (platformId: PlatformId, questionId: string): AnalysedReply => ({
  questionId,
  run: 1,
  reply: {
    platformId,
    platform: PLATFORM_NAMES[platformId]!,
    model: '',
    status: 'error',
    answer: '',
    citations: [],
    latencyMs: 0,
    error: 'DeepSeek refused the API key',
    ...EVIDENCE,
    costUsd: 0,
  },
});
const named = (rank: number, ...others: [string, number][]) => ({
  mentioned: true,
  rank,
  firstRecommended: rank === 1,
  entities: others.map(([name, rank]) => ({ name, rank })),
});

function compose(replies: AnalysedReply[], competitors: string[] = [], domain?: string) {
  return composeBrandReport({
    keyword: 'CRM',
    brand: 'Acme',
    domain,
    aliases: [],
    competitors,
    questions: QUESTIONS,
    replies,
    startedAt: new Date('2026-11-23T10:00:00Z'),
    finishedAt: new Date('2026-11-23T10:00:07Z'),
  });
}

test('headline metrics count unbranded answers that answered; errors, no-answers and branded questions apart', () => {
  const report = compose([
    answered('chatgpt', 'q1', { ...named(1, ['Zoho', 2]), brandCited: true }),
    answered('chatgpt', 'q2', named(2, ['Zoho', 1])),
    answered('claude', 'q1', {
      entities: [
        { name: 'Zoho', rank: 1 },
        { name: 'HubSpot', rank: 2 },
      ],
    }),
    answered('claude', 'q2', { noAnswer: true }),
    failed('deepseek', 'q1'),
    answered('chatgpt', 'q3', named(1)),
    answered('claude', 'q3', {}),
  ]);
  expect(report.metrics.answers).toBe(3);
  expect(report.metrics.mentionRate).toMatchObject({ count: 2, total: 3 });
  expect(report.metrics.firstRecommendationRate).toMatchObject({ count: 1, total: 3 });
  expect(report.metrics.citationRate).toMatchObject({ count: 1, total: 3 });
  expect(report.metrics.firstRecommendationRate.value).toBeLessThanOrEqual(report.metrics.mentionRate.value);
  // SOV: the brand in 2 answers, Zoho in 3, HubSpot in 1 (named in one answer only: not a competitor).
  expect(report.metrics.shareOfVoice).toMatchObject({ count: 2, total: 5 });
  expect(report.competitors).toEqual([
    expect.objectContaining({
      name: 'Zoho',
      discovered: true,
      mentions: 3,
      firstRecommendations: 2,
      averageRank: 1.3,
      shareOfVoice: expect.objectContaining({ count: 3, total: 5 }),
    }),
  ]);
  expect(report.branded).toMatchObject({ answers: 2, mentionRate: { count: 1, total: 2 } });
  expect(report.answers.map((answer) => answer.status)).toEqual([
    'answered',
    'answered',
    'answered',
    'no-answer',
    'error',
    'answered',
    'answered',
  ]);
  expect(report.answers[4]).toMatchObject({ platform: 'DeepSeek', error: 'DeepSeek refused the API key', mentioned: false });
  expect(report.byPlatform.find((row) => row.platform === 'DeepSeek')).toMatchObject({ answers: 0, errors: 1 });
  expect(report.byIntent.map((row) => [row.intent, row.answers])).toEqual([
    ['best-of', 2],
    ['comparison', 1],
  ]);
  expect(report).toMatchObject({
    kind: 'brand',
    keyword: 'CRM',
    brand: 'Acme',
    durationMs: 7000,
    createdAt: '2026-11-23T10:00:07.000Z',
    confidence: 'low',
  });
});

test('given competitors are listed even when never named, and are never marked discovered', () => {
  const report = compose([answered('chatgpt', 'q1', named(1, ['Zoho', 2]))], ['Pipedrive', 'Zoho']);
  expect(report.competitors.map((competitor) => [competitor.name, competitor.discovered, competitor.mentions])).toEqual([
    ['Pipedrive', false, 0],
    ['Zoho', false, 1],
  ]);
  expect(report.competitors[0]!.averageRank).toBeNull();
});

/** n unbranded answers, `mentioned` of them naming the brand; every answer names a competitor `rivals` times in all. */
function withRates(total: number, mentioned: number, rivalAnswers: number) {
  const platforms: PlatformId[] = ['chatgpt', 'claude', 'gemini', 'perplexity'];
  return compose(
    Array.from({ length: total }, (_, index) =>
      answered(platforms[index % 4]!, index % 2 ? 'q1' : 'q2', {
        ...(index < mentioned ? named(2) : {}),
        entities: index < rivalAnswers ? [{ name: 'Zoho', rank: 1 }] : [],
      }),
    ),
  );
}

test.each([
  [40, 1, 0, 'invisible'],
  [40, 2, 0, 'emerging'],
  [40, 7, 0, 'emerging'],
  [40, 8, 0, 'competitive'],
  [40, 16, 0, 'leading'],
  [40, 16, 17, 'competitive'],
  [40, 16, 16, 'leading'],
])('%d answers, %d naming the brand, a rival in %d: %s', (total, mentioned, rival, stage) => {
  expect(withRates(total, mentioned, rival).stage).toBe(stage);
});

test('confidence is low under 20 answers or with wide intervals, normal with enough answers', () => {
  expect(withRates(10, 5, 5).confidence).toBe('low');
  expect(withRates(60, 30, 30).confidence).toBe('normal');
});

test('the action plan has 3 to 6 prioritised actions with reasons, chosen by what the metrics show', () => {
  const invisible = withRates(40, 0, 30);
  expect(invisible.actionPlan.length).toBeGreaterThanOrEqual(3);
  expect(invisible.actionPlan.length).toBeLessThanOrEqual(6);
  expect(invisible.actionPlan.map((item) => item.priority)).toEqual(invisible.actionPlan.map((_, index) => index + 1));
  expect(invisible.actionPlan[0]!.action).toMatch(/roundups, review sites/);
  expect(invisible.actionPlan[0]!.evidence.competitors).toEqual(['Zoho']);
  expect(invisible.conclusion).toMatch(/^Acme is named in 0% of 40 AI answers about “CRM”/);

  const unknownByName = compose([
    answered('chatgpt', 'q1', named(2, ['Zoho', 1])),
    answered('chatgpt', 'q3', {}),
    answered('claude', 'q3', {}),
  ]);
  expect(unknownByName.actionPlan.find((item) => /well-described entity/.test(item.action))!.evidence).toMatchObject({
    questions: ['Best alternatives to Acme?'],
    platforms: ['ChatGPT', 'Claude'],
  });

  const namedNeverFirst = withRates(40, 20, 40);
  expect(namedNeverFirst.actionPlan.map((item) => item.action).join('\n')).toMatch(/third-party reviews and list placements/);
  expect(namedNeverFirst.conclusion).toMatch(/behind Zoho/);
});

test('no usable answer at all: the conclusion says so instead of inventing figures', () => {
  const report = compose([failed('deepseek', 'q1')]);
  expect(report.metrics.answers).toBe(0);
  expect(report.conclusion).toMatch(/No platform gave a usable answer/);
  expect(report.stage).toBe('invisible');
  // No advice invented from no evidence: the first action is to run it again.
  expect(report.actionPlan[0]).toMatchObject({
    priority: 1,
    action: 'Run the diagnosis again once the platforms answer',
    evidence: { platforms: ['DeepSeek'] },
  });
  expect(report.actionPlan.map((item) => item.action).join('\n')).not.toMatch(/roundups|comparison/);
});

describe('the action plan of a leading brand: 3–6 actions, the lead defended with evidence', () => {
  // Named in every answer, first on three of five platforms; Zoho close behind and first on the other two.
  const platforms: PlatformId[] = ['chatgpt', 'claude', 'gemini', 'perplexity', 'deepseek'];
  const cite = (reply: AnalysedReply, citations: string[]): AnalysedReply => ({ ...reply, reply: { ...reply.reply, citations } });
  const replies = platforms.flatMap((platform, index) =>
    ['q1', 'q2'].map((questionId) =>
      index < 3
        ? cite(answered(platform, questionId, named(1, ['Zoho', 2], ['HubSpot', 3])), [
            'https://www.g2.com/categories/crm?utm_source=chatgpt.com',
            'https://acme.example/crm-guide/',
          ])
        : cite(answered(platform, questionId, named(2, ['Zoho', 1])), [
            'https://zapier.com/blog/best-crm-app/',
            'https://www.g2.com/categories/crm',
          ]),
    ),
  );
  const report = compose(replies, ['Zoho'], 'acme.example');

  test('the stage is leading and the plan has 3 to 6 actions, each with why and evidence', () => {
    expect(report.stage).toBe('leading');
    expect(report.actionPlan.length).toBeGreaterThanOrEqual(3);
    expect(report.actionPlan.length).toBeLessThanOrEqual(6);
    for (const item of report.actionPlan) {
      expect(item.why.length).toBeGreaterThan(20);
      const { questions, platforms: where, competitors } = item.evidence;
      expect(questions.length + where.length + competitors.length).toBeGreaterThan(0);
    }
  });

  test('first: defend the lead against the closest competitor, on the platforms where it is named first', () => {
    const [first] = report.actionPlan;
    expect(first!.action).toMatch(/^Defend the lead against Zoho on Perplexity, DeepSeek/);
    expect(first!.why).toMatch(
      /Zoho is the closest competitor: 38% share of voice against 38% for Acme \(close\), named ahead of Acme in 4 of 10 answers/,
    );
    expect(first!.evidence).toMatchObject({
      competitors: ['Zoho'],
      platforms: ['Perplexity', 'DeepSeek'],
      questions: ['What are the best CRMs?', 'Compare the leading CRMs.'],
    });
  });

  test('the cited pages that carry the lead are named, as people read them', () => {
    const pages = report.actionPlan.find((item) => /pages that carry the lead/.test(item.action));
    expect(pages!.action).toMatch(/acme\.example\/crm-guide, g2\.com\/categories\/crm$/);
    expect(pages!.why).toMatch(/g2\.com\/categories\/crm \(6\)/);
    expect(pages!.evidence.platforms).toEqual(['ChatGPT', 'Claude', 'Gemini']);
  });

  test('no generic plan of two items: the questions it does not yet win are named', () => {
    const notFirst = report.actionPlan.find((item) => /not yet named first/.test(item.action));
    expect(notFirst!.evidence.platforms).toEqual(['Perplexity', 'DeepSeek']);
    expect(notFirst!.evidence.competitors).toEqual(['Zoho']);
  });
});

test('a competitive brand is pointed to the pages cited when a competitor is recommended instead', () => {
  const replies = (['chatgpt', 'claude', 'gemini', 'perplexity'] as PlatformId[]).flatMap((platform, index) =>
    ['q1', 'q2'].map((questionId) => {
      const reply = answered(platform, questionId, index === 0 ? named(3, ['Zoho', 1]) : { entities: [{ name: 'Zoho', rank: 1 }] });
      return {
        ...reply,
        reply: { ...reply.reply, citations: ['https://www.pcmag.com/picks/the-best-crm-software', 'https://zoho.com/crm'] },
      };
    }),
  );
  const report = compose(replies, ['Zoho']);
  expect(report.stage).toBe('competitive');
  expect(report.actionPlan.length).toBeGreaterThanOrEqual(3);
  expect(report.actionPlan.length).toBeLessThanOrEqual(6);
  const pages = report.actionPlan.find((item) => /Earn a place on the pages/.test(item.action));
  expect(pages!.action).toMatch(/when they recommend Zoho: pcmag\.com\/picks\/the-best-crm-software, zoho\.com\/crm/);
  expect(pages!.evidence.competitors).toEqual(['Zoho']);
});

test.each([
  [40, 0, 30, 'invisible'],
  [40, 4, 30, 'emerging'],
  [40, 10, 30, 'competitive'],
  [40, 16, 0, 'leading'],
  [40, 40, 40, 'leading'],
])('%d answers, %d naming the brand, a rival in %d (%s): 3–6 actions, each with why and evidence', (total, mentioned, rival, stage) => {
  const report = withRates(total, mentioned, rival);
  expect(report.stage).toBe(stage);
  expect(report.actionPlan.length).toBeGreaterThanOrEqual(3);
  expect(report.actionPlan.length).toBeLessThanOrEqual(6);
  for (const item of report.actionPlan) {
    expect(item.why).not.toBe('');
    expect(item.evidence.questions.length + item.evidence.platforms.length + item.evidence.competitors.length).toBeGreaterThan(0);
  }
});

test('sources per cited domain, and the sites to win: cited where competitors are named, never where the brand is', () => {
  const cite = (reply: AnalysedReply, citations: string[], found: string[] = []): AnalysedReply => ({
    ...reply,
    reply: { ...reply.reply, citations, found },
  });
  const report = compose(
    [
      cite(answered('chatgpt', 'q1', { entities: [{ name: 'Zoho', rank: 1 }] }), [
        'https://www.reviews.example/best-crm',
        'https://zoho.example/',
      ]),
      cite(
        answered('claude', 'q1', {
          entities: [
            { name: 'Zoho', rank: 1 },
            { name: 'HubSpot', rank: 2 },
          ],
        }),
        ['https://reviews.example/crm-2026'],
        ['https://found-only.example/'],
      ),
      cite(answered('gemini', 'q2', named(1, ['Zoho', 2])), ['https://acme.example/pricing', 'https://zoho.example/']),
      // A branded question's answers are reported apart: they never make a gap.
      cite(answered('chatgpt', 'q3', { entities: [{ name: 'Zoho', rank: 1 }] }), ['https://branded-only.example/']),
    ],
    ['Zoho'],
    'acme.example',
  );
  expect(report.sources).toEqual([
    { domain: 'reviews.example', type: 'other', answers: 2, citesBrand: false, brandAnswers: 0, competitorAnswers: 2 },
    // Typed by the given competitor's name in its host, and by the brand's domain.
    { domain: 'zoho.example', type: 'competitor', answers: 2, citesBrand: false, brandAnswers: 1, competitorAnswers: 2 },
    { domain: 'acme.example', type: 'owned', answers: 1, citesBrand: true, brandAnswers: 1, competitorAnswers: 1 },
  ]);
  // zoho.example is cited in an answer naming the brand too, so it is not a gap.
  expect(report.citationGaps).toEqual([
    { domain: 'reviews.example', type: 'other', answers: 2, competitors: ['Zoho'], questions: ['What are the best CRMs?'] },
  ]);
  expect(report.answers[1]).toMatchObject({ citations: ['https://reviews.example/crm-2026'], found: ['https://found-only.example/'] });
  expect(report.readingMethod).toBe('rules');
});

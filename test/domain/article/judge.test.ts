import { composeArticleReport, type ArticleFacts } from '../../../domain/article/compose';
import { judgePrompt, parseJudgement } from '../../../domain/article/judge';
import type { ArticleVerdict } from '../../../domain/article/lens';
import type { PlatformReply } from '../../../domain/shared/platform-reply';

const points = [
  { id: 'k1', text: 'A Gantt chart is a horizontal bar chart that shows a project’s tasks against time.' },
  { id: 'k2', text: 'The chart is named after Henry Gantt, who designed it around 1910.' },
  { id: 'k3', text: 'Milestones are shown as diamonds rather than bars.' },
];
const answers = [
  { key: 'a1', text: 'Gantt charts, devised by Henry Gantt in the 1910s, lay tasks out on a timeline.' },
  { key: 'a2', text: 'Kanban boards show work as cards in columns.' },
];

test('the prompt gives the model the key points, the answers and the JSON shape to reply in', () => {
  const prompt = judgePrompt(points, answers);
  for (const point of points) expect(prompt).toContain(`${point.id}: ${point.text}`);
  expect(prompt).toContain('Answer a1:');
  expect(prompt).toContain('Kanban boards');
  expect(prompt).toMatch(/"supported" when it states the fact/);
  expect(prompt).toMatch(/Reply with JSON only/);
});

test('a judgement for every answer and key point parses, even in a code fence; anything less does not', () => {
  const reply =
    '```json\n{"judgements":[{"answer":"a1","points":{"k1":"supported","k2":"Supported","k3":"not"}},{"answer":"a2","points":{"k1":"partial","k2":"not","k3":"not"}}]}\n```';
  expect(parseJudgement(reply, points, answers)).toEqual([
    { key: 'a1', supported: ['k1', 'k2'], partial: [] },
    { key: 'a2', supported: [], partial: ['k1'] },
  ]);
  expect(
    parseJudgement('{"judgements":[{"answer":"a1","points":{"k1":"supported","k2":"supported","k3":"not"}}]}', points, answers),
  ).toBeUndefined();
  expect(
    parseJudgement(
      '{"judgements":[{"answer":"a1","points":{"k1":"yes","k2":"not","k3":"not"}},{"answer":"a2","points":{"k1":"not","k2":"not","k3":"not"}}]}',
      points,
      answers,
    ),
  ).toBeUndefined();
  expect(parseJudgement('I cannot judge this.', points, answers)).toBeUndefined();
});

describe('the report names its coverage method', () => {
  const article: ArticleFacts = {
    url: 'https://blog.example/gantt',
    finalUrl: 'https://blog.example/gantt',
    domain: 'blog.example',
    title: 'Gantt charts',
    wordCount: 900,
    headings: [],
    keyPoints: points,
  };
  const reply = (answer: string, verdict: ArticleVerdict): PlatformReply<ArticleVerdict> => ({
    platformId: 'chatgpt',
    platform: 'ChatGPT',
    model: 'm',
    status: 'answered',
    answer,
    citations: [],
    latencyMs: 1,
    verdict,
    webSearch: true,
    searched: false,
    searchQueries: [],
    usage: { inputTokens: 1, outputTokens: 1, searches: 0 },
    costUsd: 0,
  });
  const replies = [
    {
      questionId: 'q1',
      reply: reply(answers[0]!.text, { coverage: 0.333, coveredKeyPoints: ['k2'], citesUrl: false, citesDomain: false }),
    },
    { questionId: 'q2', reply: reply(answers[1]!.text, { coverage: 0, coveredKeyPoints: [], citesUrl: false, citesDomain: false }) },
  ];
  const times = { startedAt: new Date('2026-11-23T10:00:00Z'), finishedAt: new Date('2026-11-23T10:00:05Z') };

  test('lexical by default: the answers’ own reading stands', () => {
    const report = composeArticleReport({ article, questions: [], replies, ...times });
    expect(report.coverageMethod).toBe('lexical');
    expect(report.metrics.coverage).toBe(0.167);
  });

  test('model: supported counts 1, partly supported ½; union coverage counts the supported', () => {
    const report = composeArticleReport({
      article,
      questions: [],
      replies,
      ...times,
      judgements: [
        { key: 'a1', supported: ['k1', 'k2'], partial: [] },
        { key: 'a2', supported: [], partial: ['k1'] },
      ],
    });
    expect(report.coverageMethod).toBe('model');
    expect(report.answers.map((answer) => [answer.coverage, answer.coveredKeyPoints, answer.partlyCoveredKeyPoints])).toEqual([
      [0.667, ['k1', 'k2'], []],
      [0.167, [], ['k1']],
    ]);
    expect(report.metrics.unionCoverage).toBe(0.667);
  });
});

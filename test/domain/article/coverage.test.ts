import { coverageDetails, coveredKeyPoints } from '../../../domain/article/coverage';
import { keyPoints } from '../../../domain/article/key-points';
import { readArticleAnswer } from '../../../domain/article/lens';
import { GANTT_ANSWER, GANTT_BLOCKS, GANTT_HEADINGS } from './gantt-article';

const points = [
  { id: 'k1', text: 'Drip irrigation uses up to 50 percent less water than overhead sprinklers.' },
  { id: 'k2', text: 'Tomatoes need at least six hours of direct sunlight a day.' },
  { id: 'k3', text: 'Rotating crop families every year prevents soil-borne diseases.' },
];

test('a key point is covered when enough of its content words, stemmed, are in the answer', () => {
  // "irrigating", "sprinkler", "watering" meet "irrigation", "sprinklers", "water" at their stems.
  const answer = 'Drip irrigating can use 50 percent less watering than a sprinkler overhead. Tomatoes love the sun.';
  expect(coveredKeyPoints(answer, points, 'en')).toEqual(['k1']);
  expect(coveredKeyPoints('Rotate crops yearly: rotating families stops soil diseases.', points, 'en')).toEqual(['k3']);
  expect(coveredKeyPoints('Plant what you like.', points, 'en')).toEqual([]);
});

test('stop words do not count towards coverage', () => {
  expect(coveredKeyPoints('up to than at of a the every', points, 'en')).toEqual([]);
});

test('Chinese by words (ICU segmentation), particles and function words aside', () => {
  const chinese = [{ id: 'k1', text: '滴灌比喷灌节省一半的用水。' }];
  expect(coveredKeyPoints('据介绍，滴灌比喷灌节省一半用水。', chinese, 'zh')).toEqual(['k1']);
  expect(coveredKeyPoints('番茄需要充足的阳光。', chinese, 'zh')).toEqual([]);
});

test('an answer cites the article under any of its addresses, tracking parameters and www. aside', () => {
  const lens = {
    kind: 'article' as const,
    urls: ['https://blog.example/post', 'https://blog.example/post-final', 'https://blog.example/canonical'],
    domain: 'blog.example',
    keyPoints: points,
    language: 'en',
  };
  expect(readArticleAnswer('See https://www.blog.example/canonical/?utm_source=chatgpt.com#top', [], lens)).toMatchObject({
    citesUrl: true,
    citesDomain: true,
  });
  expect(readArticleAnswer('Answer.', ['https://blog.example/other-post'], lens)).toMatchObject({ citesUrl: false, citesDomain: true });
  expect(readArticleAnswer('Answer.', ['https://blog.example.evil.test/post'], lens)).toMatchObject({
    citesUrl: false,
    citesDomain: false,
  });
  expect(readArticleAnswer('Drip irrigation uses 50 percent less water than sprinklers overhead.', [], lens)).toMatchObject({
    coverage: 0.333,
    coveredKeyPoints: ['k1'],
  });
});

test('the Gantt article: answers that restate its facts in other words cover them; the fact no answer states stays uncovered', () => {
  const points = keyPoints(GANTT_BLOCKS, 'en', { headings: GANTT_HEADINGS });
  const covered = coveredKeyPoints(GANTT_ANSWER, points, 'en');
  const text = (pattern: RegExp) => points.find((point) => pattern.test(point.text))!.id;
  for (const fact of [/^A Gantt chart is/, /Henry Gantt/, /Hoover Dam/, /critical path is/, /^Milestones/])
    expect(covered).toContain(text(fact));
  // The answer never says how to read the chart.
  expect(covered).not.toContain(text(/^Tasks are listed/));
  expect(covered.length / points.length).toBeGreaterThanOrEqual(0.7);
  // An answer about something else covers nothing.
  expect(
    coveredKeyPoints(
      'Kanban boards show work items as cards in columns such as to do, doing and done; teams limit work in progress.',
      points,
      'en',
    ),
  ).toEqual([]);
});

test('a news highlight covers the sentence whose claim it restates, dropping its details', () => {
  const points = [
    {
      id: 'k1',
      text: 'Gary Locke will be confirmed as Kilmarnock’s permanent manager on Friday - exactly eight weeks after he was asked to take charge until the end of the season.',
    },
    {
      id: 'k2',
      text: 'A Chinese team took a kite measuring an astonishing 6,000 metres (3.7 miles) to a kite flying festival - aiming to break the world record by a massive 1,000 metres.',
    },
  ];
  expect(coveredKeyPoints('Gary Locke will be named Kilmarnock manager on Friday.', points, 'en')).toEqual(['k1']);
  expect(coveredKeyPoints('The Chinese kite was 6000 metres long and meant to set a world record.', points, 'en')).toEqual(['k2']);
  expect(coveredKeyPoints('Celtic beat Rangers on Sunday; the manager praised the fans.', points, 'en')).toEqual([]);
});

test('German: stems and compounds ("Bundesstaat" states "Staat")', () => {
  const points = [
    {
      id: 'k1',
      text: 'Alaska ist der flächenmäßig größte Bundesstaat der Vereinigten Staaten und liegt im äußersten Nordwesten des Kontinents.',
    },
  ];
  expect(coveredKeyPoints('Alaska ist der größte Staat der USA und liegt ganz im Nordwesten.', points, 'de')).toEqual(['k1']);
  expect(coveredKeyPoints('Der Rhein fließt durch die Schweiz, Deutschland und die Niederlande.', points, 'de')).toEqual([]);
});

test('names and figures weigh double: a restatement keeps them', () => {
  const [detail] = coverageDetails(
    'Henry Gantt designed it in 1910.',
    [
      {
        id: 'k1',
        text: 'The chart is named after Henry Gantt, an American mechanical engineer who designed it around 1910 to schedule work in factories.',
      },
    ],
    'en',
  );
  expect(detail).toMatchObject({ id: 'k1', covered: true });
  expect(detail!.share).toBeGreaterThan(0.35);
});

test('Chinese and Japanese restatements are recognised; another topic is not', () => {
  const chinese = [
    {
      id: 'k1',
      text: '甘特图是一种以条形表示任务开始时间和持续时间的项目进度图，项目经理用它来安排工作、分配人员并查看哪些任务已经延误。',
    },
    { id: 'k2', text: '它以美国机械工程师亨利·甘特的名字命名，他在1910年前后设计了这种图表，用于安排工厂和造船厂的生产。' },
  ];
  expect(
    coveredKeyPoints(
      '甘特图用横条显示项目中各项任务的开始时间和持续时间。它由亨利·甘特在1910年左右发明，最初用于工厂生产安排。',
      chinese,
      'zh',
    ),
  ).toEqual(['k1', 'k2']);
  expect(coveredKeyPoints('看板用卡片和列来显示工作流程，团队可以限制在制品数量。', chinese, 'zh')).toEqual([]);
  const japanese = [
    {
      id: 'k1',
      text: 'ガントチャートは、プロジェクトの作業を横棒で時間軸に沿って表した工程管理の図表であり、各作業の開始時期と期間が一目で分かる。',
    },
    { id: 'k2', text: 'クリティカルパスとは、互いに依存する作業の最も長い連なりであり、プロジェクト全体の最短完了日を決める。' },
  ];
  expect(
    coveredKeyPoints(
      'ガントチャートは作業を横棒で時間軸上に示す図表です。クリティカルパスは依存する作業の最も長い連なりで、完了日を決めます。',
      japanese,
      'ja',
    ),
  ).toEqual(['k1', 'k2']);
  expect(coveredKeyPoints('カンバンはカードと列で仕事の流れを見える化する手法です。', japanese, 'ja')).toEqual([]);
});

import { keyPoints, scoredSentences } from '../../../domain/article/key-points';
import { sentencesOf } from '../../../domain/article/text';
import { GANTT_BLOCKS, GANTT_HEADINGS } from './gantt-article';

const blocks = [
  'Solar panels convert about 20 percent of the sunlight that reaches them into electricity. Most homes need between 15 and 20 panels to cover their use.',
  'Subscribe to our newsletter to get more tips like these every week in your inbox.',
  'Panels last 25 to 30 years, and their output falls by about half a percent each year. Cleaning them twice a year keeps dust from cutting their output.',
  'We use cookies to give you the best experience on our site and to analyse traffic.',
  'Net metering lets owners sell surplus electricity back to the grid at retail rates in many states. Batteries store daytime power for the evening.',
  'Installation usually takes one or two days once the permits are approved.',
  'Thanks for reading!',
];

test('3–10 sentences that carry facts, in article order; boilerplate and fragments never', () => {
  const points = keyPoints(blocks, 'en');
  expect(points.length).toBeGreaterThanOrEqual(3);
  expect(points.length).toBeLessThanOrEqual(10);
  expect(points.map((point) => point.id)).toEqual(points.map((_, index) => `k${index + 1}`));
  const text = points.map((point) => point.text).join('\n');
  expect(text).not.toMatch(/newsletter|cookies|Thanks for reading/);
  // The lead is kept.
  expect(points[0]!.text).toBe('Solar panels convert about 20 percent of the sunlight that reaches them into electricity.');
  // In the article's order.
  const order = points.map((point) => blocks.findIndex((block) => block.includes(point.text)));
  expect(order).toEqual([...order].sort((a, b) => a - b));
});

test('a blog post on Gantt charts: its definition, Henry Gantt in 1910, the Hoover Dam, the critical path and milestones; not its promotion, aside, caption or closing line', () => {
  for (const points of [keyPoints(GANTT_BLOCKS, 'en', { headings: GANTT_HEADINGS }), keyPoints(GANTT_BLOCKS, 'en')]) {
    const text = points.map((point) => point.text).join('\n');
    expect(points[0]!.text).toMatch(/^A Gantt chart is a horizontal bar chart/);
    expect(text).toMatch(/Henry Gantt.*1910/);
    expect(text).toMatch(/Hoover Dam/);
    expect(text).toMatch(/critical path is the longest chain/);
    expect(text).toMatch(/Milestones are shown as diamonds/);
    expect(text).not.toMatch(/Try our free|Fun fact|Image:|Sign up|Happy planning|Ready to plan/);
  }
});

test('a German encyclopedia article: its definition and each section’s opening claim, not the reading tip', () => {
  const article = [
    'Der Rhein ist ein Strom in Mitteleuropa, der in den Schweizer Alpen entspringt und nach 1.233 Kilometern in die Nordsee mündet. Er ist eine der verkehrsreichsten Wasserstraßen der Welt.',
    'Verlauf',
    'Der Rhein entsteht aus dem Zusammenfluss von Vorderrhein und Hinterrhein bei Reichenau im Kanton Graubünden. Danach fließt er durch den Bodensee und stürzt bei Schaffhausen den Rheinfall hinab.',
    'Zwischen Basel und Bingen fließt er durch die Oberrheinische Tiefebene, die im Westen von den Vogesen und im Osten vom Schwarzwald begrenzt wird.',
    'Übrigens: Eine schöne Radtour entlang des Rheins können Sie bei unserem Partner buchen.',
    'Wirtschaft',
    'Auf dem Rhein werden jedes Jahr etwa 300 Millionen Tonnen Güter transportiert, vor allem Kohle, Erz, Öl und Container. Der größte Binnenhafen Europas liegt in Duisburg.',
    'Umwelt',
    'Nach dem Brand bei Sandoz in Basel im Jahr 1986 starben auf Hunderten Kilometern die Fische. Seitdem hat sich die Wasserqualität durch Kläranlagen deutlich verbessert, und der Lachs kehrt zurück.',
  ];
  const text = keyPoints(article, 'de')
    .map((point) => point.text)
    .join('\n');
  expect(text).toMatch(/^Der Rhein ist ein Strom in Mitteleuropa/);
  expect(text).toMatch(/Zusammenfluss von Vorderrhein und Hinterrhein/);
  expect(text).toMatch(/300 Millionen Tonnen/);
  expect(text).toMatch(/Brand bei Sandoz/);
  expect(text).not.toMatch(/Radtour/);
});

test('Chinese: sentences are found by their stops and measured in characters, not dropped as too long', () => {
  const article = [
    '甘特图是一种以条形表示任务开始时间和持续时间的项目进度图，项目经理用它来安排工作、分配人员并查看哪些任务已经延误。',
    '它以美国机械工程师亨利·甘特的名字命名，他在1910年前后设计了这种图表，用于安排工厂和造船厂的生产。',
    '立即注册，免费试用我们的甘特图软件！',
    '关键路径是项目中最长的一串相互依赖的任务，它决定了整个项目最早的完成日期，关键路径上的任何延误都会推迟整个项目。',
    '里程碑用菱形而不是条形表示，因为它们标记的是一个时刻，例如客户签字或产品发布。',
  ];
  const points = keyPoints(article, 'zh');
  const text = points.map((point) => point.text).join('\n');
  expect(points.length).toBeGreaterThanOrEqual(3);
  expect(text).toMatch(/^甘特图是一种/);
  expect(text).toMatch(/1910年/);
  expect(text).not.toMatch(/免费试用/);
});

test('French: promotion and a closing formula are never key points, even when few sentences remain', () => {
  const article = [
    'Le diagramme de Gantt est un outil de planification qui représente les tâches d’un projet sous forme de barres sur une ligne de temps.',
    'Essayez gratuitement notre logiciel de planification dès aujourd’hui !',
    'Origines',
    'Il porte le nom de l’ingénieur américain Henry Gantt, qui l’a conçu vers 1910 pour organiser le travail dans les usines.',
    'Le chemin critique',
    'Le chemin critique est la plus longue suite de tâches dépendantes et fixe la date de fin la plus proche du projet.',
    'En conclusion, le diagramme de Gantt reste un outil simple et efficace pour tous les chefs de projet.',
  ];
  expect(keyPoints(article, 'fr', { headings: ['Origines', 'Le chemin critique'] }).map((point) => point.text)).toEqual([
    article[0],
    article[3],
    article[5],
  ]);
});

test('news sentences that only look like promotion or a closing line stay candidates', () => {
  const news = [
    'Psychologists say that children who sleep nine hours a night do better at school, according to a study of 4,000 pupils.',
    'Thanks to a new law passed in 2024, schools in the state must start no earlier than 8.30am.',
    'Ultimately, the researchers found that sleep mattered more than homework for test results.',
    'In the end, the school board voted to keep the later start for another three years.',
    'A local store offered a 50 percent discount on school supplies throughout August.',
  ];
  expect(scoredSentences(news, 'en').scored.map((sentence) => sentence.text)).toEqual(news);
  expect(keyPoints(news, 'en')[0]!.text).toBe(news[0]);
});

test('more sentences, more points: ⌈sentences / 10⌉, at most 10', () => {
  const long = Array.from(
    { length: 150 },
    (_, index) => `Fact number ${index} says that widget model ${index} weighs ${index + 3} kilograms and costs ${index * 7} dollars.`,
  );
  expect(keyPoints(long, 'en')).toHaveLength(10);
  expect(keyPoints(long.slice(0, 45), 'en')).toHaveLength(5);
});

test('no sentences that carry anything: no key points', () => {
  expect(keyPoints(['Home', 'Menu', 'Share this'], 'en')).toEqual([]);
});

test('sentences: initials, abbreviations and German ordinals do not end one', () => {
  expect(sentencesOf('A guard at the U.S. Capitol was shot. He survived.')).toEqual([
    'A guard at the U.S. Capitol was shot.',
    'He survived.',
  ]);
  expect(sentencesOf('Dr. Smith met Mr. Jones in St. Louis. They talked.')).toEqual([
    'Dr. Smith met Mr. Jones in St. Louis.',
    'They talked.',
  ]);
  expect(sentencesOf('Bon Scott starb am 19. Februar 1980. Das ist z. B. ein Test.')).toEqual([
    'Bon Scott starb am 19. Februar 1980.',
    'Das ist z. B. ein Test.',
  ]);
  expect(sentencesOf('He was 88. His wife survived him.')).toEqual(['He was 88.', 'His wife survived him.']);
  expect(sentencesOf('Der Rhein mündet nach 1.233 Kilometern in die Nordsee. Mehr auf example.com heute.')).toEqual([
    'Der Rhein mündet nach 1.233 Kilometern in die Nordsee.',
    'Mehr auf example.com heute.',
  ]);
  expect(sentencesOf('甘特图是一种图表。它很有用！')).toEqual(['甘特图是一种图表。', '它很有用！']);
});

import { questionPrompt, questionsFromModel, templateQuestions } from '../../../domain/brand/questions';

const plan = { keyword: 'project planning software', brand: 'Acme Plan', count: 10 };

test.each([
  [10, 8, 2],
  [20, 16, 4],
  [5, 4, 1],
  [1, 1, 0],
])('%d template questions: %d without the brand, %d naming it; ids in order, each distinct', (count, unbranded, branded) => {
  const questions = templateQuestions({ ...plan, count });
  expect(questions).toHaveLength(count);
  expect(questions.filter((question) => !question.branded)).toHaveLength(unbranded);
  expect(questions.filter((question) => question.branded)).toHaveLength(branded);
  expect(questions.filter((question) => question.branded).every((question) => question.text.includes('Acme Plan'))).toBe(true);
  expect(questions.filter((question) => !question.branded).some((question) => question.text.includes('Acme Plan'))).toBe(false);
  expect(questions.map((question) => question.id)).toEqual(questions.map((_, index) => `q${index + 1}`));
  expect(new Set(questions.map((question) => question.text)).size).toBe(count);
  expect(questions.every((question) => question.source === 'template')).toBe(true);
});

test('the first ten cover every unbranded intent and ask for named options', () => {
  const questions = templateQuestions(plan);
  expect(new Set(questions.filter((question) => !question.branded).map((question) => question.intent))).toEqual(
    new Set(['best-of', 'comparison', 'use-case', 'reviews', 'pricing', 'informational']),
  );
  expect(questions[0]!.text).toBe('What are the best project planning software? Name the top options.');
});

test('a Chinese keyword gets Chinese questions', () => {
  const questions = templateQuestions({ keyword: '项目管理软件', brand: '飞书', count: 5 });
  expect(questions[0]!.text).toBe('最好的项目管理软件有哪些？请列出主要选择。');
  expect(questions.at(-1)).toMatchObject({ branded: true, text: '飞书有哪些好的替代品？' });
});

describe('questions proposed by the analysis model', () => {
  test('fenced JSON is read; near-duplicates are dropped; the rest topped up from the templates', () => {
    const raw =
      'Sure! Here you go:\n```json\n' +
      JSON.stringify({
        questions: [
          { text: 'Which project planning tools do agencies use?', intent: 'use-case' },
          { text: 'Which project planning tools do agencies use most?', intent: 'use-case' },
          { text: 'What are good alternatives to Acme Plan?', intent: 'alternatives' },
          { text: 'short', intent: 'best-of' },
          { text: 'Best Gantt chart software for construction?', intent: 'not-an-intent' },
        ],
      }) +
      '\n```';
    const questions = questionsFromModel(raw, plan);
    expect(questions).toHaveLength(10);
    expect(questions.filter((question) => question.source === 'model').map((question) => question.text)).toEqual([
      'Which project planning tools do agencies use?',
      'Best Gantt chart software for construction?',
      'What are good alternatives to Acme Plan?',
    ]);
    expect(questions.find((question) => question.text.startsWith('Best Gantt'))).toMatchObject({ intent: 'best-of', branded: false });
    expect(questions.filter((question) => !question.branded)).toHaveLength(8);
    expect(questions.map((question) => question.id)).toEqual(questions.map((_, index) => `q${index + 1}`));
  });

  test('too many questions naming the brand: at most 20% are kept', () => {
    const raw = JSON.stringify([
      'Is Acme Plan good?',
      'Is Acme Plan expensive for teams?',
      'How fast is Acme Plan for large projects?',
      'Who makes Acme Plan?',
    ]);
    const questions = questionsFromModel(raw, plan);
    expect(questions.filter((question) => question.branded)).toHaveLength(2);
    expect(questions).toHaveLength(10);
  });

  test.each(['not json at all', '{"questions": 42}', '', '[]'])('an unusable proposal (%j) falls back to the templates', (raw) => {
    expect(questionsFromModel(raw, plan)).toEqual(templateQuestions(plan));
  });
});

describe('questions in the market’s language', () => {
  test.each([
    ['de', 'Staubsauger', /^Was sind die besten Anbieter für Staubsauger\?/u],
    ['fr', 'aspirateurs', /^Quels sont les meilleurs produits pour aspirateurs \?/u],
    ['es', 'aspiradoras', /^¿Cuáles son los mejores productos de aspiradoras\?/u],
    ['it', 'aspirapolvere', /^Quali sono i migliori prodotti per aspirapolvere\?/u],
    ['pt-BR', 'aspiradores', /^Quais são os melhores produtos de aspiradores\?/u],
    ['nl', 'stofzuigers', /^Wat zijn de beste producten voor stofzuigers\?/u],
    ['pl', 'odkurzacze', /^Jakie są najlepsze produkty z kategorii odkurzacze\?/u],
    ['ja', '掃除機', /^おすすめの掃除機は何ですか？/u],
    ['ko', '청소기', /^가장 좋은 청소기/u],
    ['zh-CN', '吸尘器', /^最好的吸尘器有哪些？/u],
  ])('%s: the templates are written in it, the brand named in the branded ones', (language, keyword, first) => {
    const questions = templateQuestions({ keyword, brand: 'Kärcher', count: 15, language });
    expect(questions).toHaveLength(15);
    expect(questions[0]!.text).toMatch(first);
    expect(questions.filter((question) => question.branded).every((question) => question.text.includes('Kärcher'))).toBe(true);
    expect(new Set(questions.map((question) => question.text)).size).toBe(15);
  });

  test('a language without templates falls back to the keyword’s script: kana is Japanese', () => {
    expect(templateQuestions({ keyword: 'ロボット掃除機', brand: 'X', count: 2, language: 'sv' })[0]!.text).toMatch(
      /^おすすめのロボット掃除機/u,
    );
  });

  test('the analysis model is asked for the market’s language by name', () => {
    expect(questionPrompt({ keyword: 'Staubsauger', brand: 'Kärcher', count: 10, language: 'de' })).toContain('Write them in German');
  });
});

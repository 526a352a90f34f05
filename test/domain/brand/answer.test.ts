import { analyseBrandAnswer, type BrandAnswerInput } from '../../../domain/brand/reader/answer';

const read = (answer: string, overrides: Partial<BrandAnswerInput> = {}) =>
  analyseBrandAnswer({ answer, citations: [], brand: 'Acme Plan', aliases: [], competitors: [], ...overrides });
const names = (verdict: ReturnType<typeof read>) => verdict.entities.map((entity) => [entity.name, entity.rank]);

test('a numbered list with bold names (ChatGPT): rank by item, options discovered', () => {
  const verdict = read(
    'Here are the best project planning tools:\n\n1. **Asana** – flexible task tracking.\n   - Pros: integrations with Acme Plan exports\n2. **Acme Plan** – Gantt charts for small teams.\n3. **Trello** – Kanban boards.\n\n**Pricing**: all have free tiers.',
  );
  expect(verdict).toMatchObject({ mentioned: true, rank: 2, firstRecommended: false });
  // A nested bullet belongs to its item; the brand named there still ranks by the item it leads.
  expect(names(verdict)).toEqual([
    ['Asana', 1],
    ['Trello', 3],
  ]);
});

test('bullets with bold names and colons (Gemini): the brand first', () => {
  const verdict = read(
    'Top picks:\n\n* **Acme Plan**: the best balance.\n* **Asana**: strong for cross-team work.\n* **ClickUp**: everything in one place.',
  );
  expect(verdict).toMatchObject({ mentioned: true, rank: 1, firstRecommended: true });
  expect(names(verdict)).toEqual([
    ['Asana', 2],
    ['ClickUp', 3],
  ]);
});

test('leading names without bold, lettered items and links', () => {
  expect(read('a) Trello - boards\nb) Acme Plan - Gantt charts').rank).toBe(2);
  expect(read('- [Asana](https://asana.com) for teams\n- [Acme Plan](https://acmeplan.com) for planners').rank).toBe(2);
});

test('prose (Perplexity): the order of first mention', () => {
  const verdict = read(
    'For most teams, **Asana** and **Trello** are the usual picks. Acme Plan is a newer option that reviewers praise [1][2].',
  );
  expect(verdict).toMatchObject({ mentioned: true, rank: 3 });
  expect(names(verdict)).toEqual([
    ['Asana', 1],
    ['Trello', 2],
  ]);
});

test('a markdown table (Claude): each body row is an item, the header row is not', () => {
  const verdict = read('| Tool | Best for |\n|---|---|\n| **Asana** | Teams |\n| Acme Plan | Planners |\n| ClickUp | All-in-one |');
  expect(verdict.rank).toBe(2);
  expect(names(verdict)).toEqual([
    ['Asana', 1],
    ['ClickUp', 3],
  ]);
});

test('a name only in the closing prose of a list answer ranks after every item', () => {
  const verdict = read('1. **Asana**\n2. **Trello**\n\nYou could also look at Acme Plan.');
  expect(verdict.rank).toBe(3);
});

test('refusals: "I couldn’t find any information about Acme Plan" is not a mention, and says no answer', () => {
  const verdict = read("I couldn't find any information about Acme Plan. It may be a new or niche product.");
  expect(verdict).toMatchObject({ mentioned: false, rank: null, noAnswer: true, entities: [] });
  // A refusal about the brand next to a real recommendation: the recommendation counts.
  expect(read("I don't have information about Acme Plan, but **Asana** is a popular choice.")).toMatchObject({
    mentioned: false,
    noAnswer: false,
  });
  // The clause after the turn counts in every language the classifier reads, not only in English.
  expect(read('No tengo información sobre Asana, pero Acme Plan es una buena opción.').mentioned).toBe(true);
  expect(read('Ich habe keine Informationen über Asana, aber Acme Plan ist eine gute Wahl.').mentioned).toBe(true);
  expect(read('我没有关于 Asana 的信息，可是 Acme Plan 是不错的选择。').mentioned).toBe(true);
});

test('a Latin name set without spaces in Chinese or Japanese text is a mention; inside a longer Latin word it is not', () => {
  expect(read('推荐使用Acme Plan进行项目管理。').mentioned).toBe(true);
  expect(read('おすすめはAcme Planです。').mentioned).toBe(true);
  expect(read('推荐使用Acme Planner进行项目管理。').mentioned).toBe(false);
});

test('false mentions: a longer product name containing the brand, a domain, a word that only starts like it', () => {
  // A product under the brand's name is the brand's ("Monday Sales CRM" is monday.com's); the brand
  // inside another name is that name's ("Crest" in a jacket's name).
  expect(read('1. **Monday Sales CRM** – pipelines\n2. **Asana**', { brand: 'Monday' })).toMatchObject({ mentioned: true, rank: 1 });
  expect(read('1. **Lauren Crest Patch Jacket** – quilted\n2. **Barbour Flyweight**', { brand: 'Crest' }).mentioned).toBe(false);
  expect(read('Search you.com for reviews.', { brand: 'You' }).mentioned).toBe(false);
  expect(read('Acme Planner Suite is discontinued.').mentioned).toBe(false);
  // The brand's own domain in the text is a citation of it, not a mention of its name.
  expect(read('See acmeplan.com for details.', { brand: 'Acmeplan' }).mentioned).toBe(false);
});

test('aliases count as the brand', () => {
  expect(read('1. **AP Cloud** – hosted planning', { aliases: ['AP Cloud'] })).toMatchObject({ mentioned: true, rank: 1 });
});

test('Chinese answers: numbered lists with bold names, substring matching', () => {
  const verdict = read(
    '以下是推荐的项目管理工具：\n\n1. **飞书**：适合中小团队协作。\n2. **钉钉**：功能全面。\n3. **Teambition**：看板清晰。',
    { brand: '钉钉' },
  );
  expect(verdict).toMatchObject({ mentioned: true, rank: 2 });
  expect(names(verdict)).toEqual([
    ['飞书', 1],
    ['Teambition', 3],
  ]);
  expect(read('我没有找到关于钉钉的信息。', { brand: '钉钉' })).toMatchObject({ mentioned: false, noAnswer: true });
});

test('brandCited: a citation or a URL in the text on the brand’s domain or a subdomain, tracking parameters and www. ignored', () => {
  expect(
    read('Acme Plan is good.', { domain: 'acmeplan.com', citations: ['https://www.acmeplan.com/features?utm_source=openai'] }).brandCited,
  ).toBe(true);
  expect(read('See https://docs.acmeplan.com/start', { domain: 'acmeplan.com' }).brandCited).toBe(true);
  expect(
    read('Acme Plan is good.', { domain: 'acmeplan.com', citations: ['https://notacmeplan.com/', 'https://acmeplan.com.evil.test/'] })
      .brandCited,
  ).toBe(false);
  expect(read('Acme Plan is good.', { citations: ['https://acmeplan.com/'] }).brandCited).toBe(false);
});

test('given competitors are found by name anywhere, with their rank', () => {
  const verdict = read('1. **Acme Plan** – planning\n2. Many teams still use basecamp for this.', { competitors: ['Basecamp'] });
  expect(names(verdict)).toEqual([['Basecamp', 2]]);
});

test('generic bold words and headings are not options', () => {
  const verdict = read('## Overview\n**Pricing**: varies.\n**Key features**: many.\n### 1. Asana\nGood.');
  expect(names(verdict)).toEqual([['Asana', 1]]);
});

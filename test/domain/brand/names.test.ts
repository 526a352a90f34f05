import { findNames, matchableText } from '../../../domain/brand/reader/names';

const find = (text: string, ...names: string[]) =>
  findNames(matchableText(text), [{ key: 'x', names }]).map((span) => text.slice(span.start, span.end));

test.each([
  ['a name in prose, any case', 'We recommend ACME PLAN for small teams.', ['Acme Plan'], ['ACME PLAN']],
  ['never inside a longer word ("LI" is not in "tile")', 'Pick a tile that fits; LI is also fine.', ['LI'], ['LI']],
  ['a name followed by .word is a domain, not a mention', 'Search on you.com, or ask You directly.', ['You'], ['You']],
  [
    'names in a URL are not mentions',
    'See https://acmeplan.com/acme-plan-review and [Acme Plan](https://x.example/acme plan).',
    ['Acme Plan'],
    ['Acme Plan'],
  ],
  ['NFKC: full-width letters match', 'ＡＣＭＥ Plan is fast.', ['Acme Plan'], ['ＡＣＭＥ Plan']],
  ['line breaks and double spaces inside a name', 'Acme\nPlan and Acme  Plan', ['Acme Plan'], ['Acme\nPlan', 'Acme  Plan']],
  ['Chinese names by substring', '推荐使用飞书和钉钉来管理项目。', ['飞书'], ['飞书']],
  ['a one-character CJK name is too short to match', '书是好东西', ['书'], []],
  ['accented Latin on Unicode word boundaries', 'Ça va: Société Générale et Sociétés', ['Société'], ['Société']],
])('%s', (_case, text, names, found) => {
  expect(find(text, ...names)).toEqual(found);
});

test('the longest name wins where names overlap: the brand inside a competitor’s name is the competitor’s', () => {
  const text = 'Try Monday Sales CRM, or Monday itself.';
  const spans = findNames(matchableText(text), [
    { key: 'brand', names: ['Monday'] },
    { key: 'competitor', names: ['Monday Sales CRM'] },
  ]);
  expect(spans.map((span) => [span.key, text.slice(span.start, span.end)])).toEqual([
    ['competitor', 'Monday Sales CRM'],
    ['brand', 'Monday'],
  ]);
});

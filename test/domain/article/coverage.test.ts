import { coveredKeyPoints } from '../../../domain/article/coverage';
import { readArticleAnswer } from '../../../domain/lenses/article';

const points = [
  { id: 'k1', text: 'Drip irrigation uses up to 50 percent less water than overhead sprinklers.' },
  { id: 'k2', text: 'Tomatoes need at least six hours of direct sunlight a day.' },
  { id: 'k3', text: 'Rotating crop families every year prevents soil-borne diseases.' },
];

test('a key point is covered when half of its content words, stemmed, are in the answer', () => {
  // "irrigating", "sprinkler", "watering" meet "irrigation", "sprinklers", "water" at their stems.
  const answer = 'Drip irrigating can use 50 percent less watering than a sprinkler overhead. Tomatoes love the sun.';
  expect(coveredKeyPoints(answer, points, 'en')).toEqual(['k1']);
  expect(coveredKeyPoints('Rotate crops yearly: rotating families stops soil diseases.', points, 'en')).toEqual(['k3']);
  expect(coveredKeyPoints('Plant what you like.', points, 'en')).toEqual([]);
});

test('stop words do not count towards coverage', () => {
  expect(coveredKeyPoints('up to than at of a the every', points, 'en')).toEqual([]);
});

test('Chinese by character bigrams', () => {
  const chinese = [{ id: 'k1', text: '滴灌比喷灌节省一半的用水。' }];
  expect(coveredKeyPoints('据介绍，滴灌比喷灌节省一半用水。', chinese, 'zh')).toEqual(['k1']);
  expect(coveredKeyPoints('番茄需要充足的阳光。', chinese, 'zh')).toEqual([]);
});

test('an answer cites the article under any of its addresses, tracking parameters and www. aside', () => {
  const lens = { kind: 'article' as const, urls: ['https://blog.example/post', 'https://blog.example/post-final', 'https://blog.example/canonical'], domain: 'blog.example', keyPoints: points, language: 'en' };
  expect(readArticleAnswer('See https://www.blog.example/canonical/?utm_source=chatgpt.com#top', [], lens)).toMatchObject({ citesUrl: true, citesDomain: true });
  expect(readArticleAnswer('Answer.', ['https://blog.example/other-post'], lens)).toMatchObject({ citesUrl: false, citesDomain: true });
  expect(readArticleAnswer('Answer.', ['https://blog.example.evil.test/post'], lens)).toMatchObject({ citesUrl: false, citesDomain: false });
  expect(readArticleAnswer('Drip irrigation uses 50 percent less water than sprinklers overhead.', [], lens)).toMatchObject({ coverage: 0.333, coveredKeyPoints: ['k1'] });
});

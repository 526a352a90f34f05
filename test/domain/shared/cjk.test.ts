import { countCjk, hasCjk, hasKana } from '../../../domain/shared/language/cjk';

test('hasKana tells Japanese from Chinese, which share their characters', () => {
  expect(hasKana('おすすめの掃除機')).toBe(true);
  expect(hasKana('ダイソン')).toBe(true);
  expect(hasKana('最好的吸尘器')).toBe(false);
  expect(hasKana('청소기')).toBe(false);
});

test('hasCjk and countCjk see Chinese, Japanese and Korean, not Latin or Cyrillic', () => {
  expect(['吸尘器', 'そうじき', '청소기'].map(hasCjk)).toEqual([true, true, true]);
  expect(hasCjk('Staubsauger пылесос')).toBe(false);
  expect(countCjk('Dyson 掃除機 V15')).toBe(3);
});

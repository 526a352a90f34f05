import { hasWord, namedMidSentence, usesPhrase } from '../../../domain/brand/reader/answer-words';
import { distinctOptions } from '../../../domain/brand/reader/distinct-options';

describe('questions asked of the whole answer, from one pass over it', () => {
  it('finds a word written mid-sentence, whole, and not where a sentence opens it', () => {
    const answer = 'Shop at resellers like Best Buy, Target. Zorblex is new; Coda too. Trello.';
    expect(namedMidSentence(answer, 'Best Buy')).toBe(true);
    expect(namedMidSentence(answer, 'Target')).toBe(true);
    expect(namedMidSentence(answer, 'Zorblex')).toBe(false);
    expect(namedMidSentence(answer, 'Coda')).toBe(true);
    expect(namedMidSentence(answer, 'Best')).toBe(true);
    expect(namedMidSentence(answer, 'Bes')).toBe(false);
    expect(namedMidSentence(answer, 'Trello')).toBe(false);
  });

  it('reads a new answer after another', () => {
    expect(namedMidSentence('we like Asana', 'Asana')).toBe(true);
    expect(namedMidSentence('Asana is liked', 'Asana')).toBe(false);
  });

  it('finds a phrase across any white space, as whole words', () => {
    expect(usesPhrase('The MacBook\n  Air is light.', 'MacBook Air')).toBe(true);
    expect(usesPhrase('The MacBook Airy is light.', 'MacBook Air')).toBe(false);
    expect(hasWord('programs like Word', 'Word')).toBe(true);
    expect(hasWord('programs like Wordle', 'Word')).toBe(false);
    expect(hasWord('𝒜Word', 'Word')).toBe(false);
  });
});

describe('distinct options', () => {
  const names = {
    own: ['Patagonia'],
    ownKey: 'brand',
    competitors: ['Marmot'],
    competitorKey: (name: string) => `competitor:${name}`,
    placeToBuy: () => false,
  };
  const read = (...options: string[]) =>
    distinctOptions(
      options.map((name, index) => ({ name, start: index * 100, end: index * 100 + name.length })),
      names,
    ).map((option) => [option.key, option.occurrences]);

  it('joins a shorter or a longer later name to the earliest option it names', () => {
    expect(read('Apple MacBook Air', 'MacBook Air', 'Uniqlo', 'Uniqlo Crew Neck T-Shirt', 'Dell XPS 13', 'Dell XPS 13 Plus')).toEqual([
      ['option:apple macbook air', [0, 100]],
      ['option:uniqlo', [200, 300]],
      ['option:dell xps 13', [400]],
      ['option:dell xps 13 plus', [500]],
    ]);
  });

  it('joins a name that only adds a specification, and leaves the brand and its products out', () => {
    expect(read('Patagonia Torrentshell', 'Asus Zenbook 14', 'Asus Zenbook 14 OLED', 'Marmot', 'Marmot PreCip')).toEqual([
      ['option:asus zenbook 14', [100, 200]],
      ['competitor:Marmot', [300, 400]],
    ]);
  });
});

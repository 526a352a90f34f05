import { analyseBrandAnswer } from '../../../domain/brand/answer';
import { readingsFromModel, validOptions, withModelReading } from '../../../domain/brand/model-reading';

/**
 * The analysis model's reading of an answer is checked before it counts: every name must occur in the
 * answer, ranks are renumbered from what stays, and the brand's mention stays the rules' call.
 */
const ANSWER = [
  'For small agencies, these project tools stand out:',
  '',
  '1. **Asana** – clear pricing and timelines.',
  '2. **monday.com** or **ClickUp** – flexible boards for client work.',
  '3. **Trello** – simple and free to start.',
  '',
  'Sources: Zapier, G2.',
].join('\n');

describe('validOptions', () => {
  test('a name the answer does not contain is dropped, and the ranks close the gap', () => {
    expect(
      validOptions(ANSWER, [
        { name: 'Asana', rank: 1 },
        { name: 'Basecamp', rank: 2 },
        { name: 'ClickUp', rank: 3 },
        { name: 'monday.com', rank: 3 },
        { name: 'Trello', rank: 4 },
      ]),
    ).toEqual([
      { name: 'Asana', rank: 1 },
      { name: 'ClickUp', rank: 2 },
      { name: 'monday.com', rank: 2 },
      { name: 'Trello', rank: 3 },
    ]);
  });

  test('names match as the reader matches them: case and width folded, whole words only, spelled as the answer spells them', () => {
    expect(
      validOptions(ANSWER, [
        { name: 'ＴＲＥＬＬＯ', rank: 1 },
        { name: 'asana', rank: 2 },
      ]),
    ).toEqual([
      { name: 'Trello', rank: 1 },
      { name: 'Asana', rank: 2 },
    ]);
    // "Click" is inside "ClickUp", "Sana" inside "Asana": neither is named.
    expect(
      validOptions(ANSWER, [
        { name: 'Click', rank: 1 },
        { name: 'Sana', rank: 2 },
      ]),
    ).toEqual([]);
  });

  test('an option listed twice keeps its first place; empty and over-long names are dropped', () => {
    expect(
      validOptions(ANSWER, [
        { name: 'Trello', rank: 1 },
        { name: 'Asana', rank: 2 },
        { name: 'trello', rank: 3 },
        { name: ' ', rank: 4 },
        { name: 'Asana '.repeat(20), rank: 5 },
      ]),
    ).toEqual([
      { name: 'Trello', rank: 1 },
      { name: 'Asana', rank: 2 },
    ]);
  });
});

describe('readingsFromModel', () => {
  const batch = [
    { key: 'a1', question: 'Best project tools for agencies?', answer: ANSWER },
    { key: 'a2', question: 'Best free project tools?', answer: 'Trello is free.' },
  ];

  test('each answer gets the options the model gave it, validated; an answer the model skipped gets none', () => {
    const reply = JSON.stringify({
      answers: [
        {
          answer: 'a1',
          options: [
            { name: 'Asana', rank: 1 },
            { name: 'Wrike', rank: 2 },
          ],
        },
      ],
    });
    expect(readingsFromModel(reply, batch)).toEqual([{ key: 'a1', options: [{ name: 'Asana', rank: 1 }] }]);
  });

  test('a reply that is not the JSON asked for gives no reading', () => {
    expect(readingsFromModel('Here are the options: Asana, Trello', batch)).toBeUndefined();
    expect(readingsFromModel('{"options":[]}', batch)).toBeUndefined();
  });
});

describe('withModelReading', () => {
  const lens = { brand: 'ClickUp', aliases: [], competitors: ['Monday.com'] };
  const rules = analyseBrandAnswer({ answer: ANSWER, citations: [], ...lens });

  test('the model’s order ranks the brand and the options; a given competitor keeps the name the user gave', () => {
    const read = withModelReading(
      rules,
      [
        { name: 'Asana', rank: 1 },
        { name: 'monday.com', rank: 2 },
        { name: 'ClickUp', rank: 2 },
        { name: 'Trello', rank: 3 },
      ],
      lens,
    );
    expect(read).toMatchObject({
      mentioned: true,
      rank: 2,
      firstRecommended: false,
      entities: [
        { name: 'Asana', rank: 1 },
        { name: 'Monday.com', rank: 2 },
        { name: 'Trello', rank: 3 },
      ],
    });
  });

  test('a brand the rules do not find named is not ranked, however the model lists it', () => {
    const clear = { brand: 'Clear', aliases: [], competitors: [] };
    const verdict = analyseBrandAnswer({ answer: ANSWER, citations: [], ...clear });
    expect(verdict.mentioned).toBe(false);
    expect(
      withModelReading(
        verdict,
        [
          { name: 'clear', rank: 1 },
          { name: 'Asana', rank: 2 },
        ],
        clear,
      ),
    ).toMatchObject({ mentioned: false, rank: null, firstRecommended: false, entities: [{ name: 'Asana', rank: 1 }] });
  });

  test('a brand named but not presented as an option is mentioned without a rank', () => {
    expect(withModelReading(rules, [{ name: 'Asana', rank: 1 }], lens)).toMatchObject({
      mentioned: true,
      rank: null,
      firstRecommended: false,
    });
  });

  test('no valid option: the rules’ reading stands', () => {
    expect(withModelReading(rules, [], lens)).toBeUndefined();
  });
});

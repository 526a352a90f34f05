import { analyseBrandAnswer } from '../../../domain/brand/reader/answer';
import { READING_OUTPUT, namesOf, readingsFromModel, validNames, type NameRole } from '../../../domain/brand/reader/model-reading';
import { withModelReading } from '../../../domain/brand/reader/model-verdict';

/**
 * The analysis model's reading of an answer is checked before it counts: every name must occur in the
 * answer, options are renumbered from what stays, a name it calls anything but an option has no rank,
 * the brand's mention stays the rules' call, and where the two readers differ is recorded.
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

const option = (name: string, rank: number) => ({ name, role: 'option' as NameRole, rank });
const other = (name: string, role: NameRole) => ({ name, role, rank: 0 });

describe('validNames', () => {
  test('a name the answer does not contain is dropped and counted, and the options close the gap', () => {
    expect(
      validNames(ANSWER, [option('Asana', 1), option('Basecamp', 2), option('ClickUp', 3), option('monday.com', 3), option('Trello', 4)]),
    ).toEqual({
      names: [
        { name: 'Asana', role: 'option', rank: 1 },
        { name: 'ClickUp', role: 'option', rank: 2 },
        { name: 'monday.com', role: 'option', rank: 2 },
        { name: 'Trello', role: 'option', rank: 3 },
      ],
      invented: 1,
    });
  });

  test('a name the answer escaped is found as a renderer shows it ("AT&T" in "AT\\&T"), not counted as invented', () => {
    expect(
      validNames('1. **AT\\&T Unlimited**: \\$60\n2. **Contoso Mobile**: \\$25', [
        option('AT&T Unlimited', 1),
        option('Contoso Mobile', 2),
      ]),
    ).toEqual({
      names: [
        { name: 'AT&T Unlimited', role: 'option', rank: 1 },
        { name: 'Contoso Mobile', role: 'option', rank: 2 },
      ],
      invented: 0,
    });
  });

  test('names match as the reader matches them: case and width folded, whole words only, spelled as the answer spells them', () => {
    expect(validNames(ANSWER, [option('ＴＲＥＬＬＯ', 1), option('asana', 2)]).names).toEqual([
      { name: 'Trello', role: 'option', rank: 1 },
      { name: 'Asana', role: 'option', rank: 2 },
    ]);
    // "Click" is inside "ClickUp", "Sana" inside "Asana": neither is named.
    expect(validNames(ANSWER, [option('Click', 1), option('Sana', 2)])).toEqual({ names: [], invented: 2 });
  });

  test('a name that is not an option has no rank; a name listed twice keeps its first place, and is an option if either says so', () => {
    expect(
      validNames(ANSWER, [
        other('Zapier', 'source'),
        option('Trello', 1),
        other('trello', 'store'),
        option('Asana', 2),
        option('trello', 3),
      ]).names,
    ).toEqual([
      { name: 'Trello', role: 'option', rank: 1 },
      { name: 'Asana', role: 'option', rank: 2 },
      { name: 'Zapier', role: 'source', rank: null },
    ]);
  });
});

describe('readingsFromModel', () => {
  const batch = [
    { key: 'a1', question: 'Best project tools for agencies?', answer: ANSWER },
    { key: 'a2', question: 'Best free project tools?', answer: 'Trello is free.' },
  ];

  test('each answer gets the names the model gave it, validated; a role outside the schema is dropped; a skipped answer gets none', () => {
    const reply = JSON.stringify({
      answers: [
        {
          answer: 'a1',
          names: [option('Asana', 1), option('Wrike', 2), { name: 'G2', role: 'publisher', rank: 0 }, other('G2', 'source')],
        },
      ],
    });
    expect(readingsFromModel(reply, batch)).toEqual({
      readings: [
        {
          key: 'a1',
          names: [
            { name: 'Asana', role: 'option', rank: 1 },
            { name: 'G2', role: 'source', rank: null },
          ],
          invented: 1,
        },
      ],
    });
  });

  test('a reply that is not the JSON asked for gives no reading, and says why', () => {
    expect(readingsFromModel('Here are the options: Asana, Trello', batch)).toEqual({ problem: expect.stringContaining('not JSON') });
    expect(readingsFromModel('{"options":[]}', batch)).toEqual({ problem: expect.stringContaining('without the list of answers') });
  });

  test('the schema asks a role of every name, from the six roles', () => {
    const names = JSON.stringify(READING_OUTPUT.schema);
    expect(names).toContain('"enum":["option","store","source","component","category","other"]');
    expect(names).toContain('"required":["name","role","rank"]');
  });

  test('a reading recorded before roles reads as options', () => {
    expect(namesOf({ key: 'a1', options: [{ name: 'Asana', rank: 1 }] })).toEqual({
      key: 'a1',
      names: [{ name: 'Asana', role: 'option', rank: 1 }],
      invented: 0,
    });
  });
});

describe('withModelReading', () => {
  const lens = { brand: 'ClickUp', aliases: [], competitors: ['Monday.com'] };
  const rules = analyseBrandAnswer({ answer: ANSWER, citations: [], ...lens });
  const reading = (...names: ReturnType<typeof option>[]) => ({ key: 'a1', ...validNames(ANSWER, names) });

  test('the model’s order ranks the brand and the options; a given competitor keeps the name the user gave', () => {
    const read = withModelReading(
      rules,
      reading(option('Asana', 1), option('monday.com', 2), option('ClickUp', 2), option('Trello', 3)),
      lens,
    );
    expect(read).toMatchObject({
      verdict: {
        mentioned: true,
        rank: 2,
        firstRecommended: false,
        entities: [
          { name: 'Asana', rank: 1 },
          { name: 'Monday.com', rank: 2 },
          { name: 'Trello', rank: 3 },
        ],
      },
      reading: { readBy: 'model' },
    });
  });

  test('a name the rules rank that the model calls a component loses its rank, and the disagreement is recorded', () => {
    expect(rules.entities.map((entity) => entity.name)).toContain('Trello');
    const read = withModelReading(
      rules,
      reading(option('Asana', 1), option('monday.com', 2), option('ClickUp', 2), other('Trello', 'component')),
      lens,
    );
    if (!('verdict' in read)) throw new Error(read.fallback);
    expect(read.verdict.entities.map((entity) => entity.name)).not.toContain('Trello');
    expect(read.reading.readerDisagreements).toContainEqual({
      name: 'Trello',
      rulesRole: 'option',
      rulesRank: rules.entities.find((entity) => entity.name === 'Trello')!.rank,
      modelRole: 'component',
      modelRank: null,
    });
  });

  test('a brand the model calls a source is mentioned without a rank', () => {
    const read = withModelReading(rules, reading(option('Asana', 1), other('ClickUp', 'source')), lens);
    expect(read).toMatchObject({ verdict: { mentioned: true, rank: null, firstRecommended: false } });
    expect('verdict' in read && read.reading.readerDisagreements).toContainEqual(
      expect.objectContaining({ name: 'ClickUp', rulesRole: 'option', modelRole: 'source', modelRank: null }),
    );
  });

  test('a brand the rules do not find named is not ranked, however the model lists it', () => {
    const clear = { brand: 'Clear', aliases: [], competitors: [] };
    const verdict = analyseBrandAnswer({ answer: ANSWER, citations: [], ...clear });
    expect(verdict.mentioned).toBe(false);
    expect(withModelReading(verdict, reading(option('clear', 1), option('Asana', 2)), clear)).toMatchObject({
      verdict: { mentioned: false, rank: null, firstRecommended: false, entities: [{ name: 'Asana', rank: 1 }] },
    });
  });

  test('readers that agree record no disagreement', () => {
    const agreeing = rules.entities.map((entity) => option(entity.name, entity.rank));
    const read = withModelReading(rules, reading(...agreeing, option('ClickUp', rules.rank!)), lens);
    expect(read).toEqual({ verdict: rules, reading: { readBy: 'model' } });
  });

  test('a name the readers spell differently is one name: no disagreement where they rank it alike, one where they do not', () => {
    const jackets = '1. **Patagonia Torrentshell 3L** – the all-rounder.\n2. **Marmot PreCip Eco** – light and cheap.';
    const brand = { brand: 'Acme', aliases: [], competitors: [] };
    const byRules = analyseBrandAnswer({ answer: jackets, citations: [], ...brand });
    expect(byRules.entities).toEqual([
      { name: 'Patagonia Torrentshell 3L', rank: 1 },
      { name: 'Marmot PreCip Eco', rank: 2 },
    ]);
    const read = (...names: ReturnType<typeof option>[]) => withModelReading(byRules, { key: 'a1', ...validNames(jackets, names) }, brand);
    expect(read(option('Torrentshell 3L', 1), option('Marmot PreCip Eco', 2))).toMatchObject({ reading: { readBy: 'model' } });
    expect(read(option('Torrentshell 3L', 1), option('Marmot PreCip Eco', 2))).not.toHaveProperty('reading.readerDisagreements');
    expect(read(option('Marmot PreCip Eco', 1), option('Torrentshell 3L', 2))).toMatchObject({
      reading: {
        readerDisagreements: [
          { name: 'Patagonia Torrentshell 3L', rulesRole: 'option', rulesRank: 1, modelRole: 'option', modelRank: 2 },
          { name: 'Marmot PreCip Eco', rulesRole: 'option', rulesRank: 2, modelRole: 'option', modelRank: 1 },
        ],
      },
    });
  });

  test('a reading that cannot stand falls back to the rules, with the reason', () => {
    expect(withModelReading(rules, reading(option('Basecamp', 1), option('Wrike', 2)), lens)).toEqual({
      fallback: 'none of the 2 names the model listed occurs in the answer',
    });
    expect(withModelReading(rules, reading(), lens)).toEqual({
      fallback: 'the model listed no name in an answer the rules read options in',
    });
  });
});

import { brandMentions, readBrandAnswer } from '../../../domain/brand/reader/answer';
import { layoutOf } from '../../../domain/brand/reader/answer-layout';
import { unescapeMarkdown } from '../../../domain/brand/reader/escapes';

/** Answers written as ChatGPT writes its shopping answers: a card a linked heading, prices escaped, a comparison table. */
const read = (answer: string, brand = 'Zyntrax') =>
  readBrandAnswer({ answer, citations: [], brand, aliases: [], competitors: [], question: 'best espresso machine for home' }).verdict;

const CARDS = [
  'Here are espresso machines worth a look:',
  '',
  '### [Contoso Barista Express Espresso Machine | CX870XL](https://shop.example/contoso-cx870)',
  '',
  '*\\$699.95*',
  '',
  '### [Fabrikam 3,500 Sq. Ft. Steam Station with Pump]()',
  '',
  '*\\$289.99*',
  '',
  '### [Apple Brew Mini (13-inch, M1, 2020)](https://shop.example/brew-mini)',
  '',
  '**Top Picks Explained:**',
  '',
  '1. **[Contoso Barista Express Espresso Machine | CX870XL](https://shop.example/contoso-cx870)**: Built-in grinder and a steam wand.',
  '2. **[Fabrikam 3,500 Sq. Ft. Steam Station with Pump]()**: Covers large kitchens.',
].join('\n');

describe("a shop's cards and their markup", () => {
  it('reads a heading or item that leads with a link as one name, whole, in card order, without the listing code after a bar', () => {
    const entities = read(CARDS).entities.map(({ name, rank }) => `${rank}. ${name}`);
    expect(entities).toEqual([
      '1. Contoso Barista Express Espresso Machine',
      '2. Fabrikam 3,500 Sq. Ft. Steam Station with Pump',
      '3. Apple Brew Mini (13-inch, M1, 2020)',
    ]);
  });

  it('does not count a word of a linked product name as a brand of that name', () => {
    expect(read(CARDS, 'Express').mentioned).toBe(false);
    expect(read(CARDS, 'Fabrikam')).toMatchObject({ mentioned: true, rank: 2 });
  });

  it('reads a name as shown where the answer escaped its marks, and marks it at its place in the original', () => {
    const answer = '1. **AT\\&T Unlimited 55\\+ Plan**: \\$60 a month.\n2. **Contoso Mobile**: \\$25 a month.';
    expect(read(answer, 'AT&T')).toMatchObject({ mentioned: true, rank: 1 });
    const [span] = brandMentions(answer, 'AT&T', []);
    expect(answer.slice(span!.start, span!.end)).toBe('AT\\&T');
    expect(brandMentions(answer, 'Contoso Mobile', []).map(({ start, end }) => answer.slice(start, end))).toEqual(['Contoso Mobile']);
  });

  it('keeps the list and heading marks escaped at a line start: "1\\." opens no list', () => {
    expect(unescapeMarkdown('1\\. Contoso Trail is light.\nIt costs \\$99 (C\\# SDK)').text).toBe(
      '1\\. Contoso Trail is light.\nIt costs $99 (C# SDK)',
    );
    expect(layoutOf(unescapeMarkdown('1\\. Contoso Trail is light.').text).units[0]!.kind).toBe('prose');
  });

  it('reads a table whose first cells are names as a table of rows, though its header holds a word the dictionary lacks', () => {
    const answer = [
      '| Machine | Price | Grinder | Milk Frother | Ideal For |',
      '| --- | --- | --- | --- | --- |',
      '| [Contoso Barista Express](https://shop.example/c) | \\$699 | Yes | Manual | Enthusiasts |',
      '| [Fabrikam Classic Evo](https://shop.example/f) | \\$449 | No | Manual | Purists |',
    ].join('\n');
    expect(read(answer).entities.map((entity) => entity.name)).toEqual(['Contoso Barista Express', 'Fabrikam Classic Evo']);
  });

  it('does not count a brand spelled like a word inside a label of ordinary words, but counts the label that is the name alone', () => {
    const answer = '- **Best Budget Option:** The Contoso Lite at \\$199.\n- **Best for Work-from-Home or Office:** Fabrikam Desk Pro.';
    expect(read(answer, 'Budget').mentioned).toBe(false);
    expect(read(answer, 'Office').mentioned).toBe(false);
    expect(read('- **Target:** store brands at low prices.\n- **Contoso Mart:** bulk packs.', 'Target')).toMatchObject({
      mentioned: true,
      rank: 1,
    });
  });

  it("reads neither a card's label under it nor a pick's grading label as an option, so the picks keep their ranks", () => {
    const cards = [
      '### [Contoso Trail 2](https://shop.example/trail)',
      '',
      '#### Best for Fingerstyle',
      '',
      '### [Fabrikam Ridge](https://shop.example/ridge)',
      '',
      '#### Eco-Friendly Zentrix Coating',
      '',
      '### 🏆 Best Overall Nonstick Cookware Set',
      '',
      '**Northwind Pan Pro**',
      '',
      '### **Best for Art House and Indie: Zentrix**',
    ].join('\n');
    expect(read(cards).entities.map(({ name, rank }) => `${rank}. ${name}`)).toEqual([
      '1. Contoso Trail 2',
      '2. Fabrikam Ridge',
      '3. Northwind Pan Pro',
      '4. Zentrix',
    ]);
  });

  it('reads a table headed "Feature" whose columns are the options as such, though its rows name features the dictionary lacks', () => {
    const answer = [
      '| Feature | Contoso FR255 | Fabrikam Pace 3 | Northwind Pacer Pro |',
      '| --- | --- | --- | --- |',
      '| GPS Accuracy | Excellent | Very good | Good |',
      '| Multisport Support | Yes | Yes | No |',
      '| HR Accuracy | Good | Good | Fair |',
    ].join('\n');
    expect(read(answer).entities.map((entity) => entity.name)).toEqual(['Contoso FR255', 'Fabrikam Pace 3', 'Northwind Pacer Pro']);
  });

  it("keeps two shop cards apart where one card's name opens the other's, and a later naming goes to the card of that very name", () => {
    const answer = [
      '### [Contoso Pulse PRO Plus G6](https://shop.example/plus)',
      '### [Fabrikam Relief](https://shop.example/relief)',
      '### [Contoso Pulse PRO](https://shop.example/pro)',
      '',
      'The Contoso Pulse PRO is the quieter of the two.',
    ].join('\n');
    expect(read(answer).entities.map(({ name, rank }) => `${rank}. ${name}`)).toEqual([
      '1. Contoso Pulse PRO Plus G6',
      '2. Fabrikam Relief',
      '3. Contoso Pulse PRO',
    ]);
    expect(read(answer, 'Contoso Pulse PRO')).toMatchObject({ mentioned: true, rank: 3 });
  });

  it("gives each name of a bold sentence its own rank, as prose does (Perplexity's lead)", () => {
    const lead = '**Top trail shoe brands include Contoso, Fabrikam, Northwind and Tailwind Traders, praised for grip.**[1][2]';
    expect(read(lead).entities.map(({ name, rank }) => `${rank}. ${name}`)).toEqual([
      '1. Contoso',
      '2. Fabrikam',
      '3. Northwind',
      '4. Tailwind Traders',
    ]);
  });
});

import { readBrandAnswer } from '../../../domain/brand/reader/answer';

/** Answers written as Perplexity's API writes them: a bold lead sentence, bold-led items, tables with lists in their cells. */
const read = (answer: string, brand = 'Zyntrax', question = 'top trail shoe brands 2026') =>
  readBrandAnswer({ answer, citations: [], brand, aliases: [], competitors: [], question }).verdict;
const ranked = (answer: string) => read(answer).entities.map(({ name, rank }) => `${rank}. ${name}`);

describe("Perplexity's shapes", () => {
  it('reads bold names joined before the colon as leading the item together, and bold leads of words as names among names', () => {
    const answer = [
      '### Homegrown brands',
      '- **Contoso Trail**: light and grippy.[1]',
      '- **Fabrikam** and **Northwind**: everyday trainers.[2]',
      '- **Gods Club**: streetwear runners.[1]',
      '- **Tailspin Toys**: for children.[3]',
    ].join('\n');
    expect(ranked(answer)).toEqual(['1. Contoso Trail', '2. Fabrikam', '2. Northwind', '3. Gods Club', '4. Tailspin Toys']);
  });

  it('keeps "**Pricing:**" a label among labels', () => {
    const answer = '1. **Contoso Trail**\n   - **Pricing**: $120\n   - **Weight**: 240 g\n   - **Grip**: good';
    expect(ranked(answer)).toEqual(['1. Contoso Trail']);
  });

  it('reads each name of a table cell that lists names, and counts each as a mention', () => {
    const answer = [
      '| Brands | Best for |',
      '|---|---|',
      '| Contoso Pro, Fabrikam, and Northwind | Work boots |',
      '| Tailspin Peak | Hiking |',
    ].join('\n');
    expect(ranked(answer)).toEqual(['1. Contoso Pro', '1. Fabrikam', '1. Northwind', '2. Tailspin Peak']);
    expect(read(answer, 'Fabrikam')).toMatchObject({ mentioned: true, rank: 1 });
    // A comma that only adds a word to a name leaves one name.
    expect(ranked('| Model | Price |\n|---|---|\n| Contoso WH-1000, Black | $299 |\n| Fabrikam Q30 | $79 |')).toEqual([
      '1. Contoso WH-1000, Black',
      '2. Fabrikam Q30',
    ]);
  });

  it('reads no option in where a brand is made or who founded it, nor in a year joined to a name', () => {
    const answer = [
      '**Top trail shoe brands for 2026 include Contoso and Fabrikam.**[1]',
      '',
      'Contoso is handcrafted in Portugal or Vietnam; Fabrikam was founded in 2012 by Ada Brightwater and Lin Rowe.',
    ].join('\n');
    expect(ranked(answer)).toEqual(['1. Contoso', '2. Fabrikam']);
  });

  it('counts no brand spelled like a word that ends a title of words, but counts one that stands alone', () => {
    const answer =
      '### Top Luxury Dress Shoes and Boots\n\n- **Contoso Ridge**: a rounded meta rocker sole.\n\n### Why These Excel\n\nGrip.';
    expect(read(answer, 'Boots').mentioned).toBe(false);
    expect(read(answer, 'Excel').mentioned).toBe(false);
    expect(read('### Boots\n\nA UK chain with low prices.\n\n- Available at: Contoso, Boots', 'Boots')).toMatchObject({ mentioned: true });
  });

  it('reads a heading that groups picks ("### By Use Case") as a label, so the picks under it keep their places, and a country after "in" as a place', () => {
    const answer = [
      'Several brands sell trail shoes in India, such as Contoso.',
      '',
      '### By Use Case',
      '- **City walking**: Fabrikam Leona (good treads).',
      '- **Warmest**: Northwind Peak.',
    ].join('\n');
    expect(ranked(answer)).toEqual(['1. Contoso', '2. Fabrikam Leona', '3. Northwind Peak']);
    expect(read('- India: Contoso\n- Italy: Fabrikam', 'India', 'best countries to visit')).toMatchObject({ mentioned: true, rank: 1 });
  });
});

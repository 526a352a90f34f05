import { analyseBrandAnswer } from '../../../domain/brand/reader/answer';
import { withCardSlots, type CardNames } from '../../../domain/brand/reader/card-slots';
import { readCards } from '../../../domain/shared/product-cards';

/** Product cards as the answer's first slots (docs/checks/brand.md, "Product cards"), combined with the text reader's verdict. */

const names: CardNames = { brand: 'Korvo', aliases: [], competitors: ['Salomon'], products: ['Summit Pro'] };
const read = (answer: string) => analyseBrandAnswer({ answer, citations: [], brand: names.brand, aliases: [], competitors: ['Salomon'] });
const cards = (...titles: string[]) => readCards(titles.map((title) => ({ title, merchant: 'REI', price: 100 }))).products;

test('the text’s options follow the cards, renumbered after them, less those a card presents', () => {
  const verdict = read(
    'Top picks:\n\n1. **Hoka Speedgoat 6** – cushioned.\n2. **Altra Lone Peak 8** – roomy.\n3. **Korvo Ridgeline 3** – grippy.',
  );
  expect(verdict.rank).toBe(3);
  const { verdict: combined, cards: owned } = withCardSlots(verdict, cards('Salomon Speedcross 6', 'Hoka Speedgoat 6'), names);
  // Korvo is on no card: ranked after the two cards and the text's Altra.
  expect(combined).toMatchObject({ mentioned: true, rank: 4, firstRecommended: false });
  expect(combined.entities).toEqual([
    { name: 'Salomon', rank: 1 },
    { name: 'Hoka Speedgoat 6', rank: 2 },
    { name: 'Altra Lone Peak 8', rank: 3 },
  ]);
  expect(owned.map((card) => [card.brand, card.competitor])).toEqual([
    [false, 'Salomon'],
    [false, undefined],
  ]);
});

test('a brand named only on a card, or a product the request lists, is mentioned at its card; two of its cards take one slot', () => {
  const verdict = read('Look for deep lugs and a rock plate; a roomy toe box helps on long days.');
  expect(verdict).toMatchObject({ mentioned: false, rank: null });
  const { verdict: combined, cards: owned } = withCardSlots(
    verdict,
    cards("Summit Pro Trail Shoe (Men's)", 'KORVO Ridgeline 3', 'Salomon Speedcross 6'),
    names,
  );
  expect(combined).toMatchObject({ mentioned: true, rank: 1, firstRecommended: true, noAnswer: false });
  expect(combined.entities).toEqual([{ name: 'Salomon', rank: 2 }]);
  expect(owned.map((card) => card.brand)).toEqual([true, true, false]);
});

test('no cards: the verdict as the text reader gave it', () => {
  const verdict = read('1. **Korvo Ridgeline 3**\n2. **Salomon Speedcross 6**');
  expect(withCardSlots(verdict, [], names)).toEqual({ verdict, cards: [] });
});

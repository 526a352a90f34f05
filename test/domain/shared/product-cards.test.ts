import { MAX_CARDS, parsePrice, readCards } from '../../../domain/shared/product-cards';

/** What a surface answer keeps of the cards a provider sends (docs/surfaces.md, "Product cards"): bad input and limits. */

describe('prices as cards show them', () => {
  test.each([
    ['$299.00', 299, 'USD'],
    ['$1,299.99', 1299.99, 'USD'],
    ['€1.299,00', 1299, 'EUR'],
    ['1 299,00 €', 1299, 'EUR'],
    ['£45', 45, 'GBP'],
    ['¥12,800', 12800, 'JPY'],
    ['CA$89.50', 89.5, 'CAD'],
    ['USD 45.10', 45.1, 'USD'],
    ['from $199 – $249', 199, 'USD'],
    ['79.95', 79.95, undefined],
  ])('%s reads as %d %s', (text, amount, currency) => {
    expect(parsePrice(text)).toEqual({ amount, ...(currency ? { currency } : {}) });
  });

  test.each(['Free shipping', 'See price in store', '$0.00', ''])('%j reads as no price', (text) => {
    expect(parsePrice(text)).toBeUndefined();
  });
});

describe('readCards', () => {
  test('a price that does not read is null with its text kept; 0 is no price (nor currency); the currency comes from the symbol', () => {
    const { products } = readCards([
      { title: 'A', priceText: 'See price in store', currency: null },
      { title: 'B', price: 0, priceText: '$0.00' },
      { title: 'C', priceText: '$299.00' },
      { title: 'D', price: 12, currency: 'eur' },
    ]);
    expect(products.map(({ title, price, priceText, currency }) => ({ title, price, priceText, currency }))).toEqual([
      { title: 'A', price: null, priceText: 'See price in store', currency: null },
      { title: 'B', price: null, priceText: '$0.00', currency: null },
      { title: 'C', price: 299, priceText: '$299.00', currency: 'USD' },
      { title: 'D', price: 12, priceText: undefined, currency: 'EUR' },
    ]);
  });

  test('a card without a title is dropped and counted; the cards after it move up', () => {
    const read = readCards([{ title: 'First' }, { title: '  ', price: 3 }, { merchant: 'REI' }, { title: 'Second' }]);
    expect(read.products.map((card) => [card.position, card.title])).toEqual([
      [1, 'First'],
      [2, 'Second'],
    ]);
    expect(read.productNotes).toEqual({ untitledCards: 2, cutCards: 0 });
  });

  test(`cards beyond ${MAX_CARDS} are cut and counted`, () => {
    const read = readCards(Array.from({ length: MAX_CARDS + 7 }, (_, index) => ({ title: `Card ${index + 1}` })));
    expect(read.products).toHaveLength(MAX_CARDS);
    expect(read.products.at(-1)!.title).toBe(`Card ${MAX_CARDS}`);
    expect(read.productNotes).toEqual({ untitledCards: 0, cutCards: 7 });
    expect(readCards([{ title: 'Only' }]).productNotes).toBeUndefined();
  });

  test('merchants shown as "X + others" keep their text and name X; ratings out of 100 read out of 5', () => {
    const [card] = readCards([{ title: 'Shoe', merchants: 'REI + others', rating: 92, ratingMax: 100, reviews: 40 }]).products;
    expect(card).toMatchObject({ merchant: 'REI', merchants: 'REI + others', rating: 4.6, reviews: 40 });
  });
});

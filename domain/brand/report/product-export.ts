import { answeredMarket, answerRows, exportTable, reportColumns, type AnswerRow, type StoredReport } from '../../shared/export-table';
import type { BrandCard } from '../reader/card-slots';
import type { BrandReport } from './report-schema';

/**
 * A brand diagnosis's product cards as a table (docs/exports.md, "products.csv"): one row per card, in
 * the report's answer order and each answer's card order, with the writers, versioning and formula
 * guard of answers.csv.
 */
type Row = AnswerRow<BrandReport> & { card: BrandCard };

const VERSION = 1;

function* cardRows(stored: StoredReport<BrandReport>): Iterable<Row> {
  for (const row of answerRows(stored)) for (const card of row.answer.products ?? []) yield { ...row, card };
}

export const productExport = exportTable<StoredReport<BrandReport>, Row>({
  version: VERSION,
  rowsAre: 'one per product card (every surface answer that showed cards, each card in the order shown)',
  rows: cardRows,
  columns: [
    ...reportColumns<Row>(VERSION),
    {
      key: 'market',
      type: 'text',
      description: 'Where the question was asked from: country-language[-city]; empty when no market was set',
      read: answeredMarket,
    },
    { key: 'platform', type: 'text', description: 'The search surface that showed the card', read: ({ answer }) => answer.platform },
    { key: 'question', type: 'text', description: 'The question asked', read: ({ question }) => question?.text },
    { key: 'run', type: 'number', description: 'Which asking of the same question on the same surface', read: ({ answer }) => answer.run },
    {
      key: 'position',
      type: 'number',
      description: "The card's place among the answer's cards (1 = first)",
      read: ({ card }) => card.position,
    },
    { key: 'title', type: 'text', description: "The card's product title", read: ({ card }) => card.title },
    { key: 'maker', type: 'text', description: "The product's maker, where the provider names it", read: ({ card }) => card.maker },
    { key: 'merchant', type: 'text', description: 'The merchant the card names first', read: ({ card }) => card.merchant },
    {
      key: 'merchants',
      type: 'text',
      description: 'The merchants as the card shows them ("REI + others"), where it shows more than one',
      read: ({ card }) => card.merchants,
    },
    {
      key: 'price',
      type: 'number',
      description: 'The price as a number; empty when the card shows none or one that does not read',
      read: ({ card }) => card.price,
    },
    {
      key: 'priceText',
      type: 'text',
      description: 'The price as the card shows it, where given as text',
      read: ({ card }) => card.priceText,
    },
    { key: 'regularPrice', type: 'number', description: 'The price before a reduction', read: ({ card }) => card.regularPrice },
    { key: 'currency', type: 'text', description: 'ISO 4217 currency code', read: ({ card }) => card.currency },
    { key: 'rating', type: 'number', description: 'Rating out of 5', read: ({ card }) => card.rating },
    { key: 'reviews', type: 'number', description: 'Number of reviews', read: ({ card }) => card.reviews },
    { key: 'productId', type: 'text', description: "The provider's product id", read: ({ card }) => card.productId },
    {
      key: 'brand',
      type: 'boolean',
      description: "The card is the brand's: its title or maker names the brand, an alias or a product the request lists",
      read: ({ card }) => card.brand,
    },
    { key: 'competitor', type: 'text', description: 'The given competitor the card names', read: ({ card }) => card.competitor },
    { key: 'url', type: 'text', description: "The card's link", read: ({ card }) => card.url },
    { key: 'image', type: 'text', description: "The card's image", read: ({ card }) => card.image },
    { key: 'questionId', type: 'text', description: "The question's id in the report", read: ({ answer }) => answer.questionId },
  ],
});

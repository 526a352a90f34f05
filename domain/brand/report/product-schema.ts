import { z } from 'zod';
import { rateSchema } from '../../shared/rate-schema';
import { reportMarketSchema } from '../../shared/market-schema';

/**
 * The product cards of a brand report's answers and its product visibility (docs/checks/brand.md,
 * "Product cards"), as zod schemas: the type, the OpenAPI document and validation from one definition.
 */

const price = z.number().positive().nullable();

export const brandCardSchema = z
  .object({
    position: z.number().int().min(1).describe('1 for the first card shown'),
    title: z.string(),
    maker: z.string().optional().describe('Where the provider names it'),
    merchant: z.string().nullable().describe('The merchant the card names first'),
    merchants: z.string().optional().describe('The merchants as the card shows them ("REI + others")'),
    price: price.describe('null when the card shows no price, or one that does not read as a price; never 0'),
    priceText: z.string().optional().describe('The price as the card shows it, where the provider gives it as text'),
    regularPrice: price.optional().describe('The price before a reduction'),
    currency: z.string().nullable().describe('ISO 4217'),
    rating: z.number().nullable().describe('Out of 5'),
    reviews: z.number().int().min(0).nullable(),
    productId: z.string().nullable().describe("The provider's product id (Google Shopping's for ChatGPT's cards)"),
    url: z.string().nullable(),
    image: z.string().nullable(),
    brand: z.boolean().describe("The card's title or maker names the brand, an alias or a product the request lists"),
    competitor: z.string().optional().describe('The given competitor the card names'),
  })
  .meta({ id: 'ProductCard' });

export const productNotesSchema = z.object({
  untitledCards: z.number().int().min(0).describe('Cards without a title, dropped'),
  cutCards: z.number().int().min(0).describe('Cards past the 30 an answer keeps, cut'),
});

const merchantSchema = z.object({
  merchant: z.string(),
  cards: z.number().int().min(1).describe('Cards naming this merchant'),
  products: z.array(z.string()).describe('The products it sells on those cards, most shown first'),
  lowestPrice: price,
  highestPrice: price,
  currency: z.string().nullable(),
});

export const productVisibilitySchema = z
  .object({
    platformId: z.string(),
    platform: z.string(),
    market: reportMarketSchema.optional(),
    key: z.string().optional().describe('The market\'s key ("DE-de"), when the diagnosis has markets'),
    answers: z.number().int().min(0).describe('Answers the surface showed (every question, branded ones included)'),
    cardRate: rateSchema.describe('Of those answers, the ones with product cards'),
    cards: z.number().int().min(0).describe('Cards shown in all'),
    brandShare: rateSchema.describe("The brand's cards among all cards shown"),
    bestPosition: z.number().int().min(1).nullable().describe("The brand's best card position; null when no card is the brand's"),
    averagePosition: z.number().nullable().describe("The average position of the brand's cards"),
    topProducts: z
      .array(
        z.object({
          title: z.string(),
          maker: z.string().optional(),
          brand: z.boolean(),
          shown: z.number().int().min(1).describe('Cards showing it'),
          averagePosition: z.number(),
          lowestPrice: price,
          highestPrice: price,
          currency: z.string().nullable(),
        }),
      )
      .describe('The products shown most, most first'),
    brandMerchants: z.array(merchantSchema).describe("The merchants on the brand's cards, most cards first"),
    competitorMerchants: z.array(merchantSchema).describe("The merchants on the other cards (the competitors' products), most cards first"),
  })
  .meta({ id: 'ProductVisibility' });

export type ProductVisibility = z.infer<typeof productVisibilitySchema>;

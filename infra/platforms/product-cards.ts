import { z } from 'zod';
import { readCards, type RawCard, type ReadCards } from '../../domain/shared/product-cards';

/**
 * The product cards in the three provider shapes (docs/surfaces.md, "Product cards"; fields as
 * references/products-demand-agents.md §1 lists them): SerpApi AI Mode's `shopping_results[]`,
 * DataForSEO AI Mode's `ai_overview_shopping` element, DataForSEO ChatGPT's `chat_gpt_products` item.
 * Every field is optional and read leniently: a card the provider shapes oddly loses that field, never
 * the answer.
 */

const text = z.string().nullish().catch(undefined);
const number = z.number().nullish().catch(undefined);

const serpApiCard = z.looseObject({
  title: text,
  source: text,
  price: z.union([z.string(), z.number()]).nullish().catch(undefined),
  extracted_price: number,
  old_price: z.union([z.string(), z.number()]).nullish().catch(undefined),
  extracted_old_price: number,
  alternative_price: z.looseObject({ currency: text }).nullish().catch(undefined),
  rating: number,
  reviews: number,
  product_id: text,
  link: text,
  product_link: text,
  thumbnail: text,
});
export const serpApiShoppingSchema = z.array(z.unknown()).nullish().catch(undefined);

/** SerpApi `shopping_results[]`: `source` is the merchant, `price` the shown text beside `extracted_price`. */
export function serpApiCards(results: readonly unknown[]): ReadCards {
  return cardsIn(results, serpApiCard, (data) => ({
    title: data.title,
    merchant: data.source,
    price: data.extracted_price,
    priceText: typeof data.price === 'number' ? String(data.price) : data.price,
    regularPrice: data.extracted_old_price,
    regularPriceText: typeof data.old_price === 'number' ? String(data.old_price) : data.old_price,
    currency: data.alternative_price?.currency,
    rating: data.rating,
    reviews: data.reviews,
    productId: data.product_id,
    url: data.link ?? data.product_link,
    image: data.thumbnail,
  }));
}

/** DataForSEO's rating object (both scrapers): `Max5`, `Percents` (out of 100) or `CustomMax` with its `rating_max`. */
const ratingSchema = z
  .looseObject({ rating_type: text, value: number, votes_count: number, rating_max: number })
  .nullish()
  .catch(undefined);
const ratingOf = (rating: z.infer<typeof ratingSchema>) => ({
  rating: rating?.value,
  ratingMax: rating?.rating_type === 'Percents' ? 100 : rating?.rating_max,
  reviews: rating?.votes_count,
});

const dataForSeoShoppingProduct = z.looseObject({
  title: text,
  product_id: text,
  url: text,
  image_url: text,
  seller: text,
  marketplace: text,
  rating: ratingSchema,
  price: z.looseObject({ current: number, regular: number, currency: text, displayed_price: text }).nullish().catch(undefined),
});

/** DataForSEO AI Mode: the `ai_overview_shopping` elements among the overview's items, their products in order. */
export function dataForSeoShoppingCards(elements: readonly { type?: string; items?: unknown }[]): ReadCards {
  return cardsIn(productsIn(elements, 'ai_overview_shopping'), dataForSeoShoppingProduct, (data) => ({
    title: data.title,
    merchant: data.seller ?? data.marketplace,
    price: data.price?.current,
    priceText: data.price?.displayed_price,
    regularPrice: data.price?.regular,
    currency: data.price?.currency,
    ...ratingOf(data.rating),
    productId: data.product_id,
    url: data.url,
    image: data.image_url,
  }));
}

const chatGptProduct = z.looseObject({
  title: text,
  product_id: text,
  url: text,
  images: z.array(z.string()).nullish().catch(undefined),
  price: number,
  currency: text,
  merchants: text,
  rating: ratingSchema,
  product_ids: z
    .array(z.looseObject({ product_id: text }))
    .nullish()
    .catch(undefined),
});

/** DataForSEO ChatGPT: the `chat_gpt_products` items among the result's items; `merchants` is one string ("REI + others"). */
export function chatGptCards(items: readonly { type?: string; items?: unknown }[]): ReadCards {
  return cardsIn(productsIn(items, 'chat_gpt_products'), chatGptProduct, (data) => ({
    title: data.title,
    merchants: data.merchants,
    price: data.price,
    currency: data.currency,
    ...ratingOf(data.rating),
    productId: data.product_id ?? data.product_ids?.find((id) => id.product_id)?.product_id,
    url: data.url,
    image: data.images?.[0],
  }));
}

/** The products of every item of this type, in order (DataForSEO nests them in the item's `items`). */
const productsIn = (items: readonly { type?: string; items?: unknown }[], type: string): unknown[] =>
  items.filter((item) => item.type === type && Array.isArray(item.items)).flatMap((item) => item.items as unknown[]);

/** Each product read through its shape; one that does not fit it at all is a card without a title, dropped and counted. */
function cardsIn<S extends z.ZodType>(products: readonly unknown[], shape: S, read: (data: z.infer<S>) => RawCard): ReadCards {
  return readCards(
    products.map((product) => {
      const parsed = shape.safeParse(product);
      return parsed.success ? read(parsed.data) : {};
    }),
  );
}

/** The reply's fields for its cards: none at all when the surface showed none. */
export const cardFields = ({ products, productNotes }: ReadCards) => ({
  ...(products.length > 0 ? { products } : {}),
  ...(productNotes ? { productNotes } : {}),
});

import { domainOf, randomId } from './exchange';
import type { StandInProduct } from './surface-types';

/**
 * A stand-in surface's product cards, written by a test once and shown in each provider's own shape
 * (references/products-demand-agents.md §1): SerpApi AI Mode's `shopping_results[]` (the documented
 * Google Shopping result fields), DataForSEO AI Mode's `ai_overview_shopping` element, and DataForSEO
 * ChatGPT's `chat_gpt_products` item, whose merchants are one string ("REI + others").
 */

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

/** "$299.00", "€1,299.00": as Google shows a price (SerpApi's `price`, DataForSEO's `displayed_price`). */
export function shownPrice(price: number, currency = 'USD'): string {
  const amount = price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return SYMBOLS[currency] ? `${SYMBOLS[currency]}${amount}` : `${currency} ${amount}`;
}

const idOf = (product: StandInProduct, index: number) => product.productId ?? `${1_000_000_000 + index * 7919}`;
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const merchantUrl = (product: StandInProduct) => `https://www.${slug(product.merchant)}.test/p/${slug(product.title)}`;
const thumbnail = (index: number) => `https://encrypted-tbn0.gstatic.com/shopping?q=tbn:${randomId(8)}${index}`;

/** SerpApi `shopping_results[]`: no price shown means neither `price` nor `extracted_price`. */
export function serpApiShoppingResults(products: readonly StandInProduct[]): Record<string, unknown>[] {
  return products.map((product, index) => ({
    position: index + 1,
    title: product.title,
    product_id: idOf(product, index),
    product_link: `https://www.google.com/shopping/product/${idOf(product, index)}`,
    serpapi_product_api: `https://serpapi.com/search.json?engine=google_product&product_id=${idOf(product, index)}`,
    link: merchantUrl(product),
    source: product.merchant,
    ...(typeof product.price === 'number' ? { price: shownPrice(product.price, product.currency), extracted_price: product.price } : {}),
    ...(product.regularPrice !== undefined
      ? { old_price: shownPrice(product.regularPrice, product.currency), extracted_old_price: product.regularPrice }
      : {}),
    ...(product.rating !== undefined ? { rating: product.rating } : {}),
    ...(product.reviews !== undefined ? { reviews: product.reviews } : {}),
    thumbnail: thumbnail(index),
  }));
}

const ratingOf = (product: StandInProduct) =>
  product.rating === undefined ? null : { rating_type: 'Max5', value: product.rating, votes_count: product.reviews ?? null, rating_max: 5 };

/** DataForSEO AI Mode's `ai_overview_shopping` element: structured prices and a seller per product. */
export function dataForSeoShoppingElement(products: readonly StandInProduct[]): Record<string, unknown> {
  const currency = products.find((product) => product.currency)?.currency ?? 'USD';
  return {
    type: 'ai_overview_shopping',
    position: 'right',
    title: null,
    text: products.map((product) => product.title).join('\n'),
    markdown: products.map((product) => `- ${product.title}`).join('\n'),
    items: products.map((product, index) => ({
      type: 'ai_overview_shopping_item',
      product_id: idOf(product, index),
      title: product.title,
      url: merchantUrl(product),
      domain: domainOf(merchantUrl(product)),
      rating: ratingOf(product),
      price:
        typeof product.price === 'number'
          ? {
              current: product.price,
              regular: product.regularPrice ?? null,
              max_value: null,
              currency: product.currency ?? currency,
              is_price_range: false,
              displayed_price: shownPrice(product.price, product.currency ?? currency),
            }
          : null,
      seller: product.merchant,
      snippet: null,
      marketplace: 'Google Shopping',
      marketplace_url: `https://www.google.com/shopping/product/${idOf(product, index)}`,
      image_url: thumbnail(index),
    })),
  };
}

/** DataForSEO ChatGPT's `chat_gpt_products` item: a price number, one merchants string, Google Shopping ids. */
export function chatGptProductsItem(products: readonly StandInProduct[], question: string, rank: number): Record<string, unknown> {
  return {
    type: 'chat_gpt_products',
    rank_group: rank,
    rank_absolute: rank,
    items: products.map((product, index) => ({
      type: 'chat_gpt_product',
      product_id: idOf(product, index),
      title: product.title,
      url: merchantUrl(product),
      domain: domainOf(merchantUrl(product)),
      images: [thumbnail(index)],
      tag: null,
      price: typeof product.price === 'number' ? product.price : null,
      currency: typeof product.price === 'number' ? (product.currency ?? 'USD') : null,
      id_to_token_map: Buffer.from(JSON.stringify({ [idOf(product, index)]: randomId(6) })).toString('base64'),
      merchants: product.otherMerchants ? `${product.merchant} + others` : product.merchant,
      rating: ratingOf(product) && { ...ratingOf(product), rating_max: null },
      product_ids: [
        {
          type: 'chat_gpt_product_id',
          ei: randomId(8),
          product_id: idOf(product, index),
          catalog_id: `${9_000_000 + index}`,
          gpcid: `${8_000_000 + index}`,
          headline_offer_docid: `${7_000_000 + index}`,
          image_docid: `${6_000_000 + index}`,
          rds: null,
          query: question,
          mid: `${5_000_000 + index}`,
          pvt: 'hg',
          uule: null,
          gl: 'us',
          hl: 'en',
        },
      ],
    })),
  };
}

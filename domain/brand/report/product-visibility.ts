import { marketKey, type Market } from '../../shared/market';
import { compareText } from '../../shared/text';
import { wilson } from '../../shared/rate';
import { isSurfaceId } from '../../shared/surface-ids';
import type { BrandCard } from '../reader/card-slots';
import type { ProductVisibility } from './product-schema';

/**
 * A brand report's product visibility (docs/checks/brand.md, "Product cards"): per search surface and
 * market, how often the surface showed product cards, the brand's share of them and its positions,
 * the products shown most and the merchants with their prices. Over every answer the surface showed,
 * branded questions included: a card is what a shopper sees whatever they typed. Every surface asked has
 * a row, with or without cards. Pure, for workflow code.
 */

export interface ProductEntry {
  platformId: string;
  platform: string;
  status: string;
  market?: Market;
  cards: readonly BrandCard[];
}

const TOP_PRODUCTS = 10;
const TOP_MERCHANTS = 15;

export function productVisibilityOf(entries: readonly ProductEntry[]): ProductVisibility[] {
  const groups = new Map<string, ProductEntry[]>();
  for (const entry of entries) {
    if (!isSurfaceId(entry.platformId)) continue;
    const key = `${entry.platformId}\u0000${entry.market ? marketKey(entry.market) : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  // Every surface asked has a row, cards or none: a monitor sees the card rate fall to 0, not vanish.
  return [...groups.values()].map((group) => rowOf(group));
}

function rowOf(group: readonly ProductEntry[]): ProductVisibility {
  const { platformId, platform, market } = group[0]!;
  const shown = group.filter((entry) => entry.status === 'answered');
  const cards = shown.flatMap((entry) => entry.cards);
  const own = cards.filter((card) => card.brand);
  const positions = own.map((card) => card.position);
  return {
    platformId,
    platform,
    ...(market
      ? {
          market: { country: market.country, language: market.language, ...(market.city ? { city: market.city } : {}) },
          key: marketKey(market),
        }
      : {}),
    answers: shown.length,
    cardRate: wilson(shown.filter((entry) => entry.cards.length > 0).length, shown.length),
    cards: cards.length,
    brandShare: wilson(own.length, cards.length),
    bestPosition: positions.length > 0 ? Math.min(...positions) : null,
    averagePosition: positions.length > 0 ? round(positions.reduce((sum, position) => sum + position, 0) / positions.length) : null,
    topProducts: topProducts(cards),
    brandMerchants: merchantsOf(own),
    competitorMerchants: merchantsOf(cards.filter((card) => !card.brand)),
  };
}

/** The same product on several cards: one title, as people read it. */
const productKey = (card: BrandCard) => card.title.toLowerCase().replace(/\s+/gu, ' ');

function topProducts(cards: readonly BrandCard[]): ProductVisibility['topProducts'] {
  const byProduct = groupBy(cards, productKey);
  return [...byProduct.values()]
    .map((same) => ({
      title: same[0]!.title,
      ...(same.find((card) => card.maker)?.maker ? { maker: same.find((card) => card.maker)!.maker } : {}),
      brand: same.some((card) => card.brand),
      shown: same.length,
      averagePosition: round(same.reduce((sum, card) => sum + card.position, 0) / same.length),
      ...priceRange(same),
    }))
    .sort((a, b) => b.shown - a.shown || a.averagePosition - b.averagePosition || compareText(a.title, b.title))
    .slice(0, TOP_PRODUCTS);
}

function merchantsOf(cards: readonly BrandCard[]): ProductVisibility['brandMerchants'] {
  const byMerchant = groupBy(
    cards.filter((card) => card.merchant),
    (card) => card.merchant!.toLowerCase(),
  );
  return [...byMerchant.values()]
    .map((same) => {
      const titles = groupBy(same, productKey);
      return {
        merchant: same[0]!.merchant!,
        cards: same.length,
        products: [...titles.values()].sort((a, b) => b.length - a.length).map((product) => product[0]!.title),
        ...priceRange(same),
      };
    })
    .sort((a, b) => b.cards - a.cards || compareText(a.merchant, b.merchant))
    .slice(0, TOP_MERCHANTS);
}

/** The lowest and highest price shown, in the currency most of the priced cards show (prices in another are not compared). */
function priceRange(cards: readonly BrandCard[]): { lowestPrice: number | null; highestPrice: number | null; currency: string | null } {
  const priced = cards.filter((card) => card.price !== null);
  const currencies = groupBy(priced, (card) => card.currency ?? '');
  const [currency, inIt] = [...currencies].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
  const prices = inIt.map((card) => card.price!);
  return {
    lowestPrice: prices.length > 0 ? Math.min(...prices) : null,
    highestPrice: prices.length > 0 ? Math.max(...prices) : null,
    currency: currency || null,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const round = (value: number) => Math.round(value * 100) / 100;

import type { PlatformReply } from '../../shared/platform-reply';
import type { ProductCard } from '../../shared/product-cards';
import { compareText } from '../../shared/text';
import type { BrandAnswerVerdict, NamedEntity } from './answer';
import { findNames, foldName, matchableText } from './names';

/**
 * Product cards as the answer's first presentation slots (docs/checks/brand.md, "Product cards"): the
 * cards, in the order shown, present their options before anything the text presents, so a brand
 * named only on a card is mentioned, ranked at its card, and first when its card is. The text's
 * reading (the rules' or the analysis model's verdict) is combined with the cards here, after it is
 * made, so neither reader needs to know about cards. Pure, for workflow code.
 */

export interface CardNames {
  brand: string;
  aliases: readonly string[];
  competitors: readonly string[];
  /** The brand's products the request lists: a card naming one is the brand's. */
  products?: readonly string[];
}

/** A card as a brand report keeps it: whose product it is. */
export interface BrandCard extends ProductCard {
  /** The card's title or maker names the brand, an alias or one of its listed products. */
  brand: boolean;
  /** The given competitor the card's title or maker names, where one does. */
  competitor?: string;
}

const BRAND = 'brand';
const COMPETITOR = 'competitor:';
const OPTION = 'option:';

/** Whose product a card is: the first name its maker, then its title, holds. */
export function cardOwner(card: ProductCard, names: CardNames): Pick<BrandCard, 'brand' | 'competitor'> {
  const keyed = [
    { key: BRAND, names: [names.brand, ...names.aliases, ...(names.products ?? [])] },
    ...names.competitors.map((competitor) => ({ key: `${COMPETITOR}${competitor}`, names: [competitor] })),
  ];
  for (const text of [card.maker, card.title]) {
    if (!text) continue;
    const first = findNames(matchableText(text), keyed)[0];
    if (first?.key === BRAND) return { brand: true };
    if (first) return { brand: false, competitor: first.key.slice(COMPETITOR.length) };
  }
  return { brand: false };
}

export interface CardReading {
  verdict: BrandAnswerVerdict;
  cards: BrandCard[];
}

/**
 * The verdict with the cards' slots first. Each card whose option no earlier card presented is the
 * next slot; the text's options follow, renumbered after the cards without gaps, less those a card
 * already presents (a name the text gives that a card's title or maker holds).
 */
export function withCardSlots(verdict: BrandAnswerVerdict, products: readonly ProductCard[], names: CardNames): CardReading {
  if (products.length === 0) return { verdict, cards: [] };
  const cards = products.map((card) => ({ ...card, ...cardOwner(card, names) }));
  const slots = new Map<string, NamedEntity>();
  for (const card of cards) {
    const name = card.competitor ?? card.maker ?? card.title;
    const key = card.brand ? BRAND : card.competitor ? `${COMPETITOR}${card.competitor}` : `${OPTION}${foldName(name)}`;
    if (!slots.has(key)) slots.set(key, { name, rank: slots.size + 1 });
  }
  const onCards = (entity: NamedEntity) =>
    slots.has(`${COMPETITOR}${entity.name}`) ||
    slots.has(`${OPTION}${foldName(entity.name)}`) ||
    cards.some((card) => findNames(matchableText(`${card.maker ?? ''} ${card.title}`), [{ key: OPTION, names: [entity.name] }]).length > 0);
  const textEntities = verdict.entities.filter((entity) => !onCards(entity));
  const brandSlot = slots.get(BRAND)?.rank;
  const textBrandRank = brandSlot === undefined ? verdict.rank : null;
  const textRanks = [...new Set([...textEntities.map((entity) => entity.rank), ...(textBrandRank !== null ? [textBrandRank] : [])])].sort(
    (a, b) => a - b,
  );
  const after = (rank: number) => slots.size + textRanks.indexOf(rank) + 1;
  const rank = brandSlot ?? (textBrandRank !== null ? after(textBrandRank) : null);
  const entities = [
    ...[...slots].filter(([key]) => key !== BRAND).map(([, entity]) => entity),
    ...textEntities.map((entity) => ({ name: entity.name, rank: after(entity.rank) })),
  ].sort((a, b) => a.rank - b.rank || compareText(a.name, b.name));
  return {
    verdict: {
      ...verdict,
      noAnswer: false,
      mentioned: verdict.mentioned || brandSlot !== undefined,
      rank,
      firstRecommended: rank === 1,
      entities: entities.slice(0, MAX_ENTITIES),
    },
    cards,
  };
}

/** As the reader keeps them. */
const MAX_ENTITIES = 30;

/** A reply with its cards read as slots: the answered reply's verdict combined with them, and each card's owner. */
export function withCardReading<E extends { reply: PlatformReply<BrandAnswerVerdict> }>(
  entry: E,
  names: CardNames,
): E & { cards: BrandCard[] } {
  const { reply } = entry;
  if (reply.status !== 'answered' || !reply.products?.length) return { ...entry, cards: [] };
  const { verdict, cards } = withCardSlots(reply.verdict, reply.products, names);
  return { ...entry, reply: { ...reply, verdict }, cards };
}

/**
 * The product cards a search surface shows beside its answer (docs/surfaces.md, "Product cards"): each
 * provider's shape read into one card, in the order shown. Pure; the providers' adapters give raw
 * fields, this decides what a card keeps: a missing or unreadable price is null (never 0) with the
 * text it was shown as, a card without a title is dropped, and cards past MAX_CARDS are cut; both
 * counted in the answer's notes.
 */

export interface ProductCard {
  /** 1 for the first card shown, in the provider's order (cards without a title are not counted). */
  position: number;
  title: string;
  /** The product's maker, where the provider names it. */
  maker?: string;
  /** The merchant the card names first (SerpApi `source`, DataForSEO `seller`, ChatGPT's first merchant). */
  merchant: string | null;
  /** The merchants as the card shows them, where it shows more than one ("REI + others"). */
  merchants?: string;
  /** The price as a number; null when the card shows none or one that does not read as a price. */
  price: number | null;
  /** The price as the card shows it ("$299.00", "from €1.299,00"), where the provider gives it as text. */
  priceText?: string;
  /** The price before a reduction, where the card shows one. */
  regularPrice?: number | null;
  /** ISO 4217 code, from the provider's field or the price's symbol; null when neither says. */
  currency: string | null;
  /** Out of 5. */
  rating: number | null;
  reviews: number | null;
  productId: string | null;
  url: string | null;
  image: string | null;
}

/** What became of the cards the provider sent but the answer does not keep. */
export interface ProductNotes {
  /** Cards without a title: nothing to show or match. */
  untitledCards: number;
  /** Cards past MAX_CARDS. */
  cutCards: number;
}

/** Far more than any surface shows (AI Mode shows a carousel of about ten); keeps history small. */
export const MAX_CARDS = 30;
const MAX_TEXT = 300;

/** A card as an adapter reads it from its provider, every field as the provider gave it. */
export interface RawCard {
  title?: string | null;
  maker?: string | null;
  merchant?: string | null;
  merchants?: string | null;
  price?: number | null;
  priceText?: string | null;
  regularPrice?: number | null;
  regularPriceText?: string | null;
  currency?: string | null;
  rating?: number | null;
  /** What `rating` is out of, where not 5 (ChatGPT's `Percents` ratings are out of 100). */
  ratingMax?: number | null;
  reviews?: number | null;
  productId?: string | null;
  url?: string | null;
  image?: string | null;
}

export interface ReadCards {
  products: ProductCard[];
  /** Only when a card was dropped or cut. */
  productNotes?: ProductNotes;
}

export function readCards(raw: readonly RawCard[]): ReadCards {
  const titled = raw.filter((card) => clean(card.title) !== undefined);
  const kept = titled.slice(0, MAX_CARDS).map((card, index) => cardOf(card, index + 1));
  const untitledCards = raw.length - titled.length;
  const cutCards = titled.length - kept.length;
  return { products: kept, ...(untitledCards > 0 || cutCards > 0 ? { productNotes: { untitledCards, cutCards } } : {}) };
}

function cardOf(raw: RawCard, position: number): ProductCard {
  const shown = clean(raw.priceText);
  const parsed = shown === undefined ? undefined : parsePrice(shown);
  const price = positive(raw.price) ?? parsed?.amount ?? null;
  const regularText = clean(raw.regularPriceText);
  const regularPrice = positive(raw.regularPrice) ?? (regularText === undefined ? undefined : parsePrice(regularText)?.amount);
  const merchants = clean(raw.merchants);
  const maker = clean(raw.maker);
  const ratingMax = positive(raw.ratingMax) ?? 5;
  const rating = positive(raw.rating);
  return {
    position,
    title: clean(raw.title)!,
    ...(maker ? { maker } : {}),
    merchant: clean(raw.merchant) ?? (merchants ? firstMerchant(merchants) : null),
    ...(merchants ? { merchants } : {}),
    price,
    ...(shown !== undefined ? { priceText: shown } : {}),
    ...(regularPrice !== undefined ? { regularPrice } : {}),
    currency: currencyCode(raw.currency) ?? parsed?.currency ?? null,
    rating: rating === undefined ? null : Math.round(((rating * 5) / ratingMax) * 100) / 100,
    reviews: typeof raw.reviews === 'number' && raw.reviews >= 0 ? Math.round(raw.reviews) : null,
    productId: clean(raw.productId) ?? null,
    url: clean(raw.url) ?? null,
    image: clean(raw.image) ?? null,
  };
}

const clean = (text: string | null | undefined): string | undefined => {
  const trimmed = text?.replace(/\s+/gu, ' ').trim();
  return trimmed ? trimmed.slice(0, MAX_TEXT) : undefined;
};

/** A price of 0 is a card that shows none, not a free product. */
const positive = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

/** "REI + others" → "REI"; "Walmart, Target" → "Walmart". */
const firstMerchant = (merchants: string): string | null => merchants.split(/\s*(?:\+|,|\band\b)\s*/u)[0]?.trim() || null;

const currencyCode = (code: string | null | undefined): string | undefined =>
  code && /^[A-Za-z]{3}$/u.test(code.trim()) ? code.trim().toUpperCase() : undefined;

/** The currencies a price's symbol names unambiguously enough to keep; "$" alone is read as US dollars, as Google shows them in the US. */
const SYMBOLS: readonly [RegExp, string][] = [
  [/US\$/u, 'USD'],
  [/CA\$|C\$/u, 'CAD'],
  [/AU?\$/u, 'AUD'],
  [/NZ\$/u, 'NZD'],
  [/HK\$/u, 'HKD'],
  [/R\$/u, 'BRL'],
  [/MX\$/u, 'MXN'],
  [/\$/u, 'USD'],
  [/€/u, 'EUR'],
  [/£/u, 'GBP'],
  [/¥|円/u, 'JPY'],
  [/₹/u, 'INR'],
  [/₩/u, 'KRW'],
  [/zł/iu, 'PLN'],
  [/CHF/u, 'CHF'],
  [/kr\b/iu, 'SEK'],
];

/**
 * A price as a card shows it: "$299.00", "€1.299,00", "1 299,00 €", "¥12,800", "USD 45". The amount
 * is the first number (a range keeps its low end); its currency is the ISO code in the text, or its
 * symbol. Undefined when no amount reads.
 */
export function parsePrice(text: string): { amount: number; currency?: string } | undefined {
  const number = /\d[\d\s.,'\u00a0\u202f]*/u.exec(text)?.[0];
  const amount = number === undefined ? undefined : amountOf(number.trim());
  if (amount === undefined || amount <= 0) return undefined;
  const code = /\b([A-Z]{3})\b/u.exec(text)?.[1];
  const currency = code ?? SYMBOLS.find(([symbol]) => symbol.test(text))?.[1];
  return { amount, ...(currency ? { currency } : {}) };
}

/** "1,299.00" and "1.299,00" and "1 299,00" → 1299; the last separator followed by one or two digits is the decimal mark. */
function amountOf(digits: string): number | undefined {
  const compact = digits.replace(/[\s'\u00a0\u202f]/gu, '').replace(/[.,]$/u, '');
  const decimal = /[.,](\d{1,2})$/u.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/gu, '');
  const value = Number(`${whole}${decimal ? `.${decimal[1]}` : ''}`);
  return Number.isFinite(value) ? value : undefined;
}

import type { StoredMarket } from './market-schema';
import type { AnsweredMarket, Market } from './market';

export type { StoredMarket };

/**
 * A check's markets (docs/markets.md#asking): `market` (one) or `markets` (up to MAX_MARKETS), one
 * run of every question per market. None means no location and English, as every check before markets.
 */
export const MAX_MARKETS = 5;

export interface MarketChoice {
  market?: Market;
  markets?: Market[];
}

/** The markets a run asks in, in the order given, each once; `[undefined]` (nowhere in particular) when none is set. */
export function marketsOf({ market, markets }: MarketChoice): (Market | undefined)[] {
  const given = [...(market ? [market] : []), ...(markets ?? [])];
  const distinct = given.filter((one, index) => given.findIndex((other) => sameMarket(one, other)) === index);
  return distinct.length > 0 ? distinct.slice(0, MAX_MARKETS) : [undefined];
}

export function sameMarket(a: Market | undefined, b: Market | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.country === b.country &&
    a.language.toLowerCase() === b.language.toLowerCase() &&
    (a.city ?? '').toLowerCase() === (b.city ?? '').toLowerCase()
  );
}

/** A market as people read it: "Germany (de)", "Japan, Tokyo (ja)"; English names. */
export function marketLabel(market: Pick<Market, 'country' | 'language' | 'city'> | undefined): string {
  if (!market) return 'no market (English, no location)';
  let country = market.country;
  try {
    country = new Intl.DisplayNames(['en'], { type: 'region' }).of(market.country) ?? market.country;
  } catch {
    // An unknown code reads as itself.
  }
  return `${country}${market.city ? `, ${market.city}` : ''} (${market.language})`;
}

/** The markets of a report, when the run had any (a run without keeps its reports as before). */
export function reportMarkets(markets: readonly (Market | undefined)[] | undefined): { markets?: Market[] } {
  const given = (markets ?? []).filter((market): market is Market => market !== undefined);
  return given.length > 0
    ? { markets: given.map(({ country, language, city }) => ({ country, language, ...(city ? { city } : {}) })) }
    : {};
}

/** The market of an answer: the one the reply recorded, else the one it was to be asked in. */
export function answerMarket(asked: Market | undefined, replied: AnsweredMarket | StoredMarket | undefined): StoredMarket | undefined {
  if (replied)
    return {
      country: replied.country,
      language: replied.language,
      ...(replied.city ? { city: replied.city } : {}),
      ...(replied.appliedAs ? { appliedAs: replied.appliedAs } : {}),
    };
  return asked ? { country: asked.country, language: asked.language, ...(asked.city ? { city: asked.city } : {}) } : undefined;
}

import { languageOf, type Market } from './market';
import type { SurfaceId } from './platforms';

/**
 * A market as each SERP-API provider takes it (docs/surfaces.md; references/consumer-surfaces.md §5),
 * and where a surface is not offered at all.
 */

/**
 * Countries where a surface is not offered (Oxylabs' published exceptions for Google's surfaces;
 * ChatGPT is not offered in these, and DataForSEO refuses Russia and Belarus). A question there is
 * `unavailable`, never sent.
 */
const NOT_OFFERED: Record<SurfaceId, ReadonlySet<string>> = {
  'google-ai-mode': new Set(['FR', 'TR', 'CN', 'IR', 'KP', 'SY', 'CU']),
  'google-ai-overviews': new Set(['FR', 'MC', 'CN', 'IR', 'SD', 'SY', 'CU', 'KP']),
  'chatgpt-app': new Set(['RU', 'BY', 'CN', 'IR', 'KP', 'SY', 'CU']),
};

export function offeredIn(surface: SurfaceId, market: Market | undefined): boolean {
  return !market || !NOT_OFFERED[surface].has(market.country);
}

/** The countries a surface is not offered in, for the docs and messages. */
export function notOfferedIn(surface: SurfaceId): string[] {
  return [...NOT_OFFERED[surface]];
}

/**
 * SerpApi's `gl` (country, lower case), `hl` (language as it lists them: `de`, `pt-br`, `zh-cn`) and,
 * for a city, `location` (never with `uule`, which is not sent).
 */
export function serpApiMarket(market: Market): Record<string, string> {
  return {
    gl: market.country.toLowerCase(),
    hl: market.language.toLowerCase(),
    ...(market.city ? { location: `${market.city},${countryName(market.country)}` } : {}),
  };
}

/**
 * DataForSEO's `location_code` (Google's geo-target id: 2000 + the ISO 3166-1 numeric code, 2840 for
 * the US) or, for a country not in the table, `location_name`; `language_code` as ISO 639-1.
 */
export function dataForSeoMarket(market: Market): Record<string, string | number> {
  const numeric = ISO_NUMERIC[market.country];
  const location: Record<string, string | number> =
    numeric === undefined ? { location_name: countryName(market.country) } : { location_code: 2000 + numeric };
  return { ...location, language_code: languageOf(market) };
}

/** Where nothing is set, DataForSEO needs a location and language all the same: the US in English, as every check before markets. */
export const DATAFORSEO_DEFAULT_MARKET = { location_code: 2840, language_code: 'en' } as const;

const countryName = (code: string): string => new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;

/** ISO 3166-1 numeric codes of the countries markets are most often asked in. */
const ISO_NUMERIC: Record<string, number> = {
  AE: 784,
  AR: 32,
  AT: 40,
  AU: 36,
  BE: 56,
  BG: 100,
  BR: 76,
  CA: 124,
  CH: 756,
  CL: 152,
  CO: 170,
  CZ: 203,
  DE: 276,
  DK: 208,
  EE: 233,
  EG: 818,
  ES: 724,
  FI: 246,
  FR: 250,
  GB: 826,
  GR: 300,
  HK: 344,
  HR: 191,
  HU: 348,
  ID: 360,
  IE: 372,
  IL: 376,
  IN: 356,
  IT: 380,
  JP: 392,
  KE: 404,
  KR: 410,
  LT: 440,
  LU: 442,
  LV: 428,
  MA: 504,
  MX: 484,
  MY: 458,
  NG: 566,
  NL: 528,
  NO: 578,
  NZ: 554,
  PE: 604,
  PH: 608,
  PK: 586,
  PL: 616,
  PT: 620,
  RO: 642,
  RS: 688,
  SA: 682,
  SE: 752,
  SG: 702,
  SI: 705,
  SK: 703,
  TH: 764,
  TR: 792,
  TW: 158,
  UA: 804,
  US: 840,
  VN: 704,
  ZA: 710,
};

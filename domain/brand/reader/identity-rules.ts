import type { DistinctOption } from './distinct-options';
import type { DropRule } from './rule';

/**
 * The distinct rules (docs/brand-reader.md §3): read once the options are made distinct (distinct-options.ts), for what
 * only the whole set of options shows. An option they set aside is named nowhere as an option, and the reading's trace
 * says which rule and why.
 */

export interface DistinctScope {
  /** Every distinct option, the makers included. */
  options: readonly DistinctOption[];
  /** The answer names the brand itself (a mention rule kept an occurrence of it). */
  mentioned: boolean;
  /** The key the brand's options take. */
  ownKey: string;
  kept: readonly DistinctOption[];
}

export type DistinctRule = DropRule<DistinctOption, DistinctScope>;

export const MAKER_BESIDE_ITS_PRODUCTS: DistinctRule = {
  name: 'maker-beside-its-products',
  example: {
    answer: 'Consider HP: the HP Pavilion Aero 13 is light, the HP Pavilion 15 is cheaper.',
    brand: 'HP Pavilion Aero 13',
    unranked: 'HP',
  },
  why: 'a maker named alone beside other products under its name presents none of them in particular, and is no option beside them',
  apply: (option, { options }) =>
    option.maker === true && options.some((other) => other.maker !== true && other.folded.startsWith(`${option.folded} `)),
};

export const BRAND_NOT_NAMED: DistinctRule = {
  name: 'brand-not-named',
  example: { answer: 'Brands like Contoso make warm parkas.', brand: 'Contoso Ridge Parka', unranked: 'Contoso' },
  why: "the maker of the brand's product presents the brand only where the answer names the brand itself",
  apply: (option, { mentioned, ownKey }) => option.key === ownKey && !mentioned,
};

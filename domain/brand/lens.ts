import { analyseBrandAnswer } from './reader/answer';

/** What a brand diagnosis looks for in an answer: the brand, its aliases and site, and its competitors. */
export interface BrandLens {
  kind: 'brand';
  brand: string;
  aliases: string[];
  domain?: string;
  competitors: string[];
}

export type BrandVerdict = ReturnType<typeof analyseBrandAnswer>;

export function readBrandAnswer(answer: string, citations: string[], lens: BrandLens, question?: string): BrandVerdict {
  return analyseBrandAnswer({
    answer,
    citations,
    brand: lens.brand,
    aliases: lens.aliases,
    domain: lens.domain,
    competitors: lens.competitors,
    question,
  });
}

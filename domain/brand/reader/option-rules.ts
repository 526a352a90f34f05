import { foldName } from './names';
import type { AnswerLayout } from './answer-layout';
import type { OptionName } from './name-words';
import { isOrdinaryWord } from './ordinary-words';
import type { DropRule } from './rule';

/**
 * The option rules (docs/brand-reader.md §3): read once every unit is read, each over all the answer's options, for
 * what only the whole answer shows: the maker's own store beside the maker's product.
 */

export interface OptionScope {
  answer: string;
  layout: AnswerLayout;
  /** Every option the candidate rules kept, in reading order. */
  options: readonly OptionName[];
  kept: readonly OptionName[];
}

export type OptionRule = DropRule<OptionName, OptionScope>;

/** "Contoso.com", "contoso.co.uk": a site named by its domain, and the maker's name it holds. */
const DOMAIN = /^([\p{L}\p{N}-]+)\.\p{Ll}{2,3}(?:\.\p{Ll}{2})?$/u;

/** The place words a maker's own store, site or desk is named with ("Dell Store", "MSI Online Store", "Apple Support"). */
const PLACE = new Set(['store', 'shop', 'outlet', 'site', 'website', 'support', 'online', 'official']);

export const MAKERS_OWN_STORE: OptionRule = {
  name: 'makers-own-store',
  example: { answer: '1. **Contoso Ridge**: warm\n2. **Fabrikam Trail 2**: light\n\nBuy it from Contoso.com.', drops: 'Contoso.com' },
  why: "the maker's own store, site or service desk, where the maker's product is an option (bench/brand-answers/README.md)",
  apply(option, { options }) {
    // Most options end in no place word and are no domain: nothing to fold.
    const lastWord = option.name.slice(option.name.lastIndexOf(' ') + 1).toLowerCase();
    if (!PLACE.has(lastWord) && !option.name.includes('.')) return false;
    const words = foldName(option.name).split(' ');
    const domain = DOMAIN.exec(option.name);
    const place =
      words.length > 1 && words.slice(1).every((word) => PLACE.has(word) || isOrdinaryWord(word)) && PLACE.has(words[words.length - 1]!);
    if (!domain && !place) return false;
    const maker = domain ? foldName(domain[1]!) : words[0]!;
    // The maker's product: another option under the maker's name that is no store itself.
    return options.some((other) => {
      if (other === option) return false;
      const otherWords = foldName(other.name).split(' ');
      return otherWords.length > 1 && otherWords[0] === maker && !PLACE.has(otherWords[otherWords.length - 1]!) && !DOMAIN.test(other.name);
    });
  },
};

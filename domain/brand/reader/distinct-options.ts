import { foldName } from './names';
import { isComponentName } from './not-options';
import { onlyModelWords, type OptionName } from './name-words';

/**
 * One entry per option, in the order first named (docs/brand-reader.md §2): a shorter later name for an
 * earlier option ("SCOTTeVEST" after "SCOTTeVEST Men's EDC Jacket", "MacBook Air" after "Apple MacBook
 * Air") is the same option. Names that are the brand's or a given competitor's, or a product under the
 * brand's name, are theirs; a maker named alone before one of theirs is marked `maker`, for the distinct rules. The options seen are indexed by their word prefixes and suffixes, so each
 * name is matched in a few look-ups rather than against every option before it.
 */

export interface DistinctOption {
  key: string;
  name: string;
  /** Where the answer names it, in any of its forms. */
  occurrences: number[];
  /** The name folded for comparison. */
  folded: string;
  /** A maker named alone before a product of the brand's or a given competitor's ("Brands like Patagonia…"). */
  maker?: true;
}

export interface OwnNames {
  /** The brand and its aliases, and the key the brand's options take. */
  own: readonly string[];
  ownKey: string;
  competitors: readonly string[];
  /** The key a given competitor's option takes. */
  competitorKey(competitor: string): string;
  /** The answer names a place to buy at `at` ("available from Dell"): a maker there is a store, not its product. */
  placeToBuy(at: number): boolean;
}

interface Seen extends DistinctOption {
  words: string[];
}

export function distinctOptions(options: readonly OptionName[], names: OwnNames): DistinctOption[] {
  const own = names.own.map(foldName);
  // The brand's own name presented as an option of its own ("Contoso PRO"): a longer name that only adds a model's words is another product.
  const ownPresented = new Set(options.map((option) => foldName(option.name)).filter((folded) => own.includes(folded)));
  const competitors = new Map(names.competitors.map((competitor) => [foldName(competitor), competitor]));
  const index = new SeenIndex();
  const makers: DistinctOption[] = [];
  for (const option of options) {
    // "the The North Face website" names the maker of "North Face Quest Triclimate Jacket": an article is no part of the comparison.
    const folded = foldName(option.name).replace(/^the\s+/u, '');
    if (
      own.some(
        (form) =>
          folded === form || (folded.startsWith(`${form} `) && !(ownPresented.has(form) && onlyModelWords(folded.slice(form.length)))),
      )
    )
      continue;
    const words = folded.split(' ');
    // The maker named alone before the brand's product ("Brands like Patagonia…", the brand "Patagonia Torrentshell
    // 3L") presents the brand there, as a maker named before its product does any option (docs/brand-reader.md §2).
    // Left out of the index: the maker's other products are other options.
    const makerOf = [...competitors.keys()].find((form) => form.startsWith(`${folded} `));
    if ((own.some((form) => form.startsWith(`${folded} `)) || makerOf !== undefined) && !names.placeToBuy(option.start)) {
      const key = makerOf === undefined ? names.ownKey : names.competitorKey(competitors.get(makerOf)!);
      makers.push({ key, name: option.name, occurrences: [option.start], folded, maker: true });
      continue;
    }
    const competitor = competitors.get(folded);
    if (competitor) {
      index.add({ key: names.competitorKey(competitor), name: competitor, occurrences: [option.start], folded, words });
      continue;
    }
    const same = index.sameAs(folded, words, option.whole);
    if (same) same.occurrences.push(option.start);
    else index.add({ key: `option:${folded}`, name: option.name, occurrences: [option.start], folded, words });
  }
  // The distinct rules (identity-rules.ts) judge the makers: one beside other products under its name is no option.
  return [...index.seen, ...makers];
}

/** The options seen, in order, and where to look a later name up; the earliest option that matches wins. */
class SeenIndex {
  readonly seen: Seen[] = [];
  /** Every word prefix of a seen name ("apple", "apple macbook", "apple macbook air"), to the first option it opens. */
  private readonly prefixes = new Map<string, number>();
  /** Every word suffix ("air", "macbook air", "apple macbook air"). */
  private readonly suffixes = new Map<string, number>();
  /** One-word names ("uniqlo"), and names of two words or more by their first word. */
  private readonly single = new Map<string, number>();
  private readonly longer = new Map<string, number>();
  private readonly byFirstWord = new Map<string, number[]>();

  add(option: Seen): void {
    const at = this.seen.length;
    this.seen.push(option);
    const { words } = option;
    const first = (map: Map<string, number>, key: string) => {
      if (!map.has(key)) map.set(key, at);
    };
    for (let end = 1; end <= words.length; end++) first(this.prefixes, words.slice(0, end).join(' '));
    for (let start = 0; start < words.length; start++) first(this.suffixes, words.slice(start).join(' '));
    if (words.length === 1) first(this.single, option.folded);
    else {
      first(this.longer, option.folded);
      const list = this.byFirstWord.get(words[0]!) ?? [];
      list.push(at);
      this.byFirstWord.set(words[0]!, list);
    }
  }

  /**
   * The earliest option `folded` names too: the same name, a word prefix or suffix of it ("MacBook Air" of
   * "Apple MacBook Air"), a product of a maker presented alone ("Uniqlo Crew Neck T-Shirt" after "Uniqlo"),
   * a longer name that ends in it, or it with only a specification added.
   */
  sameAs(folded: string, words: readonly string[], whole?: true): Seen | undefined {
    // The same name first: "Theragun PRO" is the card of that name, not "Theragun PRO Plus G6" that it opens.
    const exact = words.length === 1 ? this.single.get(folded) : this.longer.get(folded);
    if (exact !== undefined) return this.seen[exact];
    if (whole) return undefined;
    let best = Infinity;
    const consider = (at: number | undefined) => {
      if (at !== undefined && at < best) best = at;
    };
    consider(this.prefixes.get(folded));
    consider(this.suffixes.get(folded));
    if (words.length > 1) consider(this.single.get(words[0]!));
    for (let start = 1; start < words.length; start++) consider(this.longer.get(words.slice(start).join(' ')));
    for (const word of new Set(words))
      for (const at of this.byFirstWord.get(word) ?? []) {
        if (at >= best) break;
        if (addsOnlySpecification(this.seen[at]!.words, words)) consider(at);
      }
    return best === Infinity ? undefined : this.seen[best];
  }
}

/**
 * "HP 17.3 Full HD Laptop" after "HP 17.3 Laptop", "Asus Zenbook 14 OLED" after "Asus Zenbook 14": the
 * earlier name's words in order, with only a panel, a chip or a measure added, is the same option ("Dell
 * XPS 13 Plus" is another).
 */
function addsOnlySpecification(wanted: readonly string[], words: readonly string[]): boolean {
  if (wanted.length < 2 || words.length <= wanted.length) return false;
  const extra: string[] = [];
  let next = 0;
  for (const word of words) {
    if (next < wanted.length && word === wanted[next]) next++;
    else extra.push(word);
  }
  return next === wanted.length && (isComponentName(extra.join(' ')) || extra.every((word) => isComponentName(word) || /^\d/u.test(word)));
}

import { compareText } from '../../shared/text';
import type { BrandAnswerVerdict, NamedEntity } from './answer';
import type { ModelReading, NameRole } from './model-reading';
import { foldName } from './names';

/**
 * How the model's reading of one answer meets the rules' (docs/checks/brand.md, its reading by a model). The
 * model's roles and order stand: a name the rules ranked that the model calls a component, a category, a
 * source, a store or anything but an option loses its rank. Whether the brand is named at all stays the
 * rules' call (a name, not an ordinary word: "clear pricing" never names the brand Clear), and so do its
 * sentiment and whether the answer cites its site. Where the two readers disagree is recorded, and when
 * the reading cannot stand the answer keeps the rules' reading with the reason.
 */

export interface ReadingLens {
  brand: string;
  aliases: readonly string[];
  competitors: readonly string[];
}

/** Where the two readers read a name differently: an option for one and not the other, or two ranks. */
export interface ReaderDisagreement {
  name: string;
  /** `option` when the rules presented it; null when they did not. */
  rulesRole: 'option' | null;
  rulesRank: number | null;
  /** The model's role; null when it did not list the name. */
  modelRole: NameRole | null;
  modelRank: number | null;
}

/** Who read an answer, where the readers disagree, and why the rules stand when the model was asked and they do. */
export interface AnswerReading {
  readBy: 'model' | 'rules';
  readerDisagreements?: ReaderDisagreement[];
  readingFallback?: string;
}

export type ModelVerdict = { verdict: BrandAnswerVerdict; reading: AnswerReading } | { fallback: string };

/** Disagreements kept per answer. */
const MAX_DISAGREEMENTS = 30;

/**
 * The rules' reading of one answer with the model's in it: the entities and ranks are the model's
 * options (a given competitor under the name the user gave; a product under the brand's name is the
 * brand). A brand the rules find named that the model does not call an option has no rank; a brand the
 * model lists that the rules do not find named is left out. A fallback (with its reason) when the model
 * named nothing the answer contains, or listed nothing where the rules read options.
 */
export function withModelReading(verdict: BrandAnswerVerdict, reading: ModelReading, lens: ReadingLens): ModelVerdict {
  if (reading.names.length === 0 && reading.invented > 0)
    return { fallback: `none of the ${reading.invented} names the model listed occurs in the answer` };
  if (reading.names.length === 0 && (verdict.entities.length > 0 || verdict.rank !== null))
    return { fallback: 'the model listed no name in an answer the rules read options in' };
  const canonical = canonicalNames(lens);
  let brandRank: number | undefined;
  const options = new Map<string, NamedEntity>();
  const others = new Map<string, { name: string; role: NameRole }>();
  for (const entry of reading.names) {
    const { name, own } = canonical(entry.name);
    if (entry.role === 'option' && entry.rank !== null) {
      if (own) brandRank = Math.min(brandRank ?? Infinity, entry.rank);
      else if ((options.get(foldName(name))?.rank ?? Infinity) > entry.rank) options.set(foldName(name), { name, rank: entry.rank });
    } else if (!options.has(foldName(name)))
      others.set(foldName(own ? lens.brand : name), { name: own ? lens.brand : name, role: entry.role });
  }
  const brandPresented = verdict.mentioned && brandRank !== undefined;
  // Renumbered over what stays: the brand the rules do not find named leaves no gap.
  const ranks = [...new Set([...[...options.values()].map((option) => option.rank), ...(brandPresented ? [brandRank!] : [])])].sort(
    (a, b) => a - b,
  );
  const dense = (rank: number) => ranks.indexOf(rank) + 1;
  const rank = brandPresented ? dense(brandRank!) : null;
  const entities = [...options.values()]
    .map((option) => ({ name: option.name, rank: dense(option.rank) }))
    .sort((a, b) => a.rank - b.rank || compareText(a.name, b.name));
  const read: BrandAnswerVerdict = {
    ...verdict,
    noAnswer: verdict.noAnswer && entities.length === 0 && rank === null,
    rank,
    firstRecommended: rank === 1,
    entities,
  };
  const disagreements = readerDisagreements(verdict, read, others, lens);
  return { verdict: read, reading: { readBy: 'model', ...(disagreements.length > 0 ? { readerDisagreements: disagreements } : {}) } };
}

/** A name as the report names it: a given competitor as the user gave it; the brand's own products are the brand. */
function canonicalNames(lens: ReadingLens): (name: string) => { name: string; own: boolean } {
  const own = [lens.brand, ...lens.aliases].map(foldName);
  const competitors = lens.competitors.map((name) => ({ name, folded: foldName(name) }));
  const isOf = (folded: string, form: string) => folded === form || folded.startsWith(`${form} `);
  return (name) => {
    const folded = foldName(name);
    if (own.some((form) => isOf(folded, form))) return { name: lens.brand, own: true };
    return { name: competitors.find((competitor) => isOf(folded, competitor.folded))?.name ?? name, own: false };
  };
}

/** Every name one reader presents as an option and the other does not, or at another rank; the brand among them. */
function readerDisagreements(
  rules: BrandAnswerVerdict,
  model: BrandAnswerVerdict,
  others: ReadonlyMap<string, { name: string; role: NameRole }>,
  lens: ReadingLens,
): ReaderDisagreement[] {
  const ranked = (verdict: BrandAnswerVerdict) =>
    new Map(
      [...verdict.entities, ...(verdict.rank === null ? [] : [{ name: lens.brand, rank: verdict.rank }])].map((entity) => [
        foldName(entity.name),
        entity,
      ]),
    );
  const [byRules, byModel] = [ranked(rules), ranked(model)];
  // One name spelled two ways ("Torrentshell 3L", "Patagonia Torrentshell 3L"): its words run inside the other's.
  const within = (a: string, b: string) => ` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `);
  const unpaired = new Set([...byModel.keys()].filter((key) => !byRules.has(key)));
  const found: ReaderDisagreement[] = [];
  const record = (ruled: NamedEntity | undefined, read: NamedEntity | undefined, role: NameRole | null) => {
    if (ruled && read && ruled.rank === read.rank) return;
    found.push({
      name: (ruled ?? read)!.name,
      rulesRole: ruled ? 'option' : null,
      rulesRank: ruled?.rank ?? null,
      modelRole: read ? 'option' : role,
      modelRank: read?.rank ?? null,
    });
  };
  for (const [key, ruled] of byRules) {
    const pair = byModel.has(key) ? key : [...unpaired].find((other) => within(key, other));
    if (pair !== undefined) unpaired.delete(pair);
    const role = others.get(key)?.role ?? [...others.entries()].find(([other]) => within(key, other))?.[1].role ?? null;
    record(ruled, pair === undefined ? undefined : byModel.get(pair), role);
  }
  for (const key of unpaired) record(undefined, byModel.get(key), null);
  return found
    .sort((a, b) => (a.rulesRank ?? a.modelRank ?? Infinity) - (b.rulesRank ?? b.modelRank ?? Infinity) || compareText(a.name, b.name))
    .slice(0, MAX_DISAGREEMENTS);
}

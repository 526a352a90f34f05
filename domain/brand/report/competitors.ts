import { compareText } from '../../shared/text';
import { foldName } from '../reader/names';
import { wilson } from '../../shared/rate';
import type { BrandAnswer, BrandReport } from './report-schema';

export type Competitor = BrandReport['competitors'][number];

/** A discovered option must be named in this many answers to count as a competitor. */
const MIN_DISCOVERED_ANSWERS = 2;
const MAX_DISCOVERED = 10;

export interface CompetitorNames {
  brand: string;
  aliases: readonly string[];
  /** The competitors the user named. */
  competitors: readonly string[];
}

/**
 * The given competitors, then the options named in at least two answers (the brand's names excluded),
 * each with its share of voice among the brand's `brandNamed` mentions and all competitors' mentions.
 */
export function competitorsOf(unbranded: readonly { answer: BrandAnswer }[], names: CompetitorNames, brandNamed: number): Competitor[] {
  const own = new Set([names.brand, ...names.aliases].map(foldName));
  const given = new Map(names.competitors.map((name) => [foldName(name), name]));
  const tally = new Map<string, { names: Map<string, number>; ranks: number[] }>();
  for (const { answer } of unbranded) {
    const seen = new Set<string>();
    for (const entity of answer.entities) {
      const id = foldName(entity.name);
      if (own.has(id) || seen.has(id)) continue;
      seen.add(id);
      const entry = tally.get(id) ?? { names: new Map<string, number>(), ranks: [] as number[] };
      entry.names.set(entity.name, (entry.names.get(entity.name) ?? 0) + 1);
      entry.ranks.push(entity.rank);
      tally.set(id, entry);
    }
  }
  const discovered = [...tally.entries()]
    .filter(([id, entry]) => !given.has(id) && entry.ranks.length >= MIN_DISCOVERED_ANSWERS)
    .sort(([a, left], [b, right]) => right.ranks.length - left.ranks.length || compareText(a, b))
    .slice(0, MAX_DISCOVERED)
    .map(([id]) => id);
  const listed = [...[...given.keys()].map((id) => ({ id, discovered: false })), ...discovered.map((id) => ({ id, discovered: true }))];
  const voices = brandNamed + listed.reduce((sum, { id }) => sum + (tally.get(id)?.ranks.length ?? 0), 0);
  return listed.map(({ id, discovered }) => {
    const entry = tally.get(id);
    const ranks = entry?.ranks ?? [];
    // The form the answers use most, so "monday.com" reads as they write it.
    const name =
      given.get(id) ??
      [...(entry?.names ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]![0];
    return {
      name,
      discovered,
      mentions: ranks.length,
      mentionRate: wilson(ranks.length, unbranded.length),
      firstRecommendations: ranks.filter((rank) => rank === 1).length,
      shareOfVoice: wilson(ranks.length, voices),
      averageRank: ranks.length ? Math.round((ranks.reduce((sum, rank) => sum + rank, 0) / ranks.length) * 10) / 10 : null,
    };
  });
}

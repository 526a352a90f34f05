/**
 * The brand reader's measures on hand-labelled answers, as `benchmarks/brand-answers/README.md`
 * defines them: each labelled option asked as the brand (mentioned, rank, first), each trap asked
 * as the brand (a false mention), and with an absent brand the entities against the options.
 */
import {
  droppedCandidates,
  readBrandAnswer,
  type BrandAnswerInput,
  type BrandAnswerVerdict,
  type NamedEntity,
  type ReadingTrace,
} from '../domain/brand/reader/answer';

export interface LabelledAnswer {
  id: string;
  platform: string;
  query: string;
  answer: string;
  citations: string[];
  options: { name: string; aliases: string[]; rank: number; sentiment?: string }[];
  first: string;
  traps: { name: string; why: string }[];
}

export interface Miss {
  id: string;
  measure: string;
  detail: string;
}

export interface Tally {
  hits: number;
  total: number;
}

export interface BrandAnswerMeasures {
  mentionRecall: Tally;
  trapFalseMentions: Tally;
  rankExact: Tally;
  /** Pairs of labelled options, both ranked, with different labelled ranks: in the labelled order. */
  pairsInOrder: Tally;
  firstRight: Tally;
  optionPrecision: Tally;
  optionRecall: Tally;
  sentimentRight: Tally;
  misses: Miss[];
}

/** A name that no answer uses: the reader's entities are then the options it found. */
export const ABSENT_BRAND = 'Qxzv Nonesuch';

/** Case and punctuation folded, as the benchmark's README says. */
export const foldForMatch = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const sameOption = (a: string, b: string) => {
  const [x, y] = [foldForMatch(a), foldForMatch(b)];
  return x.length > 0 && y.length > 0 && (x.startsWith(y) || y.startsWith(x));
};

/** How an answer is read for one brand: the rules by default, or the rules with a model's reading (model-reader-bench.ts). */
export type AnswerReader = (item: LabelledAnswer, brand: string, aliases: readonly string[]) => BrandAnswerVerdict;

/** A labelled answer as the reader takes it, asked for one brand. */
export const inputOf = (item: LabelledAnswer, brand: string, aliases: readonly string[]): BrandAnswerInput => ({
  answer: item.answer,
  citations: item.citations,
  brand,
  aliases,
  competitors: [],
  question: item.query,
});

const byRules: AnswerReader = (item, brand, aliases) => readBrandAnswer(inputOf(item, brand, aliases)).verdict;

export function measureBrandAnswers(items: readonly LabelledAnswer[], read: AnswerReader = byRules): BrandAnswerMeasures {
  const tally = (): Tally => ({ hits: 0, total: 0 });
  const measures: BrandAnswerMeasures = {
    mentionRecall: tally(),
    trapFalseMentions: tally(),
    rankExact: tally(),
    pairsInOrder: tally(),
    firstRight: tally(),
    optionPrecision: tally(),
    optionRecall: tally(),
    sentimentRight: tally(),
    misses: [],
  };
  const count = (which: Tally, hit: boolean, miss?: Omit<Miss, 'measure'> & { measure: string }) => {
    which.total += 1;
    if (hit) which.hits += 1;
    else if (miss) measures.misses.push(miss);
  };
  // The rules' trace names the rule behind a miss; with a model's reading the verdict is the model's.
  const readWithTrace = (item: LabelledAnswer, brand: string, aliases: readonly string[]) => {
    const rules = readBrandAnswer(inputOf(item, brand, aliases));
    return read === byRules ? rules : { verdict: read(item, brand, aliases), trace: rules.trace };
  };

  for (const item of items) {
    const { entities } = read(item, ABSENT_BRAND, []);
    const dropped = droppedCandidates(item.answer, item.query);
    const isOption = (name: string) =>
      item.options.some((option) => [option.name, ...option.aliases].some((form) => sameOption(form, name)));
    const ranked: { rank: number; label: number }[] = [];
    for (const option of item.options) {
      const { verdict, trace } = readWithTrace(item, option.name, option.aliases);
      count(measures.mentionRecall, verdict.mentioned, {
        id: item.id,
        measure: 'mention',
        detail: `${option.name}${because(trace.notMentions, option)}`,
      });
      if (!verdict.mentioned) continue;
      if (verdict.rank !== null) ranked.push({ rank: verdict.rank, label: option.rank });
      count(measures.rankExact, verdict.rank === option.rank, {
        id: item.id,
        measure: 'rank',
        detail: `${option.name}: ${verdict.rank} (label ${option.rank})${rankReason(verdict.rank, option, entities, trace, item, dropped, isOption)}`,
      });
      const isFirst = option.name === item.first;
      count(measures.firstRight, verdict.firstRecommended === isFirst, {
        id: item.id,
        measure: 'first',
        detail: `${option.name}: ${verdict.firstRecommended} (label ${isFirst})`,
      });
      if (option.sentiment)
        count(measures.sentimentRight, verdict.sentiment === option.sentiment, {
          id: item.id,
          measure: 'sentiment',
          detail: `${option.name}: ${verdict.sentiment} (label ${option.sentiment}) «${verdict.sentimentEvidence ?? ''}»`,
        });
    }
    for (const [index, a] of ranked.entries())
      for (const b of ranked.slice(index + 1))
        if (a.label !== b.label)
          count(measures.pairsInOrder, Math.sign(a.rank - b.rank) === Math.sign(a.label - b.label), {
            id: item.id,
            measure: 'pair',
            detail: `ranks ${a.rank} and ${b.rank}, labelled ${a.label} and ${b.label}`,
          });
    for (const trap of item.traps) {
      const verdict = read(item, trap.name, []);
      // Counted as hits where the reader is wrong, so the tally is the false-mention rate.
      measures.trapFalseMentions.total += 1;
      if (verdict.mentioned) {
        measures.trapFalseMentions.hits += 1;
        measures.misses.push({ id: item.id, measure: 'trap', detail: `${trap.name} (${trap.why})` });
      }
    }
    for (const entity of entities) {
      const real = item.options.some((option) => [option.name, ...option.aliases].some((name) => sameOption(name, entity.name)));
      count(measures.optionPrecision, real, { id: item.id, measure: 'entity', detail: `not an option: ${entity.name}` });
    }
    for (const option of item.options) {
      const found = entities.some((entity) => [option.name, ...option.aliases].some((name) => sameOption(name, entity.name)));
      // Which rule dropped it, where one did: the reason a reader can change or remove by name.
      const rule = dropped.find((candidate) => [option.name, ...option.aliases].some((name) => sameOption(name, candidate.name)));
      count(measures.optionRecall, found, {
        id: item.id,
        measure: 'option',
        detail: `option not listed: ${option.name}${rule ? ` (dropped by ${rule.rule}: ${rule.why})` : ' (no rule dropped it: never read as a candidate, or ranked nowhere)'}`,
      });
    }
  }
  return measures;
}

type Option = LabelledAnswer['options'][number];
const formsOf = (option: Option) => [option.name, ...option.aliases];

/** The rules that set the option's name aside, where any did: " (not a mention: positional-capital: …)". */
function because(decisions: ReadingTrace['notMentions'], option: Option): string {
  const hits = decisions.filter((decision) => formsOf(option).some((form) => sameOption(form, decision.name)));
  return hits.length > 0
    ? ` (not a mention: ${hits.map((hit) => `${hit.rule}: ${hit.why}`).join('; ')})`
    : ' (no rule set it aside: never found)';
}

/**
 * Why a rank differs from its label, rule by rule: names ranked before the option that are no labelled option (read as
 * options by no rule that dropped them), labelled options ranked after it or nowhere (the rule that dropped them), and
 * the option's own namings a slot rule left without a rank.
 */
function rankReason(
  rank: number | null,
  option: Option,
  entities: readonly NamedEntity[],
  trace: ReadingTrace,
  item: LabelledAnswer,
  dropped: readonly { name: string; rule: string; why: string }[],
  isOption: (name: string) => boolean,
): string {
  const reasons: string[] = [];
  const unranked = trace.unranked.filter((aside) => formsOf(option).some((form) => sameOption(form, aside.name)));
  for (const aside of unranked) reasons.push(`its naming at ${aside.at} unranked by ${aside.rule}`);
  if (rank !== null && rank > option.rank) {
    const before = entities.filter((entity) => entity.rank < rank && !isOption(entity.name)).map((entity) => entity.name);
    if (before.length > 0) reasons.push(`ranked before it, no option: ${before.join(', ')} (no rule dropped them)`);
  }
  if (rank !== null && rank < option.rank) {
    const missing = item.options.filter(
      (other) => other.rank < option.rank && !entities.some((entity) => formsOf(other).some((form) => sameOption(form, entity.name))),
    );
    for (const other of missing) {
      const rule = dropped.find((candidate) => formsOf(other).some((form) => sameOption(form, candidate.name)));
      reasons.push(`labelled before it, not read: ${other.name}${rule ? ` (dropped by ${rule.rule})` : ''}`);
    }
  }
  return reasons.length > 0 ? ` [${reasons.join('; ')}]` : '';
}

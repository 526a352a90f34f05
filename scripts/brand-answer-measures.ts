/**
 * The brand reader's measures on hand-labelled answers, as `benchmarks/brand-answers/README.md`
 * defines them: each labelled option asked as the brand (mentioned, rank, first), each trap asked
 * as the brand (a false mention), and with an absent brand the entities against the options.
 */
import { analyseBrandAnswer, droppedCandidates, type BrandAnswerVerdict } from '../domain/brand/answer';

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

const byRules: AnswerReader = (item, brand, aliases) =>
  analyseBrandAnswer({ answer: item.answer, citations: item.citations, brand, aliases, competitors: [], question: item.query });

export function measureBrandAnswers(items: readonly LabelledAnswer[], read: AnswerReader = byRules): BrandAnswerMeasures {
  const tally = (): Tally => ({ hits: 0, total: 0 });
  const measures: BrandAnswerMeasures = {
    mentionRecall: tally(),
    trapFalseMentions: tally(),
    rankExact: tally(),
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

  for (const item of items) {
    for (const option of item.options) {
      const verdict = read(item, option.name, option.aliases);
      count(measures.mentionRecall, verdict.mentioned, { id: item.id, measure: 'mention', detail: option.name });
      if (!verdict.mentioned) continue;
      count(measures.rankExact, verdict.rank === option.rank, {
        id: item.id,
        measure: 'rank',
        detail: `${option.name}: ${verdict.rank} (label ${option.rank})`,
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
    for (const trap of item.traps) {
      const verdict = read(item, trap.name, []);
      // Counted as hits where the reader is wrong, so the tally is the false-mention rate.
      measures.trapFalseMentions.total += 1;
      if (verdict.mentioned) {
        measures.trapFalseMentions.hits += 1;
        measures.misses.push({ id: item.id, measure: 'trap', detail: `${trap.name} (${trap.why})` });
      }
    }
    const { entities } = read(item, ABSENT_BRAND, []);
    for (const entity of entities) {
      const real = item.options.some((option) => [option.name, ...option.aliases].some((name) => sameOption(name, entity.name)));
      count(measures.optionPrecision, real, { id: item.id, measure: 'entity', detail: `not an option: ${entity.name}` });
    }
    const dropped = droppedCandidates(item.answer, item.query);
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

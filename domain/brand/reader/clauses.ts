import { CJK_CONTRAST, CONTRAST_WORDS, saysNotKnown } from '../../shared/language/clauses';

/** The answer's sentences and clauses, and which of them say the assistant does not know (docs/brand-reader.md §3). */

export interface Clauses {
  ranges: readonly Range[];
  /** The clause at `offset` says the assistant does not know: a name there is neither an option nor a mention. */
  saysNotKnownAt(offset: number): boolean;
  /** Some clause says so. */
  anySaysNotKnown(): boolean;
}

export function clausesOf(answer: string): Clauses {
  const ranges = sentenceRanges(answer);
  // Only the clauses that hold a name are asked whether they say the assistant does not know it.
  const saysSo = new Map<number, boolean>();
  const notKnown = (index: number) => {
    let verdict = saysSo.get(index);
    if (verdict === undefined) {
      verdict = saysNotKnown(answer.slice(ranges[index]!.start, ranges[index]!.end));
      saysSo.set(index, verdict);
    }
    return verdict;
  };
  return {
    ranges,
    saysNotKnownAt(offset) {
      const index = rangeAt(ranges, offset);
      return index !== undefined && notKnown(index);
    },
    anySaysNotKnown: () => ranges.some((_, index) => notKnown(index)),
  };
}

/**
 * Where a sentence, a line or a clause ends. Clauses too: in "I don't know X, but Y is popular" only
 * the first half says X is unknown; the turn is the classifier's own list of contrast words, in the
 * languages it reads.
 */
const CLAUSE_BOUNDARY = new RegExp(
  `[.!?。！？]+(?=\\s|$)|\\n+|[;；]|,\\s+(?=(?:${CONTRAST_WORDS})(?![\\p{L}\\p{N}]))|，(?=${CJK_CONTRAST})`,
  'giu',
);

export interface Range {
  start: number;
  end: number;
}

/** Sentence and line ranges: a name in one that says the assistant does not know it is not a mention. */
function sentenceRanges(answer: string): Range[] {
  const ranges: Range[] = [];
  let start = 0;
  for (const match of answer.matchAll(CLAUSE_BOUNDARY)) {
    const end = match.index + match[0].length;
    ranges.push({ start, end });
    start = end;
  }
  if (start < answer.length) ranges.push({ start, end: answer.length });
  return ranges;
}

/** The range holding `at`, of ranges in order that do not overlap. */
export function rangeAt(ranges: readonly Range[], at: number): number | undefined {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle]!;
    if (at < range.start) high = middle - 1;
    else if (at >= range.end) low = middle + 1;
    else return middle;
  }
  return undefined;
}

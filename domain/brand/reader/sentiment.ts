import { escapeRegExp } from '../../shared/text';
import { HAN_AND_KANA_SCRIPTS } from '../../shared/language/cjk';
import { isNegated } from '../../shared/language/negation';
import { SPACE_RUNS } from './patterns';

/** Chinese and Japanese cues are written without spaces around them: no word boundaries. */
const UNSPACED_START = new RegExp(`^[${HAN_AND_KANA_SCRIPTS}]`, 'u');

/**
 * How an answer speaks of the brand where it first presents it (docs/checks/brand.md):
 * positive (recommended or praised), negative (advised against), neutral (listed, a place to buy,
 * mixed), with the clause it rests on. Cue words in the languages the classifier reads; a cue after a
 * negation ("not the best") is cancelled; a side wins with at least twice the other's weight.
 */

export type Sentiment = 'positive' | 'neutral' | 'negative';

const POSITIVE = [
  'best',
  'top pick',
  'top picks',
  'top choice',
  'top option',
  'top recommendation',
  'top recommendations',
  'recommend',
  'recommended',
  'recommends',
  'excellent',
  'great',
  'outstanding',
  'stands out',
  'standout',
  'ideal',
  'perfect',
  'popular',
  'favorite',
  'favourite',
  'reliable',
  'solid',
  'strong',
  'praised',
  'highly rated',
  'well-reviewed',
  'well reviewed',
  'impressive',
  'leading',
  'superb',
  'exceptional',
  'good choice',
  'good option',
  'good value',
  'great value',
  'worth',
  'go-to',
  'winner',
  'loved',
  'trusted',
  'versatile',
  'stylish',
  'powerful',
  'mejor',
  'recomendado',
  'recomendada',
  'excelente',
  'fiable',
  'popular',
  'meilleur',
  'meilleure',
  'recommandé',
  'recommandée',
  'excellente',
  'populaire',
  'fiable',
  'beste',
  'empfohlen',
  'empfehlenswert',
  'ausgezeichnet',
  'hervorragend',
  'beliebt',
  'zuverlässig',
  'migliore',
  'consigliato',
  'ottimo',
  'melhor',
  'recomendado',
  'ótimo',
  '推荐',
  '最好',
  '最佳',
  '优秀',
  '出色',
  '受欢迎',
  '可靠',
  '首选',
  'おすすめ',
  '最適',
  '人気',
];
const NEGATIVE = [
  'avoid',
  'not recommended',
  'drawback',
  'drawbacks',
  'downside',
  'downsides',
  'poor',
  'worse',
  'worst',
  'weak',
  'lacks',
  'lacking',
  'overpriced',
  'complaints',
  'issues',
  'problems',
  'outdated',
  'discontinued',
  'disappointing',
  'unreliable',
  'buggy',
  'falls short',
  'steep learning curve',
  'clunky',
  'skip',
  'not ideal',
  'evitar',
  'caro',
  'problemas',
  'éviter',
  'cher',
  'problèmes',
  'vermeiden',
  'teuer',
  'probleme',
  'evitare',
  'costoso',
  '避免',
  '缺点',
  '问题',
  '昂贵',
  '不推荐',
  '不建议',
  '避け',
];
/** Where the answer only says where to buy: a place to buy is listed, not judged. */
const WHERE_TO_BUY =
  /\b(?:available (?:at|from|on)|where to buy|buy (?:it |them )?(?:at|from|on)|sold (?:at|by)|find (?:it|them|these|listings)? ?(?:at|on)|purchase (?:through|from|at)|retailers? (?:like|such as)|can be (?:found|ordered) (?:at|on|from))\b/iu;

/** Whole words for the spaced languages, anywhere for Chinese and Japanese; the word boundaries around one group, not each cue (ten times faster). */
const pattern = (cues: readonly string[]) => {
  const unspaced = (cue: string) => UNSPACED_START.test(cue);
  const escaped = (list: string[]) => list.map(escapeRegExp).join('|');
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${escaped(cues.filter((cue) => !unspaced(cue)))})(?![\\p{L}\\p{N}])|${escaped(cues.filter(unspaced))}`,
    'giu',
  );
};
const POSITIVE_CUES = pattern(POSITIVE);
const NEGATIVE_CUES = pattern(NEGATIVE);

export interface SentimentReading {
  sentiment: Sentiment;
  /** The clause the reading rests on, as the answer words it. */
  evidence: string;
}

const MAX_EVIDENCE_CHARS = 240;

/** A turn that qualifies the praise before it: "powerful, but not a 2-in-1". */
const CAVEAT = /(?<![\p{L}])(?:but|however|though|although|yet|aber|jedoch|mais|cependant|pero|sin embargo|但是|不过)(?![\p{L}])/giu;

/**
 * The sentiment of `clause`, the text where the answer first presents the brand. An answer to a
 * question asking for options presents an option as a recommendation: it starts positive, and cue
 * words, caveats and a place to buy move it.
 */
export function sentimentOf(clause: string): SentimentReading {
  const evidence = clause
    .replace(SPACE_RUNS, ' ')
    .replace(/[*_#]+/gu, '')
    .trim()
    .slice(0, MAX_EVIDENCE_CHARS);
  if (WHERE_TO_BUY.test(clause)) return { sentiment: 'neutral', evidence };
  const cues = (pattern: RegExp) => [...clause.matchAll(pattern)];
  const positive = cues(POSITIVE_CUES).filter((match) => !isNegated(clause, match.index)).length + 1;
  const negative =
    cues(NEGATIVE_CUES).filter((match) => !isNegated(clause, match.index)).length +
    cues(POSITIVE_CUES).filter((match) => isNegated(clause, match.index)).length;
  const caveats = cues(CAVEAT).length;
  const sentiment: Sentiment =
    negative > 0 && negative >= 2 * positive
      ? 'negative'
      : positive > 0 && positive >= 2 * negative && caveats === 0
        ? 'positive'
        : positive > negative + caveats
          ? 'positive'
          : 'neutral';
  return { sentiment, evidence };
}

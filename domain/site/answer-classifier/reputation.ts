import type { Reputation } from '../report';
import { quote, CJK_CONTRAST, CONTRAST_WORDS, type Clause } from './clauses';
import { REPUTATION_CUES, type Language } from './phrases';

/**
 * Reputation from cue words in the clauses that may carry it. A cue preceded in its clause by a
 * negation ("not a scam", "no reports of fraud") is ignored. Scam, fraud, phishing and malware weigh
 * double. A side wins with at least twice the other side's weight; anything closer is neutral.
 */

/** Words that, shortly before a cue in the same clause, cancel it: "not", "no reports of", "protects against". */
const NEGATORS_BY_LANGUAGE: Partial<Record<Language, readonly string[]>> = {
  en: [
    'not', 'no', 'never', 'without', 'lack', 'lacks', 'few', 'zero', 'none', 'neither', 'nor', 'nothing', 'less', 'lesser',
    'hardly', 'barely', 'anti', 'against', 'prevent', 'prevents', 'protect', 'protects', 'protecting', 'detect', 'detects',
    'detecting', 'block', 'blocks', 'blocking', 'fight', 'fights', 'fighting', 'combat', 'combats',
  ],
  es: ['no', 'sin', 'poco', 'ningún', 'ninguna', 'ninguno', 'nunca', 'ni', 'contra'],
  fr: ['pas', 'peu', 'aucun', 'aucune', 'sans', 'jamais', 'ni', 'contre', 'non'],
  de: ['nicht', 'kein', 'keine', 'keinen', 'keiner', 'keinem', 'keines', 'ohne', 'nie', 'gegen', 'schutz', 'schützt', 'schützen'],
  pt: ['não', 'sem', 'nenhum', 'nenhuma', 'nunca', 'contra'],
  it: ['non', 'senza', 'nessun', 'nessuna', 'nessuno', 'mai', 'contro'],
  ru: ['не', 'нет', 'без', 'ни', 'против'],
};
const NEGATORS: ReadonlySet<string> = new Set(Object.values(NEGATORS_BY_LANGUAGE).flat());
const NEGATION_WINDOW_WORDS = 5;
/** Chinese negation shortly before a cue; 不少 ("quite a few"), 不仅 ("not only"), 不错 ("good"), 非常 ("very") are not. */
const CJK_NEGATION = /没有|沒有|并非|並非|从未|從未|并无|並無|[无無]|未(?![来來])|非(?!常)|不(?![少断斷仅僅但同错錯])/u;
const CJK_NEGATION_WINDOW_CHARS = 8;

/** Where a negation stops reaching: a new clause, but not a list ("against malware, phishing and ransomware"). */
const NEGATION_STOP = new RegExp(`[;:()；：，]|,\\s*(?:and|so|while|whereas|which|y|et|und|e|и|${CONTRAST_WORDS})(?![\\p{L}\\p{N}])|${CJK_CONTRAST}`, 'iu');

export function judgeReputation(clauses: readonly Clause[]): { reputation: Reputation; reasons: string[] } {
  const weights = { positive: 0, negative: 0 };
  const cues = { positive: [] as string[], negative: [] as string[], negated: [] as string[] };
  for (const { text } of clauses) {
    for (const { side, weight, pattern } of REPUTATION_CUES) {
      for (const match of text.matchAll(pattern)) {
        const cue = match[0];
        if (isNegated(text, match.index)) {
          cues.negated.push(cue);
        } else {
          weights[side] += weight;
          cues[side].push(cue);
        }
      }
    }
  }

  const reasons = [
    ...listCues('positive', cues.positive),
    ...listCues('negative', cues.negative),
    ...listCues('ignored (negated)', cues.negated),
  ];
  const { positive, negative } = weights;
  const reputation: Reputation = negative > 0 && negative >= 2 * positive ? 'negative' : positive > 0 && positive >= 2 * negative ? 'positive' : 'neutral';
  const balance = positive + negative === 0 ? 'no reputation cues' : `${positive} positive vs ${negative} negative`;
  return { reputation, reasons: [...reasons, `reputation ${reputation}: ${balance}`] };
}

/** A cue shortly after a negation in its clause ("not a scam", "not recommended") is cancelled. */
export function isNegated(text: string, cueStart: number): boolean {
  const before = text.slice(Math.max(0, cueStart - 80), cueStart);
  const sameClause = before.split(NEGATION_STOP).at(-1) ?? '';
  if (CJK_NEGATION.test(sameClause.slice(-CJK_NEGATION_WINDOW_CHARS))) return true;
  const words = sameClause.toLowerCase().split(/[^\p{L}\p{N}']+/u).filter(Boolean).slice(-NEGATION_WINDOW_WORDS);
  return words.some((word, index) => isNegator(word, words[index + 1]));
}

function isNegator(word: string, next: string | undefined): boolean {
  // "not only popular" praises; "free of malware" negates where "a free and popular site" does not.
  if (word === 'not') return next !== 'only';
  if (word === 'free') return next === 'of' || next === 'from';
  return NEGATORS.has(word) || word.endsWith("n't");
}

function listCues(label: string, cues: readonly string[]): string[] {
  const distinct = [...new Set(cues.map((cue) => cue.toLowerCase()))];
  return distinct.length === 0 ? [] : [`${label}: ${distinct.slice(0, 3).map(quote).join(', ')}`];
}

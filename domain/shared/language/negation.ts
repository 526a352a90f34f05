import { CJK_CONTRAST, CONTRAST_WORDS } from './clauses';
import type { Language } from './phrases';

/** Negation before a cue word, in the languages the phrase tables know: the site's reputation and the brand's sentiment read it. */

/** Words that, shortly before a cue in the same clause, cancel it: "not", "no reports of", "protects against". */
const NEGATORS_BY_LANGUAGE: Partial<Record<Language, readonly string[]>> = {
  en: [
    'not',
    'no',
    'never',
    'without',
    'lack',
    'lacks',
    'few',
    'zero',
    'none',
    'neither',
    'nor',
    'nothing',
    'less',
    'lesser',
    'hardly',
    'barely',
    'anti',
    'against',
    'prevent',
    'prevents',
    'protect',
    'protects',
    'protecting',
    'detect',
    'detects',
    'detecting',
    'block',
    'blocks',
    'blocking',
    'fight',
    'fights',
    'fighting',
    'combat',
    'combats',
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
const NEGATION_STOP = new RegExp(
  `[;:()；：，]|,\\s*(?:and|so|while|whereas|which|y|et|und|e|и|${CONTRAST_WORDS})(?![\\p{L}\\p{N}])|${CJK_CONTRAST}`,
  'iu',
);

/** A cue shortly after a negation in its clause ("not a scam", "not recommended") is cancelled. */
export function isNegated(text: string, cueStart: number): boolean {
  const before = text.slice(Math.max(0, cueStart - 80), cueStart);
  const sameClause = before.split(NEGATION_STOP).at(-1) ?? '';
  if (CJK_NEGATION.test(sameClause.slice(-CJK_NEGATION_WINDOW_CHARS))) return true;
  const words = sameClause
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean)
    .slice(-NEGATION_WINDOW_WORDS);
  return words.some((word, index) => isNegator(word, words[index + 1]));
}

function isNegator(word: string, next: string | undefined): boolean {
  // "not only popular" praises; "free of malware" negates where "a free and popular site" does not.
  if (word === 'not') return next !== 'only';
  if (word === 'free') return next === 'of' || next === 'from';
  return NEGATORS.has(word) || word.endsWith("n't");
}

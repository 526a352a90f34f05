import { newStemmer, type Stemmer } from 'snowball-stemmers';
import * as stopwordLists from 'stopword';
import { CJK_SCRIPTS, HAN_AND_KANA_SCRIPTS, hasCjk, hasKana } from '../shared/language/cjk';

/**
 * Words as the article check compares them: lower case, stop words dropped, stemmed with the Snowball
 * stemmer of the text's language ("citations" and "cited" meet at "cite"); Chinese and Japanese as
 * the words of ICU's segmenter (Intl.Segmenter), since their words are not spaced; Korean (spaced,
 * with particles attached) as character bigrams.
 */

const SNOWBALL: Record<string, string> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  pt: 'portuguese',
  nl: 'dutch',
  ru: 'russian',
  sv: 'swedish',
  da: 'danish',
  no: 'norwegian',
  nb: 'norwegian',
  fi: 'finnish',
  tr: 'turkish',
  ro: 'romanian',
  hu: 'hungarian',
  cs: 'czech',
  ca: 'catalan',
};

/** ISO 639-3 codes of the `stopword` package's lists, for the Snowball languages. */
const STOPWORD_LIST: Record<string, keyof typeof stopwordLists> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  pt: 'por',
  nl: 'nld',
  ru: 'rus',
  sv: 'swe',
  da: 'dan',
  no: 'nob',
  nb: 'nob',
  fi: 'fin',
  tr: 'tur',
  ro: 'ron',
  hu: 'hun',
  cs: 'ces',
  ca: 'cat',
};

/**
 * The commonest function words of the languages the service sees most, in every text (answers mix
 * languages); and for the text's own language, the `stopword` package's list (fuller: "wurde", "also").
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its just may me more most my no not of on or our so ' +
    'than that the their them then there these they this those to too very was we were what when where which who why will with would you your also about ' +
    'after before between both each few other over same some such only own under until up down out off again further once here all any because while ' +
    'der die das und ist nicht ein eine zu den mit von auf für im dem des sich es le la les et est un une des du de en que qui dans pour pas sur ' +
    'el los las y es un una que en por con para del al lo como más pero sus o il di che è per non una un gli dei delle ' +
    'и в не на что с как по это он она они но из к у за от до'
  ).split(/\s+/u),
);

const stemmers = new Map<string, Stemmer>();
const languageStopWords = new Map<string, ReadonlySet<string>>();

function stopWordsFor(language: string | undefined): ReadonlySet<string> {
  const code = (language ?? 'en').toLowerCase().slice(0, 2);
  let words = languageStopWords.get(code);
  if (!words) languageStopWords.set(code, (words = new Set(stopwordLists[STOPWORD_LIST[code] ?? 'eng'])));
  return words;
}

/** The Snowball algorithm for a language tag ("de-AT" → german); English when unknown. */
export function snowballAlgorithm(language: string | undefined): string {
  return SNOWBALL[(language ?? 'en').toLowerCase().slice(0, 2)] ?? 'english';
}

function stemmerFor(language: string | undefined): Stemmer {
  const algorithm = snowballAlgorithm(language);
  let stemmer = stemmers.get(algorithm);
  if (!stemmer) stemmers.set(algorithm, (stemmer = newStemmer(algorithm)));
  return stemmer;
}

/** Figures; runs of Chinese and Japanese; runs of Korean; other words (letters and digits). */
const TOKEN = new RegExp(
  `\\d+(?:[.,]\\d+)*\\p{Ll}{0,2}|[${HAN_AND_KANA_SCRIPTS}ー々]+|\\p{Script=Hangul}+|(?:(?![${CJK_SCRIPTS}])[\\p{L}\\p{N}])+`,
  'gu',
);
const HAN_OR_KANA = new RegExp(`[${HAN_AND_KANA_SCRIPTS}]`, 'u');
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
/** One-character Chinese function words (Japanese ones are hiragana, dropped as such). */
const CJK_STOP_WORDS = new Set([
  ...'的了在是和与及或等也都就而被把对从向它他她这那之其于以为中个各一有不将并由使让来到说要会能可很最更又还所此该',
]);
const segmenters = new Map<string, Intl.Segmenter>();

/** Chinese and Japanese words, by the ICU dictionary segmenter; particles and function words dropped. */
function cjkWords(run: string, japanese: boolean): string[] {
  const locale = japanese ? 'ja' : 'zh';
  let segmenter = segmenters.get(locale);
  if (!segmenter) segmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: 'word' })));
  return [...segmenter.segment(run)]
    .map((part) => part.segment)
    .filter((word) => HAN_OR_KANA.test(word) && !HIRAGANA_ONLY.test(word) && !CJK_STOP_WORDS.has(word));
}

/**
 * The content tokens of a text, in order (repeats kept): lower case; stop words dropped; Snowball
 * stems; figures without separators ("6,000" = "6000"; "1910s" = 1910); Chinese and Japanese as words
 * (ICU's dictionary segmenter), Korean as character bigrams.
 */
export function contentTokens(text: string, language?: string): string[] {
  const stemmer = stemmerFor(language);
  const stopWords = stopWordsFor(language);
  const normalised = text.normalize('NFKC').toLowerCase();
  const japanese = (language ?? '').toLowerCase().startsWith('ja') || hasKana(normalised);
  const tokens: string[] = [];
  for (const word of normalised.match(TOKEN) ?? []) {
    if (/^\d/u.test(word)) {
      tokens.push(word.replace(/[.,]/gu, '').replace(/\p{L}+$/u, ''));
    } else if (HAN_OR_KANA.test(word)) {
      tokens.push(...cjkWords(word, japanese));
    } else if (hasCjk(word)) {
      const chars = [...word];
      if (chars.length === 1) tokens.push(chars[0]!);
      for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i]! + chars[i + 1]!);
    } else if (!STOP_WORDS.has(word) && !stopWords.has(word) && word.length > 1) {
      tokens.push(stemmer.stem(word));
    }
  }
  return tokens;
}

/** Abbreviations after which a full stop does not end the sentence (English, German, French, Spanish). */
const INITIAL = /(?:^|[\s(.])\p{L}\.$/u;
const ABBREVIATION =
  /(?:^|[\s(])(?:mr|mrs|ms|dr|prof|st|jr|sr|gen|gov|sen|rep|lt|col|sgt|capt|inc|ltd|corp|co|vs|etc|e\.g|i\.e|no|nr|bzw|z\.\s?b|ca|usw|vgl|sog|hl|jh|mio|mrd|bzw|mme|sra|ej)\.$/iu;
const MONTH_OR_ORDINAL_NOUN =
  /^(?:januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jahrhundert|jahrtausend|platz|rang|mal|auflage|ausgabe)\b/iu;

/**
 * Sentences of a block of text (full stops, question and exclamation marks, CJK stops). A stop does
 * not end a sentence after an initial or a common abbreviation ("U.S.", "Dr.", "z. B."), after a
 * German ordinal before its noun ("am 19. Februar"), or when the text goes on in lower case.
 */
export function sentencesOf(block: string): string[] {
  const spans: { start: number; end: number }[] = [];
  // Ends: a CJK stop; or Latin stops (and closing quotes or brackets) before a space, the end, or a
  // capital glued to a lower-case word ("community.Dr Venter"); not inside "1.233" or "example.com".
  const ends = /[。！？]+["”’」』）)]*|[.!?]+["'”’»)\]]*(?=\s|$)|(?<=\p{Ll}{2})[.!?]+(?=\p{Lu}\p{Ll})/gu;
  let start = 0;
  const push = (end: number) => {
    const from = start;
    const piece = block.slice(from, end).trim();
    start = end;
    if (!piece) return;
    const last = spans[spans.length - 1];
    const previous = last && block.slice(last.start, last.end).trim();
    const joins =
      previous !== undefined &&
      (/^[\p{Ll}]/u.test(piece) ||
        (/\.$/u.test(previous) &&
          (INITIAL.test(previous) ||
            ABBREVIATION.test(previous) ||
            (/(?:^|\s)\d{1,2}\.$/u.test(previous) && MONTH_OR_ORDINAL_NOUN.test(piece)))));
    if (joins) last!.end = end;
    else spans.push({ start: from, end });
  };
  for (const match of block.matchAll(ends)) push(match.index + match[0].length);
  push(block.length);
  return spans.map(({ start: from, end }) => block.slice(from, end).trim()).filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

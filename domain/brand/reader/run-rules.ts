import { eng as englishStopWords } from 'stopword';
import { startsSentence } from './answer-layout';
import { endsWithPlaceLead } from './cues';
import { namedMidSentence, usesPhrase } from './answer-words';
import { MAX_NAME_WORDS, MEASURE_LEAD, MODEL_SUFFIX, type OptionName } from './name-words';
import { isDate } from './dates';
import { isChipName, isColourName, isComponentName } from './not-options';
import { isKnownWord, isOrdinaryPhrase, isOrdinaryWord } from './ordinary-words';
import type { Dropped, Rule } from './rule';
import { OPENS_CAPITAL, HAS_DIGIT } from './patterns';

/**
 * The rules that judge a run of name-like words ("Lenovo ThinkPad X12", "Similar to Patagonia", "Key
 * Specs"), in order, as chrono's parsers and refiners do: each rule has a name, an example, and a test
 * that decides one thing. A rule either trims the run (drops an opening "Similar", a label's words), or
 * decides it: `drop` with why, `keep`, or nothing and the next rule reads it. A run no rule drops is a
 * name. Read top to bottom; a rule can be changed or removed by name, and its test in
 * test/domain/brand/run-rules.test.ts says what it protects.
 */

export interface Word {
  text: string;
  /** Without markup and trailing punctuation. */
  bare: string;
  start: number;
  end: number;
}

export interface Run {
  answer: string;
  /** The words as the rules have left them. */
  words: Word[];
  /** The run as read, before any trimming. */
  read: readonly Word[];
  /** Capitals say nothing here: a title-cased line. */
  titleCase: boolean;
  /** Where its line, item, cell or heading starts. */
  scopeStart: number;
  /** The run opens a sentence, a line or a clause, where any word has a capital. */
  initial: boolean;
  /** After "Available at:" or "retailers like": a capital names a place to buy. */
  placeToBuy: boolean;
  /** The run is the whole lead of a numbered heading or item ("### 2. The North Face Venture 2"): it presents an option. */
  ranksLead: boolean;
}

export type Decision = { drop: string } | 'keep' | undefined;

/** A run rule: its example is an answer and the run in it this rule decides or trims ("drops" or "keeps" it). */
export type RunRule = Rule<Run, undefined, Decision>;

const OPENERS = new Set([...englishStopWords, 'several', 'similar', 'various', 'popular', 'consider', 'try', 'look', 'choose', 'pick']);
const JOINER = /^(?:&|\+|of|de|du|la|von|van|for|by)$/u;
const text = (run: Run) => run.words.map((word) => word.bare).join(' ');
const last = (run: Run) => run.words[run.words.length - 1]!;
const drop = (why: string): Decision => ({ drop: why });

export const RUN_RULES: readonly RunRule[] = [
  {
    name: 'date',
    why: 'a date names no option',
    example: { answer: 'Prices drop after March 3 every year.', drops: 'March 3' },
    apply: (run) => (isDate(run.words.map((word) => word.bare)) ? drop('a date names no option') : undefined),
  },
  {
    name: 'sentence-opener',
    why: 'a word that opens the sentence ("Similar", "Unlike") is no part of the name after it',
    example: { answer: 'Similar to Patagonia, Marmot makes light shells.', keeps: 'Patagonia' },
    apply(run) {
      // "The" stays in a name made of ordinary words ("The North Face", "The Ordinary"), or one the answer writes capitalised mid-sentence.
      const [first, second] = run.words;
      const needsArticle =
        run.words.length > 1 &&
        first!.bare === 'The' &&
        (run.words.slice(1).every((word) => isOrdinaryWord(word.bare) && !MEASURE_LEAD.test(word.bare)) ||
          namedMidSentence(run.answer, `The ${second!.bare}`) ||
          // A ranked list's lead names the option whole: "### 2. The North Face Venture 2".
          (run.ranksLead && OPENS_CAPITAL.test(second!.bare) && isOrdinaryWord(second!.bare)));
      while (run.initial && run.words.length > 1 && OPENERS.has(run.words[0]!.bare.toLowerCase()) && !needsArticle)
        run.words = run.words.slice(1);
      return undefined;
    },
  },
  {
    name: 'glued-opener',
    why: "a sentence's first word glued to the name after it is no part of it",
    example: { answer: 'Featuring AeroWeave, the shell breathes.', keeps: 'AeroWeave' },
    apply(run) {
      // "Featuring AeroWeave", "Alternatively Contoso": a participle or an adverb (by its ending) opening the sentence,
      // unless the answer writes the two together mid-sentence too.
      const [first, second] = run.words;
      if (!run.initial || !first || !second || first.start !== run.read[0]!.start || !/\p{Ll}(?:ing|ly)$/u.test(first.bare))
        return undefined;
      if (isOrdinaryWord(first.bare) && !namedMidSentence(run.answer, `${first.bare} ${second.bare}`)) run.words = run.words.slice(1);
      return undefined;
    },
  },
  {
    name: 'capitalised-by-sentence',
    why: 'an ordinary word whose capital only opens the sentence',
    example: { answer: 'Pockets matter. Budget jackets skip them.', drops: 'Pockets' },
    apply: (run) =>
      run.initial && run.words.length === 1 && isOrdinaryWord(run.words[0]!.bare) && !leadsNumberedItem(run.answer, run.words[0]!)
        ? drop('an ordinary word whose capital only opens the sentence')
        : undefined,
  },
  {
    name: 'title-case-label-words',
    why: "in a title-cased line, the ordinary words around a name are the label's",
    example: { answer: '## Recommended Lenovo ThinkPad Models\nGood keyboards.', keeps: 'Lenovo ThinkPad' },
    apply(run) {
      if (!run.titleCase) return undefined;
      // In a title-cased line a compound of words is a label's too ("Mid-Range", "High-Quality"); a grade or size after a name is the model's ("MacBook Pro 14-inch").
      const labelWord = (word: string) => isOrdinaryWord(word) || (word.includes('-') && !HAS_DIGIT.test(word) && isKnownWord(word));
      while (run.words.length > 0 && labelWord(run.words[0]!.bare)) run.words = run.words.slice(1);
      while (
        run.words.length > 0 &&
        labelWord(last(run).bare) &&
        !(
          run.words.length > 1 &&
          (MODEL_SUFFIX.test(last(run).bare) || MEASURE_LEAD.test(last(run).bare)) &&
          run.words.slice(0, -1).some((word) => !isOrdinaryWord(word.bare))
        )
      )
        run.words = run.words.slice(0, -1);
      return undefined;
    },
  },
  {
    name: 'trailing-joiner',
    why: 'a name ends before a joining word or the word that opens the next sentence',
    example: { answer: 'Pick the Ralph Lauren of jackets today.', keeps: 'Ralph Lauren' },
    apply(run) {
      // A run ends before a joiner, or before the word that opens the next sentence where a capture lost its stop ("… Jacket This jacket").
      while (run.words.length > 1 && (JOINER.test(last(run).bare) || OPENERS.has(last(run).bare.toLowerCase())))
        run.words = run.words.slice(0, -1);
      // Nor does a year joined to it make it longer: "India for 2025", "Picks of 2026".
      const [joiner, year] = run.words.slice(-2);
      if (run.words.length > 2 && JOINER.test(joiner!.bare) && /^(?:19|20)\d\d$/u.test(year!.bare)) run.words = run.words.slice(0, -2);
      return undefined;
    },
  },
  {
    name: 'range-word',
    why: '"Series", "Line", "Range" after a name name its family, not another option',
    example: { answer: 'We tested the HP Pavilion Series for a month.', keeps: 'HP Pavilion' },
    apply(run) {
      while (run.words.length > 1 && /^(?:series|line|lineup|range|family|collection|brand)$/iu.test(last(run).bare))
        run.words = run.words.slice(0, -1);
      return undefined;
    },
  },
  {
    name: 'measure-or-too-long',
    why: 'a measure, a sentence or nothing left is no name',
    example: { answer: 'It has a 1920x1080 panel.', drops: '1920x1080' },
    apply: (run) =>
      run.words.length === 0
        ? drop('nothing left but label words')
        : run.words.length > MAX_NAME_WORDS
          ? drop(`longer than ${MAX_NAME_WORDS} words: a sentence`)
          : run.words.every((word) => MEASURE_LEAD.test(word.bare))
            ? drop('a measure names nothing')
            : undefined,
  },
  {
    name: 'component',
    why: 'a component or specification of an option',
    example: { answer: 'It runs an Intel Core Ultra 7 and stays cool.', drops: 'Intel Core Ultra 7' },
    apply(run) {
      // A component leads it, or is all it names beside ordinary words ("Intel Core Ultra 7", "Full HD"); "Asus Zenbook 14 OLED" stays.
      const words = run.words;
      const naming = words.filter((word) => !isOrdinaryWord(word.bare) && !MODEL_SUFFIX.test(word.bare) && !MEASURE_LEAD.test(word.bare));
      const leader = words.find((word) => !MEASURE_LEAD.test(word.bare)) ?? words[0]!;
      const component =
        (isComponentName(leader.bare) && !isChipName(leader.bare)) ||
        (words.length > 1 && isComponentName(`${words[0]!.bare} ${words[1]!.bare}`)) ||
        (naming.length > 0 && naming.every((word) => isComponentName(word.bare)));
      return component ? drop('a component or specification of an option') : undefined;
    },
  },
  {
    name: 'category-plural',
    why: 'the plural of a name the answer uses: a category',
    example: { answer: 'The MacBook Air is light, and MacBooks last.', drops: 'MacBooks' },
    apply(run) {
      // A plural of a name the answer uses is a category ("MacBooks", "Surface Laptops").
      const owned = text(run).replace(/^\S+['’]s\s+/u, '');
      return /\p{Ll}s$/u.test(last(run).bare) && usesPhrase(run.answer, owned.slice(0, -1))
        ? drop('the plural of a name the answer uses: a category')
        : undefined;
    },
  },
  {
    name: 'dictionary-label',
    why: 'dictionary words where capitals say nothing: a label',
    example: { answer: '### Key Specs\n- light', drops: 'Key Specs' },
    apply: (run) =>
      (opensSentence(run) || run.titleCase) &&
      run.words.every((word) => isKnownWord(word.bare) || MEASURE_LEAD.test(word.bare)) &&
      !modelInRankedLead(run)
        ? drop('dictionary words where capitals say nothing: a label')
        : undefined,
  },
  {
    name: 'lone-grade-or-letter',
    why: 'a grade, a letter or a nationality alone',
    example: { answer: 'Get the one with Pro and a big screen.', drops: 'Pro' },
    apply(run) {
      const first = run.words[0]!.bare;
      return run.words.length === 1 && (MODEL_SUFFIX.test(first) || /^\p{Lu}\p{Ll}?$/u.test(first) || /\p{Ll}(?:ese|ian|ish)$/u.test(first))
        ? drop('a grade, a letter or a nationality alone')
        : undefined;
    },
  },
  {
    name: 'joined-by-capture',
    why: 'two words a capture ran together',
    example: { answer: 'The laptop has a big screen and Storage1TB SSD inside the case.', drops: 'Storage1TB SSD' },
    apply: (run) => (run.words.some((word) => joinedByCapture(word.bare)) ? drop('two words a capture ran together') : undefined),
  },
  {
    name: 'ordinary-words-as-name',
    why: 'ordinary words not written as a name',
    example: { answer: 'Buy it from resellers like Best Buy and Target.', keeps: 'Best Buy' },
    apply(run) {
      const name = text(run);
      if (!isOrdinaryPhrase(name)) return undefined;
      // Ordinary words make a name only where the answer writes them as one mid-sentence: two or more
      // capitalised words outside a title-cased line ("resellers like Best Buy"), not a colour; or one
      // beside another name ("Coda and Obsidian"); or a place to buy.
      const initial = opensSentence(run);
      const capitalised = run.words.filter((word) => OPENS_CAPITAL.test(word.bare)).length;
      const span = spanOf(run);
      const neighbour =
        BESIDE_BEFORE.exec(run.answer.slice(Math.max(0, span.start - 40), span.start))?.[1] ??
        BESIDE_AFTER.exec(run.answer.slice(span.end, span.end + 40))?.[1];
      const besideName =
        !initial &&
        !run.titleCase &&
        run.words.length === 1 &&
        capitalised === 1 &&
        !isColourName(name) &&
        neighbour !== undefined &&
        !isKnownWord(neighbour);
      const asName =
        (!initial && !run.titleCase && capitalised >= 2 && !isColourName(name)) ||
        (run.placeToBuy && capitalised === run.words.length) ||
        besideName ||
        modelInRankedLead(run);
      return asName ? 'keep' : drop('ordinary words not written as a name');
    },
  },
  {
    name: 'colour',
    why: 'a finish',
    example: { answer: 'It comes in Luna Grey and white.', drops: 'Luna Grey' },
    apply: (run) => (run.words.length === 2 && isColourName(text(run)) ? drop('a finish') : undefined),
  },
  {
    name: 'chip',
    why: 'a chip: a specification',
    example: { answer: 'It ships with the S9 Fast chipset.', drops: 'S9 Fast' },
    apply(run) {
      // A chip, alone or with ordinary words, is a specification ("M4 Max", "i9"); a letter and a number alone is a model ("the smaller G14").
      const first = run.words[0]!.bare;
      return /^\p{L}{1,2}\d{1,3}$/u.test(first) &&
        (run.words.length > 1 || isChipName(first)) &&
        run.words.slice(1).every((word) => isOrdinaryWord(word.bare) || MODEL_SUFFIX.test(word.bare))
        ? drop('a chip: a specification')
        : undefined;
    },
  },
  {
    name: 'lone-word-opening-sentence',
    why: 'one word opening a sentence, named nowhere else mid-sentence',
    example: { answer: 'Zorblex makes it simple to plan.', drops: 'Zorblex' },
    apply(run) {
      // A lone word opening a sentence is a name where it leads its item, is joined to another name ("Desigual and Farm Rio"), or the answer names it mid-sentence too.
      const first = run.words[0]!;
      if (run.words.length !== 1 || !opensSentence(run) || /\p{Ll}\p{Lu}|\p{N}/u.test(first.bare)) return undefined;
      const span = spanOf(run);
      if (/^,?\s+(?:and|or|&)\s+\p{Lu}/u.test(run.answer.slice(span.end, span.end + 8))) return 'keep';
      const standsAlone = /^[*_]*[ \t]*(?:$|\n|[:：|]|\s[–—-]\s)/u.test(run.answer.slice(span.end, span.end + 4));
      return standsAlone || namedMidSentence(run.answer, first.bare)
        ? undefined
        : drop('one word opening a sentence, named nowhere else mid-sentence');
    },
  },
];

export interface Judged {
  name?: OptionName;
  /** The rule that dropped the run, and why. */
  dropped?: Dropped;
}

/** The run judged by the rules in order: a name, or the rule that dropped it. */
export function judgeRun(
  rules: readonly RunRule[],
  answer: string,
  read: readonly { text: string; start: number; end: number }[],
  titleCase: boolean,
  scopeStart: number,
  ranksLead = false,
): Judged {
  const words = read.map((token, index) => {
    const bare = token.text.replace(/^[(["“‘«*_]+|[,.;:!?)\]"”’»*_]+$/gu, '');
    // A possessive ends a name where it ends the run before a word ("Hill's dog food"), and is part of it inside ("Men's R2")
    // or before a comma, a stop or nothing ("Allbirds, Rothy’s, and Veja": the name is written so).
    const owns =
      index === read.length - 1 &&
      !/['’]s[*_"”’»]*[,.;:!?)]/u.test(token.text) &&
      /^\s+(?!(?:and|or)\s)\p{Ll}/u.test(answer.slice(token.end, token.end + 6));
    return { ...token, bare: owns ? bare.replace(/['’]s$/u, '') : bare };
  });
  const lineStart = answer.lastIndexOf('\n', words[0]!.start - 1) + 1;
  const lastWord = words[words.length - 1]!;
  const placeToBuy =
    endsWithPlaceLead(answer.slice(lineStart, words[0]!.start)) &&
    (/[,.;]$/u.test(lastWord.text) || /^[*_]*\s*(?:$|\n|[,.;]|\s(?:or|and)\s)/u.test(answer.slice(lastWord.end, lastWord.end + 6)));
  const initial =
    !placeToBuy &&
    !TITLE.test(answer.slice(Math.max(lineStart, words[0]!.start - 5), words[0]!.start).trim()) &&
    startsSentence(answer, words[0]!.start, scopeStart);
  const run: Run = { answer, words, read: words, titleCase, scopeStart, initial, placeToBuy, ranksLead };
  for (const rule of rules) {
    const decision = rule.apply(run, undefined);
    if (decision === 'keep') break;
    if (decision)
      return {
        dropped: {
          name: run.words.length > 0 ? text(run) : words.map((word) => word.bare).join(' '),
          start: (run.words[0] ?? words[0]!).start,
          rule: rule.name,
          why: decision.drop,
        },
      };
  }
  return { name: { name: text(run), ...spanOf(run) } };
}

/**
 * A ranked list's lead of capitalised words ending in a model number names a product ("### 2. The North Face Venture 2",
 * "1. Outdoor Research Foray 3L"), not a label: a label counts no model ("### 1. Battery Life").
 */
const modelInRankedLead = (run: Run) =>
  run.ranksLead &&
  run.words.length >= 3 &&
  /^\d{1,4}[\p{Lu}+]{0,3}$/u.test(last(run).bare) &&
  run.words.slice(0, -1).every((word) => OPENS_CAPITAL.test(word.bare));

/** The run opens its sentence with its first word as read. */
const opensSentence = (run: Run) => run.initial && run.words[0]!.start === run.read[0]!.start;

function spanOf(run: Run): { start: number; end: number } {
  const first = run.words[0]!;
  return { start: first.start, end: first.start + run.answer.slice(first.start, last(run).end).replace(/[,.;:!?)\]"”’»*_]+$/u, '').length };
}

/** A name just before ("Coda and ", "Asana, ") or just after (" and Coda", ", Asana") a word, written with a capital no sentence needs. */
const BESIDE_BEFORE = /(?<=\p{Ll}{2,}\s+)(?:\p{Lu}[\p{L}\p{N}.'’&-]*\s+){0,2}(\p{Lu}[\p{L}\p{N}'’&-]*?)(?:['’]s)?,?\s+(?:and|or|&)\s+$/u;
const BESIDE_AFTER = /^,?\s+(?:and|or|&)\s+(\p{Lu}[\p{L}\p{N}'’&-]*)/u;

/** A title before a name ("Mrs. Meyer's", "Dr. Martens"): its stop ends no sentence. */
export const TITLE = /^(?:Mr|Mrs|Ms|Dr|St|Mt)\.$/u;

/** "1. Notion", "### 2. Asana:": a numbered item or heading made of the name alone, as ranked lists are. */
function leadsNumberedItem(answer: string, word: { start: number; end: number }): boolean {
  const lineStart = answer.lastIndexOf('\n', word.start - 1) + 1;
  const before = answer.slice(lineStart, word.start);
  const after = answer.slice(word.end, word.end + 6);
  return /^\s*(?:#{1,6}\s*)?(?:\*\*)?\s*\d{1,2}[.)]\s*(?:\*\*)?$/u.test(before) && /^[*_]*\s*(?:$|\n|[:：]|\s[–—-]\s)/u.test(after);
}

/**
 * Two words a capture ran together ("Storage1TB", "PortabilityApprox", "KeypadYes"): a dictionary word
 * of six letters or more joined to a number or another word. "ThinkPad" and "PowerPoint" are names.
 */
function joinedByCapture(word: string): boolean {
  const joint = /^(\p{Lu}?\p{Ll}{3,})(\p{Lu}\p{Ll}*|\d\S*)$/u.exec(word);
  if (!joint || !isKnownWord(joint[1]!)) return false;
  // A word and a number ("Display14") from five letters, two words ("KeypadYes") from six: "Book4" and "ThinkPad" stay names.
  return /^\d/u.test(joint[2]!) ? joint[1]!.length >= 5 : joint[1]!.length >= 6 && isKnownWord(joint[2]!);
}

import { foldName } from './names';
import { echoes } from './echoes';
import { QUOTES_SOURCE, SOURCE_VERB_AFTER } from './cues';
import { LOWER_JOINER, type OptionName } from './name-words';
import { isComponentName } from './not-options';
import { isOrdinaryWord } from './ordinary-words';
import type { CandidateRule } from './candidate';
import { SPACES, PLURAL_ENDING } from './patterns';

/**
 * The candidate rules that read a candidate's words and the words around it (docs/brand-reader.md §3): a source
 * quoted, a part named, a person credited, a term defined, a label. Word lists come last, each with its source.
 */
/** A generic label in bold or leading an item; kept for the languages the word list does not hold. */
const LABELS = new Set(
  [
    'pros',
    'cons',
    'summary',
    'overview',
    'conclusion',
    'note',
    'notes',
    'tip',
    'tips',
    'verdict',
    'bottom line',
    'best for',
    'ideal for',
    'key features',
    'price',
    'pricing',
    '总结',
    '优点',
    '缺点',
    '价格',
    '功能',
    '适合',
    '推荐',
    '结论',
    '注意',
    'fazit',
    'vorteile',
    'nachteile',
    'preis',
    'résumé',
    'avantages',
    'inconvénients',
    'prix',
    'ventajas',
    'desventajas',
    'precio',
    'resumen',
  ].map(foldName),
);
/**
 * A name followed by the part it names is a component or a feature of an option, not an option:
 * "TEK fabric", "Intel Core Ultra processors", "Slack integration", "a DryVent™ 2L shell", "a Liquid
 * Retina display". Parts that are also products are read in the singular only ("Arc'teryx shells" and
 * "Dell displays" present makers), and no verb ("the Forerunner 255 features…").
 */
const PART_FOLLOWS =
  /^[™®]?\s+(?:\d+[a-z]{0,2}\s+)?(?:processors?|chips?|chipsets?|graphics|fabrics?|membranes?|insulation|fill|coatings?|technology|tech|foam|cushioning|integrations?|plugins?|plug-ins?|extensions?|add-ons?|ports|certification|connectivity|compatibility|display|screen|panel|keyboard|trackpad|touchpad|battery|shell|(?:out|mid)?soles?|liner|lining|zipper|lens|sensor|engine|feature|mode|support)(?![\p{L}\p{N}-])/u;

/**
 * "Dyneema and silnylon are the materials to know", "Gore-Tex is a waterproof membrane", "LDAC is a codec": the answer
 * says what kind of thing a name is, and the kind is one no one chooses (a material, a technology, a protocol). Not
 * "standard": "Salesforce is the industry standard" praises an option.
 */
const SAID_TO_BE_A_KIND =
  /^[*_]*[™®]?(?:(?:\s*,\s*|\s+(?:and|or|&)\s+)[*_]*[\p{L}\p{N}][\p{L}\p{N}.'’+-]*(?:\s+\p{Lu}[\p{L}\p{N}.'’+-]*){0,2}[*_]*)*\s+(?:is|are)\s+(?:(?:a|an|the|two|both)\s+)?(?:[\p{Ll}-]+\s+){0,2}(?:materials?|fabrics?|membranes?|insulation|technolog(?:y|ies)|certifications?|coatings?|protocols?|codecs?)(?![\p{L}\p{N}-])(?!\s+(?:company|companies|brand|brands|firm|maker|makers|leader|leaders))/u;

/** ", Contagrip", " and Contagrip", " or Pertex Shield": another name joined to a candidate. */
const JOINED_NAME = /^[™®]?(?:\s*,\s*|\s+(?:and|or|&)\s+)\p{Lu}[\p{L}\p{N}.'’-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}.'’-]*){0,2}/u;

/** A person the answer credits ("directed by Greta Gerwig", "starring Emma Stone and Ryan Gosling") is no option. */
const PERSON_CUE =
  /(?<![\p{L}\p{N}])(?:(?:directed|written|created|founded|hosted|narrated|produced|composed|designed|illustrated)(?:\s+in\s+\d{4})?\s+by|starring|co-starring|director|founder|CEO|author)\s+(?:[\p{Lu}][\p{L}'’.-]*\s+){0,3}(?:(?:,\s*|\s*and\s+|\s*&\s*)(?:[\p{Lu}][\p{L}'’.-]*\s+){0,3})*$/u;

/** A superlative label: "Best Overall", "Top Picks Under $400", "Overall Best Nonstick Pan" (but "Best Buy", "Best Western"). */
const SUPERLATIVE_LABEL = /^(?:overall\s+)?(?:best|top)\s+(?!(?:buy|western|gear)$)\S/iu;
/** A date or a shopping event: "mid-2025", "Memorial Day", "Black Friday". */
const WHEN =
  /^(?:(?:early|mid|late)[- ]?\d{4}|(?:memorial|labor|labour|presidents'?|prime|boxing|black friday|cyber monday|independence|mother'?s|father'?s|valentine'?s)(?:\s+day)?(?:\s+sales?)?|black friday|cyber monday|christmas|thanksgiving|new year)$/iu;

/** A candidate's folded name, folded once for all the rules that read it. */
const foldedNames = new WeakMap<OptionName, string>();
const folded = (candidate: OptionName) => {
  let name = foldedNames.get(candidate);
  if (name === undefined) {
    name = foldName(candidate.name);
    foldedNames.set(candidate, name);
  }
  return name;
};
const before = (candidate: OptionName, answer: string) => answer.slice(Math.max(0, candidate.start - 40), candidate.start);

/**
 * The rules every candidate meets, from a bold span, a cell, a lead or a run alike, in order; the first
 * that drops it says why. Word lists come last, each with its source (not-options.ts, ordinary-words.ts).
 */
export const WORD_RULES: readonly CandidateRule[] = [
  {
    name: 'quoted-source',
    why: 'a source the answer quotes',
    example: { answer: 'According to RTINGS, the Sony WH-1000XM5 leads.', drops: 'RTINGS' },
    // The cue may open the candidate where a sentence capitalises it ("Per RTINGS and SoundGuys testing").
    apply: (candidate, { answer }) => QUOTES_SOURCE.test(before(candidate, answer) + (/^\S+\s+/u.exec(candidate.name)?.[0] ?? '')),
  },
  {
    name: 'source-that-rates',
    why: 'a source that rates, tests, recommends or reports',
    example: { answer: 'Wirecutter and RTINGS both rate Roborock highly.', drops: 'Wirecutter' },
    // The subject of a rating verb is a source the answer quotes, as "according to" puts one before.
    apply: (candidate, { answer }) =>
      // From the end of the name itself: a possessive ("OutdoorGearLab's") may lie inside the candidate's span.
      SOURCE_VERB_AFTER.test(answer.slice(Math.min(candidate.end, candidate.start + candidate.name.length), candidate.end + 60)),
  },
  {
    name: 'defined-term',
    why: 'a term the answer spells out beside its acronym',
    example: { answer: 'Check the Clean Air Delivery Rate (CADR) before you buy.', drops: 'CADR' },
    // A term the answer spells out beside its acronym ("CADR (Clean Air Delivery Rate)", "Auto Update Expiration (AUE)")
    // is a measure or a standard it explains, and so is the acronym: an option is named, not defined.
    // In prose only: a slot that leads with one ("4. **ANA (All Nippon Airways)**") presents an option by both names.
    apply: (candidate, { answer, context }) => definedTerm(candidate, answer) && context.layout.unitAt(candidate.start)?.kind === 'prose',
  },
  {
    name: 'credited-person',
    why: 'a person the answer credits',
    example: { answer: 'Barbie, directed by Greta Gerwig, is fun.', drops: 'Greta Gerwig' },
    apply: (candidate, { answer }) => PERSON_CUE.test(before(candidate, answer)),
  },
  {
    name: 'names-a-part',
    why: 'followed by the part it names: a component or feature',
    example: { answer: 'The app pairs with Zapier integrations for teams.', drops: 'Zapier' },
    apply: (candidate, { answer }) => PART_FOLLOWS.test(answer.slice(candidate.end, candidate.end + 40)),
  },
  {
    name: 'shares-a-part',
    why: 'joined to another name before the part both name',
    example: { answer: 'Vibram Megagrip and Contagrip outsoles grip wet rock.', drops: 'Vibram Megagrip' },
    // "X and Y outsoles": the part named after two names joined is the part of both.
    apply: (candidate, { answer }) => {
      const after = answer.slice(candidate.end, candidate.end + 80);
      const joined = JOINED_NAME.exec(after);
      return joined !== null && PART_FOLLOWS.test(after.slice(joined[0].length));
    },
  },
  {
    name: 'said-to-be-a-kind',
    why: 'the answer says it is a material, a technology or a protocol',
    example: { answer: 'Hikers say Dyneema and Cuben are the fabrics to know.', drops: 'Cuben' },
    apply: (candidate, { answer }) =>
      / (?:is|are) /u.test(answer.slice(candidate.end, candidate.end + 100)) &&
      SAID_TO_BE_A_KIND.test(answer.slice(candidate.end, candidate.end + 100)),
  },
  {
    name: 'echoes-question',
    why: 'a name the question already holds',
    example: { answer: 'Here are some **Patagonia** jackets that last.', drops: 'Patagonia', question: 'best Patagonia jacket' },
    apply: (candidate, { context }) => context.question && echoes(context.question, candidate.name),
  },
  {
    name: 'category-asked',
    why: 'the kind of thing the question asks for, not one of them',
    example: {
      answer: 'For city wear, Bomber Jackets suit, and the Contoso Ridge Parka is warmer.',
      drops: 'Bomber Jackets',
      question: 'best winter jacket',
    },
    apply: (candidate, { context }) => context.question !== undefined && kindAsked(context.question, candidate.name),
  },
  {
    name: 'era',
    why: 'an era describes a style',
    example: { answer: 'Look for **1950s Rayon Gabardine** coats.', drops: '1950s Rayon Gabardine' },
    apply: (candidate) => /^(?:1[89]|20)\d0['’]?s\b/u.test(folded(candidate)),
  },
  {
    name: 'superlative-label',
    why: 'a superlative label',
    example: { answer: 'Our **Top Rab Jackets** list.', drops: 'Top Rab Jackets' },
    apply: (candidate) => SUPERLATIVE_LABEL.test(folded(candidate)),
  },
  {
    name: 'date-or-event',
    why: 'a date or a shopping event',
    example: { answer: 'Prices drop on **Black Friday** every year.', drops: 'Black Friday' },
    apply: (candidate) => WHEN.test(folded(candidate)),
  },
  {
    name: 'generic-label',
    why: 'a generic label',
    example: { answer: '- Fazit: die Jacke ist sehr gut und leicht und nicht teuer', drops: 'Fazit' },
    apply: (candidate) => folded(candidate) === '' || LABELS.has(folded(candidate)),
  },
  {
    name: 'component-list',
    why: 'a component (not-options.ts)',
    example: { answer: 'It has **GORE-TEX** inside.', drops: 'GORE-TEX' },
    apply: (candidate) => isComponentName(candidate.name),
  },
];

/** The initials of a spelled-out term ("Clean Air Delivery Rate": "CADR"), its small joining words left out. */
const initials = (words: string) =>
  words
    .split(/[\s-]+/u)
    .filter((word) => word !== '' && !LOWER_JOINER.test(word))
    .map((word) => word[0]!.toUpperCase())
    .join('');
const ACRONYM = /^\p{Lu}{2,6}$/u;
/** An acronym in parentheses after a term, or a term in parentheses after an acronym, markup between them allowed. */
const ACRONYM_AFTER = /^[*_]*\s*\(\s*(\p{Lu}{2,6})\s*\)/u;
const TERM_AFTER = /^[*_]*\s*\(\s*(\p{Lu}[\p{L}-]*(?:\s+[\p{L}&-]+){1,6})\s*\)/u;
const ACRONYM_BEFORE = /(\p{Lu}{2,6})[*_]*\s*\(\s*$/u;
const TERM_BEFORE = /(\p{Lu}[\p{L}-]*(?:\s+[\p{L}&-]+){1,6})[*_]*\s*\(\s*$/u;

function definedTerm(candidate: OptionName, answer: string): boolean {
  const after = answer.slice(candidate.end, candidate.end + 80);
  const before = answer.slice(Math.max(0, candidate.start - 80), candidate.start);
  // Most candidates stand beside no parenthesis: no pattern need read them.
  if (!/^[*_]*\s*\(/u.test(after) && !/\(\s*$/u.test(before)) return false;
  const name = candidate.name;
  if (ACRONYM.test(name)) {
    const term = TERM_AFTER.exec(after)?.[1];
    if (term && initials(term) === name) return true;
    const earlier = TERM_BEFORE.exec(before)?.[1];
    // "Clean Air Delivery Rate (CADR)": the last words before the parenthesis whose initials spell it.
    return earlier !== undefined && earlier.split(SPACES).some((_, from, words) => initials(words.slice(from).join(' ')) === name);
  }
  const acronym = ACRONYM_AFTER.exec(after)?.[1] ?? ACRONYM_BEFORE.exec(before)?.[1];
  // The term may have lost a word to the run rules ("Xylo Quant" of "Xylo Quant Index (XQI)"), or carry an article.
  const spelled = acronym === undefined ? '' : initials(name);
  return (
    spelled.length >= 2 && (spelled.endsWith(acronym!) || acronym!.startsWith(spelled)) && Math.abs(spelled.length - acronym!.length) <= 1
  );
}

/** The last question's words, folded once for every candidate of a reading. */
let lastQuestion: { question: string; words: Set<string> } | undefined;
const questionWords = (question: string) => {
  if (lastQuestion?.question !== question) lastQuestion = { question, words: new Set(foldName(question).split(' ')) };
  return lastQuestion.words;
};

/**
 * The candidate names the kind the question asks for, in the plural ("Bomber Jackets" for "best winter jacket",
 * "Gaming Laptops" for "best laptop for gaming"): it ends in the plural of a word of the question, and its other words
 * are ordinary words or the question's. An option is one thing, named in the singular ("Contoso Ridge Parka").
 */
function kindAsked(question: string, name: string): boolean {
  // Most candidates end in no plural: nothing to fold.
  if (!name.endsWith('s')) return false;
  const words = foldName(name).split(' ');
  const head = words[words.length - 1]!;
  const asked = questionWords(question);
  if (words.length < 2 || !PLURAL_ENDING.test(head) || (asked.has(head) === false && !asked.has(head.slice(0, -1)))) return false;
  return words.slice(0, -1).every((word) => asked.has(word) || (!/\d/u.test(word) && isOrdinaryWord(word)));
}

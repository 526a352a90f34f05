import { startsSentence, type AnswerLayout, type Unit } from './answer-layout';
import { foldName, withoutMarkup } from './names';
import { eng as englishStopWords } from 'stopword';
import { boldSpans } from './bold-names';
import { echoes } from './echoes';
import { PLACE_LEAD, QUOTES_SOURCE } from './cues';
import { cleanName, escapeRegExp, isKnownPhrase, MAX_NAME_WORDS, MEASURE_LEAD, MODEL_SUFFIX, type OptionName } from './name-words';
import { isChipName, isColourName, isComponentName } from './not-options';
import { isKnownWord, isOrdinaryPhrase, isOrdinaryWord, isTitleCased } from './ordinary-words';
import { tablesOf, transposedHeader } from './table-names';
import { hasCjk } from '../shared/language/cjk';

export type { OptionName } from './name-words';

/**
 * The names an answer presents as options, with where each stands: products, brands, companies,
 * services (DESIGN.md "Reading an answer"). Names are runs of capitalised words and model numbers
 * ("Lenovo ThinkPad X12 Gen 2", "B&H Photo"), bold spans, and the names that lead list items, table
 * rows and headings. Not options: a word capitalised only because it opens a sentence, labels made
 * of ordinary words ("Battery Life", "Key Considerations") unless the answer writes them as a name
 * mid-sentence ("resellers like Best Buy"), components ("Intel Core Ultra"), the publishers the
 * answer cites, and names that only echo the question.
 */

export interface OptionContext {
  answer: string;
  layout: AnswerLayout;
  /** The question asked: a name it already holds is an echo, not an option the answer presents. */
  question?: string;
  citations: readonly string[];
}

/** A generic label in bold or leading an item; kept for the languages the word list does not hold. */
const LABELS = new Set(
  ['pros', 'cons', 'summary', 'overview', 'conclusion', 'note', 'notes', 'tip', 'tips', 'verdict', 'bottom line', 'best for', 'ideal for', 'key features', 'price', 'pricing',
    '总结', '优点', '缺点', '价格', '功能', '适合', '推荐', '结论', '注意', 'fazit', 'vorteile', 'nachteile', 'preis', 'résumé', 'avantages', 'inconvénients', 'prix', 'ventajas', 'desventajas', 'precio', 'resumen'].map(foldName),
);
const OPENERS = new Set([...englishStopWords, 'several', 'similar', 'various', 'popular', 'consider', 'try', 'look']);
const TOKEN = /[^\s]+/gu;
/**
 * A name followed by the part it names is a component or a feature of an option, not an option:
 * "TEK fabric", "Intel Core Ultra processors", "Slack integration", "a DryVent™ 2L shell", "a Liquid
 * Retina display". Parts that are also products are read in the singular only ("Arc'teryx shells" and
 * "Dell displays" present makers), and no verb ("the Forerunner 255 features…").
 */
const PART_FOLLOWS = /^[™®]?\s+(?:\d+[a-z]{0,2}\s+)?(?:processors?|chips?|chipsets?|graphics|fabrics?|membranes?|insulation|fill|coatings?|technology|tech|foam|cushioning|integrations?|plugins?|plug-ins?|extensions?|add-ons?|ports|certification|connectivity|compatibility|display|screen|panel|keyboard|trackpad|touchpad|battery|shell|sole|outsole|midsole|liner|lining|zipper|lens|sensor|engine|feature|mode|support)(?![\p{L}\p{N}-])/u;

/** A person the answer credits ("directed by Greta Gerwig", "starring Emma Stone and Ryan Gosling") is no option. */
const PERSON_CUE = /(?<![\p{L}\p{N}])(?:(?:directed|written|created|founded|hosted|narrated|produced|composed|designed|illustrated) by|starring|co-starring|director|founder|CEO|author)\s+(?:[\p{Lu}][\p{L}'’.-]*\s+){0,3}(?:(?:,\s*|\s*and\s+|\s*&\s*)(?:[\p{Lu}][\p{L}'’.-]*\s+){0,3})*$/u;

/** "1.", "2)", "#3": a list's or heading's number. */
const ENUMERATOR = /^#?\d{1,3}[.):]?$/u;
/** Punctuation that ends a name where it trails a word. */
const BREAK_AFTER = /[,.;:!?)\]"”’»]+$|['’]s[,.;:!?]$/u;
const BREAK_BEFORE = /^[(["“‘«]/u;

export function optionNames(context: OptionContext): OptionName[] {
  const { layout } = context;
  const answer = withoutMarkup(context.answer);
  const english = looksEnglish(answer);
  const names: OptionName[] = [];
  const add = (name: OptionName | undefined) => {
    const before = name ? answer.slice(Math.max(0, name.start - 40), name.start) : '';
    if (name && !rejected(name.name, context) && !QUOTES_SOURCE.test(before) && !PERSON_CUE.test(before) && !PART_FOLLOWS.test(answer.slice(name.end, name.end + 40))) names.push(name);
  };
  // Under a heading that presents an option ("### 1. HubSpot CRM"), an item led by a label ("- Best
  // for: …", "- Integrations: Slack") describes that option: the names in it are not options.
  let underOptionHeading = false;
  // Under a line that announces features, specifications or tips ("offer core features that sync:"),
  // an item's lead names the feature ("- iCloud: syncs your photos"), not an option.
  let featureList = false;
  const tables = tablesOf(answer, layout);
  for (const unit of layout.units) {
    const text = answer.slice(unit.textStart, unit.end);
    const titleCase = isTitleCased(text);
    const before = names.length;
    if (unit.kind === 'heading') underOptionHeading = false;
    // "### 2. **Capacity**" under "Key factors to consider:" is the second factor, not an option.
    const numberedHeading = unit.kind === 'heading' && /^\s*(?:\*\*)?\d{1,3}[.)]/u.test(text);
    const factor = numberedHeading && featureList;
    // A heading or a line that opens a list sets what the list holds; a paragraph between its items does not.
    if ((unit.kind === 'heading' && !factor) || (unit.kind !== 'item' && unit.kind !== 'heading' && /[:：]\s*$/u.test(text))) featureList = announcesFeatures(text);
    const describes = underOptionHeading && unit.kind === 'item' && labelLed(text);
    if (!describes) for (const bold of boldSpans(answer, unit)) add(bold);
    if (unit.kind === 'header') {
      for (const cell of transposedHeader(answer, layout, unit)) add(cell);
      continue;
    }
    const cells = layout.cells.get(unit.id);
    if (unit.kind === 'row' && cells?.[0]) {
      // The first column names the options, unless the columns do ("| Feature | Asana | Trello |").
      const table = tables.get(unit.id);
      if (table?.headerNames) {
        for (const name of table.headerNames) add(name);
        continue;
      }
      if (table?.transposed) continue;
      const cell = cleanName(answer.slice(cells[0].start, cells[0].end));
      const start = cells[0].start + answer.slice(cells[0].start, cells[0].end).indexOf(cell.slice(0, 1));
      if (table?.namesColumn && cell !== '' && cell.split(/\s+/u).length <= MAX_NAME_WORDS) add({ name: cell, start, end: start + cell.length });
      else if (english) for (const run of nameRuns(answer, cells[0].start, cells[0].end, titleCase)) add(run);
      else add(leadingName(answer, unit, cells[0]));
      continue;
    }
    const scope = describes ? { start: unit.textStart, end: unit.textStart } : { start: unit.textStart, end: unit.end };
    if (english && !hasCjk(text)) {
      // An item's lead ("Brands with a Similar Aesthetic:") is title-cased or not on its own, apart from what follows it.
      const lead = unit.kind === 'item' || unit.kind === 'prose' ? /^[^:：\n]{1,80}[:：]/u.exec(answer.slice(scope.start, scope.end))?.[0].length : undefined;
      const segments = lead ? [{ start: scope.start, end: scope.start + lead }, { start: scope.start + lead, end: scope.end }].slice(featureList ? 1 : 0) : [scope];
      for (const segment of segments) {
        const segmentTitleCase = lead ? isTitleCased(answer.slice(segment.start, segment.end)) : titleCase;
        for (const run of nameRuns(answer, segment.start, segment.end, segmentTitleCase || unit.kind === 'heading')) if (!(unit.kind === 'heading' && pairsCategories(text, run.name))) add(run);
      }
    } else {
      add(leadingName(answer, unit, scope));
    }
    if (factor) names.splice(before, names.length - before, ...names.slice(before).filter((name) => name.name.includes(' ') || !isKnownWord(name.name)));
    if (unit.kind === 'heading' && names.length > before) underOptionHeading = true;
  }
  return names.sort((a, b) => a.start - b.start);
}

/** The nouns of a list of features, specifications, criteria or advice; a list of options names options, products, picks. */
const FEATURE_NOUNS = /\b(?:features?|specs|specifications?|factors|considerations|criteria|tips|steps|benefits|advantages|capabilities|functions|requirements|settings|things to (?:look for|consider)|what to look for)\b/iu;
const OPTION_NOUNS = /\b(?:options?|recommendations?|picks?|products?|models?|brands?|alternatives?|choices?|tools?|apps?|services?|laptops?|retailers?|stores?|shops?)\b/iu;

/** A heading or a line before a list that announces features or advice rather than options. */
function announcesFeatures(text: string): boolean {
  const last = text.trim().split(/(?<=[.!?])\s+/u).pop() ?? '';
  return FEATURE_NOUNS.test(last) && !OPTION_NOUNS.test(last.replace(FEATURE_NOUNS, ''));
}

/** A section heading that pairs two categories ("Everyday Carry & Tech", "Skincare & Household"): a lone word beside ordinary ones names a category. */
function pairsCategories(heading: string, name: string): boolean {
  const words = heading.replace(/[*_#:]+/gu, ' ').trim().split(/\s+/u);
  if (name.includes(' ') || words.length > 5 || !words.some((word) => word === '&' || word.toLowerCase() === 'and')) return false;
  return words.every((word) => word === name || isOrdinaryWord(word));
}

/** "Best for: …", "**Pricing:** …": an item that opens with a label of ordinary words, but not a place to buy. */
function labelLed(text: string): boolean {
  const label = /^\s*(?:\*\*|__)?([^:：\n*_]{1,40}?)(?:\*\*|__)?\s*[:：]/u.exec(text)?.[1];
  return label !== undefined && isKnownPhrase(label) && !/\b(?:buy|availab\w*|purchase|retailers?|stores?|shops?|where)\b/iu.test(label);
}

/** Runs of name-like words between `start` and `end`, each judged as DESIGN.md says. */
function nameRuns(answer: string, start: number, end: number, titleCase: boolean): OptionName[] {
  // Each token starts after its opening markup ("**Asana" starts at the A).
  const tokens = [...answer.slice(start, end).matchAll(TOKEN)].map((match) => {
    const lead = /^[(["“‘«*_]*/u.exec(match[0])![0].length;
    return { text: match[0].slice(lead), start: start + match.index + lead, end: start + match.index + match[0].length };
  });
  const runs: OptionName[] = [];
  let run: typeof tokens = [];
  let previousEnd = start;
  // A line that is one name and nothing else ("- UNTUCKit Quilted City Jacket (Navy)") is a name, not a title-cased label.
  // A numbered heading's number ("## 1. MacBook Pro 14-inch") is no part of the line's name.
  const firstLine = tokens.filter((token) => !answer.slice(start, token.start).includes('\n')).filter((token, index) => index > 0 || !ENUMERATOR.test(token.text));
  // But a line that opens and ends with ordinary words, the last a plural, names a category ("Recommended HP Mid-Range Laptops").
  const category = firstLine.length > 1 && [firstLine[0]!, firstLine[firstLine.length - 1]!].every((token) => isOrdinaryWord(token.text)) && /\p{Ll}s$/u.test(firstLine[firstLine.length - 1]!.text);
  const oneName = !category && firstLine.length > 0 && firstLine.length <= MAX_NAME_WORDS && firstLine.every((token, index) => isNameWord(token.text.replace(/^[(["“‘«*_]+|[*_]+$/gu, ''), index > 0) && (index === firstLine.length - 1 || !BREAK_AFTER.test(token.text)));
  const close = () => {
    if (run.length > 0) {
      const judged = judgeRun(answer, run, titleCase && !(oneName && run[0] === firstLine[0]), start);
      if (judged) runs.push(judged);
    }
    run = [];
  };
  for (const token of tokens) {
    const word = token.text.replace(/^[(["“‘«*_]+|[*_]+$/gu, '');
    const joins = run.length > 0 && /^(?:&|\+|of|de|du|la|von|van|for|by)$/u.test(word);
    const named = isNameWord(word, run.length > 0);
    if ((token.start > previousEnd && BREAK_BEFORE.test(answer[token.start - 1] ?? '') || answer.slice(previousEnd, token.start).includes('\n')) && run.length > 0) close();
    previousEnd = token.end;
    if (!named && !joins) {
      close();
      continue;
    }
    run.push(token);
    if ((BREAK_AFTER.test(token.text) && !TITLE.test(token.text) && !INCHES.test(token.text)) || /[*_]$/u.test(token.text)) close();
  }
  close();
  return runs;
}

/** A word that can be part of a name: capitalised, with inner capitals (eBay), a model (X12, A14), or a number after a name. */
function isNameWord(word: string, inRun: boolean): boolean {
  const bare = word.replace(/[,.;:!?)\]"”’»]+$/u, '').replace(/['’]s$/u, '');
  if (bare === '' || /^I(?:['’]\p{L}+)?$/u.test(bare)) return false;
  // "M4/M5", "DDR4/DDR5", "Skin/Food": alternatives of specifications or words, not a name.
  if (bare.includes('/') && bare.split('/').every((part) => part === '' || isComponentName(part) || isKnownWord(part) || MODEL_SUFFIX.test(part) || /^\p{L}{1,3}\d{1,2}$/u.test(part))) return false;
  // "Microsoft-branded", "Non-Microsoft": an adjective made from a name, not the name.
  if (/^(?:non|pre|anti|pro)-/iu.test(bare) || /-\p{Ll}+$/u.test(bare) && isOrdinaryWord(bare.slice(bare.lastIndexOf('-') + 1)) && !/\p{N}/u.test(bare)) return false;
  if (/^\p{Lu}/u.test(bare)) return true;
  if (/^\p{Ll}+\p{Lu}/u.test(bare)) return true;
  if (/\p{L}/u.test(bare) && /\p{N}/u.test(bare)) return true;
  return inRun && /^\d+(?:[.,]\d+)?(?:["″]|-inch)?$/u.test(bare);
}

function judgeRun(answer: string, run: readonly { text: string; start: number; end: number }[], titleCase: boolean, scopeStart: number): OptionName | undefined {
  let words = run.map((token, index) => {
    const bare = token.text.replace(/^[(["“‘«*_]+|[,.;:!?)\]"”’»*_]+$/gu, '');
    // A possessive ends a name where it ends the run ("Hill's"), and is part of it inside ("Men's R2").
    return { ...token, bare: index === run.length - 1 ? bare.replace(/['’]s$/u, '') : bare };
  });
  // After "Available at:" or "retailers like", a capital names a place to buy ("Available at: Apple, Best Buy").
  const lineStart = answer.lastIndexOf('\n', words[0]!.start - 1) + 1;
  const lastWord = words[words.length - 1]!;
  const placeToBuy = PLACE_LEAD.test(answer.slice(lineStart, words[0]!.start)) && (/[,.;]$/u.test(lastWord.text) || /^[*_]*\s*(?:$|\n|[,.;]|\s(?:or|and)\s)/u.test(answer.slice(lastWord.end, lastWord.end + 6)));
  const initial = !placeToBuy && !TITLE.test(answer.slice(Math.max(lineStart, words[0]!.start - 5), words[0]!.start).trim()) && startsSentence(answer, words[0]!.start, scopeStart);
  // A capital that only opens the sentence says nothing: "Similar to Patagonia", "The Dell XPS 13".
  // "The" stays in a name made of ordinary words ("The North Face", "The Ordinary").
  // So does a "The" the answer writes capitalised mid-sentence ("on the The North Face website").
  const needsArticle = words.length > 1 && words[0]!.bare === 'The' && (words.slice(1).every((word) => isOrdinaryWord(word.bare) && !MEASURE_LEAD.test(word.bare)) || namedMidSentence(answer, `The ${words[1]!.bare}`));
  while (initial && words.length > 1 && OPENERS.has(words[0]!.bare.toLowerCase()) && !needsArticle) words = words.slice(1);
  if (initial && words.length === 1 && isOrdinaryWord(words[0]!.bare) && !leadsNumberedItem(answer, words[0]!)) return undefined;
  if (titleCase) {
    // In a title-cased line a compound of words is a label's too ("Mid-Range", "High-Quality").
    const labelWord = (word: string) => isOrdinaryWord(word) || (word.includes('-') && !/\p{N}/u.test(word) && isKnownWord(word));
    while (words.length > 0 && labelWord(words[0]!.bare)) words = words.slice(1);
    // A grade or a size after a name is the model's ("MacBook Pro 14-inch"), not a label's tail.
    while (words.length > 0 && labelWord(words[words.length - 1]!.bare) && !(words.length > 1 && (MODEL_SUFFIX.test(words[words.length - 1]!.bare) || MEASURE_LEAD.test(words[words.length - 1]!.bare)) && words.slice(0, -1).some((word) => !isOrdinaryWord(word.bare)))) words = words.slice(0, -1);
  }
  // A run ends before a joiner, or before the word that opens the next sentence where a capture lost its stop ("… Jacket This jacket").
  while (words.length > 1 && (/^(?:&|\+|of|de|du|la|von|van|for|by)$/u.test(words[words.length - 1]!.bare) || OPENERS.has(words[words.length - 1]!.bare.toLowerCase()))) words = words.slice(0, -1);
  // "HP Pavilion Series" presents the option "HP Pavilion".
  while (words.length > 1 && /^(?:series|line|lineup|range|family|collection|brand)$/iu.test(words[words.length - 1]!.bare)) words = words.slice(0, -1);
  // Measures alone ("1920x1080", "17.3\"") name nothing.
  if (words.length === 0 || words.length > MAX_NAME_WORDS || words.every((word) => MEASURE_LEAD.test(word.bare))) return undefined;
  // A component leads it, or is all it names beside ordinary words ("Intel Core Ultra 7", "Full HD"); "Asus Zenbook 14 OLED" stays.
  const naming = words.filter((word) => !isOrdinaryWord(word.bare) && !MODEL_SUFFIX.test(word.bare) && !MEASURE_LEAD.test(word.bare));
  const leader = words.find((word) => !MEASURE_LEAD.test(word.bare)) ?? words[0]!;
  if ((isComponentName(leader.bare) && !isChipName(leader.bare)) || (words.length > 1 && isComponentName(`${words[0]!.bare} ${words[1]!.bare}`)) || (naming.length > 0 && naming.every((word) => isComponentName(word.bare)))) return undefined;
  const name = words.map((word) => word.bare).join(' ');
  const first = words[0]!;
  const last = words[words.length - 1]!;
  const span = { name, start: first.start, end: first.start + answer.slice(first.start, last.end).replace(/[,.;:!?)\]"”’»*_]+$/u, '').length };
  const opensSentence = initial && first.start === run[0]!.start;
  // A plural of a name the answer uses is a category ("MacBooks", "Surface Laptops").
  const owned = name.replace(/^\S+['’]s\s+/u, '');
  if (/\p{Ll}s$/u.test(last.bare) && new RegExp(`(?<![\\p{L}])${escapeRegExp(owned.slice(0, -1)).replace(/ /gu, '\\s+')}(?![\\p{L}])`, 'u').test(answer)) return undefined;
  // Where capitals say nothing, a run of dictionary words is a label ("Key Specs", "Ruggedness").
  if ((opensSentence || titleCase) && words.every((word) => isKnownWord(word.bare) || MEASURE_LEAD.test(word.bare))) return undefined;
  if (words.length === 1 && (MODEL_SUFFIX.test(first.bare) || /^\p{Lu}\p{Ll}?$/u.test(first.bare) || /\p{Ll}(?:ese|ian|ish)$/u.test(first.bare))) return undefined;
  if (words.some((word) => joinedByCapture(word.bare))) return undefined;
  if (isOrdinaryPhrase(name)) {
    // Ordinary words make a name only where the answer writes them as one mid-sentence: two or more
    // capitalised words outside a title-cased line ("resellers like Best Buy"), not a colour.
    const capitalised = words.filter((word) => /^\p{Lu}/u.test(word.bare)).length;
    // One capitalised word mid-sentence is a name beside another name ("Coda and Obsidian", "Apple, Google").
    const neighbour = BESIDE_BEFORE.exec(answer.slice(Math.max(0, span.start - 40), span.start))?.[1] ?? BESIDE_AFTER.exec(answer.slice(span.end, span.end + 40))?.[1];
    const besideName = !opensSentence && !titleCase && words.length === 1 && capitalised === 1 && !isColourName(name) && neighbour !== undefined && !isKnownWord(neighbour);
    return (!opensSentence && !titleCase && capitalised >= 2 && !isColourName(name)) || (placeToBuy && capitalised === words.length) || besideName ? span : undefined;
  }
  // A finish: "Luna Grey", "Midnight Blue".
  if (words.length === 2 && isColourName(name)) return undefined;
  // A chip, alone or with ordinary words, is a specification ("M4 Max", "i9"), not an option; a letter and a
  // number alone is a model ("the smaller G14 is highly portable").
  if (/^\p{L}{1,2}\d{1,3}$/u.test(first.bare) && (words.length > 1 || isChipName(first.bare)) && words.slice(1).every((word) => isOrdinaryWord(word.bare) || MODEL_SUFFIX.test(word.bare))) return undefined;
  // A lone word opening a sentence is a name where it leads its item or the answer names it mid-sentence too.
  if (words.length === 1 && opensSentence && !/\p{Ll}\p{Lu}|\p{N}/u.test(first.bare)) {
    const standsAlone = /^[*_]*[ \t]*(?:$|\n|[:：|]|\s[–—-]\s)/u.test(answer.slice(span.end, span.end + 4));
    // "Desigual and Farm Rio": joined to another name, it is one too.
    const joined = /^,?\s+(?:and|or|&)\s+\p{Lu}/u.test(answer.slice(span.end, span.end + 8));
    if (joined) return span;
    if (!standsAlone && !namedMidSentence(answer, first.bare)) return undefined;
  }
  return span;
}

/** A name just before ("Coda and ", "Asana, ") or just after (" and Coda", ", Asana") a word, written with a capital no sentence needs. */
const BESIDE_BEFORE = /(?<=\p{Ll}{2,}\s+)(?:\p{Lu}[\p{L}\p{N}.'’&-]*\s+){0,2}(\p{Lu}[\p{L}\p{N}'’&-]*?)(?:['’]s)?,?\s+(?:and|or|&)\s+$/u;
const BESIDE_AFTER = /^,?\s+(?:and|or|&)\s+(\p{Lu}[\p{L}\p{N}'’&-]*)/u;

/** A size in inches ("17.3\"") is part of a model's name, not a closing quote. */
const INCHES = /^\d{1,2}(?:\.\d)?["″”]$/u;

/** A title before a name ("Mrs. Meyer's", "Dr. Martens"): its stop ends no sentence. */
const TITLE = /^(?:Mr|Mrs|Ms|Dr|St|Mt)\.$/u;

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

function namedMidSentence(answer: string, word: string): boolean {
  const pattern = new RegExp(`[\\p{Ll},;]\\s+${word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');
  return pattern.test(answer);
}

/** Outside English: the name an item, row or heading opens with (before a colon or dash). */
function leadingName(answer: string, unit: Unit, scope: { start: number; end: number }): OptionName | undefined {
  if (unit.kind === 'prose') return undefined;
  const text = answer.slice(scope.start, scope.end);
  const lead = /^\s*(?:\d{1,3}[.)]\s*)?([^:：–—\n|]{1,60}?)\s*(?:[:：]|\s[–—-]\s|$)/u.exec(text);
  const name = cleanName(lead?.[1] ?? '');
  if (name === '' || name.split(/\s+/u).length > 5 || !/\p{L}/u.test(name)) return undefined;
  const start = scope.start + text.indexOf(name.slice(0, 1));
  return { name, start, end: start + name.length };
}


/** A superlative label: "Best Overall", "Top Picks Under $400", "Overall Best Nonstick Pan" (but "Best Buy", "Best Western"). */
const SUPERLATIVE_LABEL = /^(?:overall\s+)?(?:best|top)\s+(?!(?:buy|western|gear)$)\S/iu;
/** A date or a shopping event: "mid-2025", "Memorial Day", "Black Friday". */
const WHEN = /^(?:(?:early|mid|late)[- ]?\d{4}|(?:memorial|labor|labour|presidents'?|prime|boxing|black friday|cyber monday|independence|mother'?s|father'?s|valentine'?s)(?:\s+day)?(?:\s+sales?)?|black friday|cyber monday|christmas|thanksgiving|new year)$/iu;

function rejected(name: string, context: OptionContext): boolean {
  const folded = foldName(name);
  if (folded === '' || LABELS.has(folded) || isComponentName(name) || SUPERLATIVE_LABEL.test(folded) || WHEN.test(folded)) return true;
  // An era describes a style ("1950s Rayon Gabardine", "1990s Denim"); no maker names itself by a decade.
  if (/^(?:1[89]|20)\d0['’]?s\b/u.test(folded)) return true;
  if (context.question && echoes(context.question, name)) return true;
  return false;
}

/** Most lower-case words are English ones: capitals are read as English writes them. */
function looksEnglish(answer: string): boolean {
  const words = answer.match(/(?<![\p{L}])\p{Ll}{3,}(?![\p{L}])/gu) ?? [];
  if (words.length === 0) return !hasCjk(answer);
  return words.filter((word) => isOrdinaryWord(word)).length / words.length >= 0.6;
}

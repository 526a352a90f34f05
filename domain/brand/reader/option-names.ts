import type { AnswerLayout, Unit } from './answer-layout';
import { foldName, withoutMarkup } from '../names';
import { boldSpans } from './bold-names';
import { echoes } from './echoes';
import { judgeRun, TITLE } from './run-rules';
import { endsWithPlaceLead, QUOTES_SOURCE, SOURCE_VERB_AFTER } from './cues';
import { cleanName, isKnownPhrase, LOWER_JOINER, MAX_NAME_WORDS, MODEL_SUFFIX, type OptionName } from './name-words';
import { isComponentName } from './not-options';
import { isKnownWord, isOrdinaryWord, isTitleCased } from './ordinary-words';
import { tablesOf, transposedHeader, withMaker } from './table-names';
import { hasCjk } from '../../shared/language/cjk';

export type { OptionName } from './name-words';

/**
 * The names an answer presents as options, with where each stands: products, brands, companies,
 * services (docs/DESIGN.md "Reading an answer"). Names are runs of capitalised words and model numbers
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
const TOKEN = /[^\s]+/gu;
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
  /(?<![\p{L}\p{N}])(?:(?:directed|written|created|founded|hosted|narrated|produced|composed|designed|illustrated) by|starring|co-starring|director|founder|CEO|author)\s+(?:[\p{Lu}][\p{L}'’.-]*\s+){0,3}(?:(?:,\s*|\s*and\s+|\s*&\s*)(?:[\p{Lu}][\p{L}'’.-]*\s+){0,3})*$/u;

/** "1.", "2)", "#3": a list's or heading's number. */
const ENUMERATOR = /^#?\d{1,3}[.):]?$/u;
/** A size in inches ("17.3\"") is part of a model's name, not a closing quote. */
const INCHES = /^\d{1,2}(?:\.\d)?["″”]$/u;
/** Punctuation that ends a name where it trails a word. */
const BREAK_AFTER = /[,.;:!?)\]"”’»]+$|['’]s[,.;:!?]$/u;
const BREAK_BEFORE = /^[(["“‘«]/u;

/** A candidate a rule dropped: the name as read, where, the rule's name and why. */
export interface Dropped {
  name: string;
  start: number;
  rule: string;
  why: string;
}

export function optionNames(context: OptionContext): OptionName[] {
  return readOptions(context).options;
}

/** The options, and every candidate a rule dropped with the rule and why (`npm run bench:brand-answers -- --misses`). */
export function readOptions(context: OptionContext): { options: OptionName[]; dropped: Dropped[] } {
  const { layout } = context;
  const answer = withoutMarkup(context.answer);
  const english = looksEnglish(answer);
  const names: OptionName[] = [];
  const dropped: Dropped[] = [];
  const add = (name: OptionName | undefined) => {
    if (!name) return;
    for (const rule of CANDIDATE_RULES) {
      const why = rule.drops(name, answer, context);
      if (why) {
        dropped.push({ name: name.name, start: name.start, rule: rule.name, why });
        return;
      }
    }
    names.push(name);
  };
  const nameRuns = (start: number, end: number, titleCase: boolean) => runsIn(answer, start, end, titleCase, dropped);
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
    if ((unit.kind === 'heading' && !factor) || (unit.kind !== 'item' && unit.kind !== 'heading' && /[:：]\s*$/u.test(text)))
      featureList = announcesFeatures(text);
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
      const named = cells[table?.column ?? 0] ?? cells[0];
      const cell = cleanName(answer.slice(named.start, named.end));
      const start = named.start + answer.slice(named.start, named.end).indexOf(cell.slice(0, 1));
      if (table?.namesColumn && cell !== '' && cell.split(/\s+/u).length <= MAX_NAME_WORDS)
        add({ name: withMaker(answer, cells, table.makerColumn, cell), start, end: start + cell.length });
      else if (english) for (const run of nameRuns(named.start, named.end, titleCase)) add(run);
      else add(leadingName(answer, unit, named));
      continue;
    }
    const scope = describes ? { start: unit.textStart, end: unit.textStart } : { start: unit.textStart, end: unit.end };
    if (english && !hasCjk(text)) {
      // An item's lead ("Brands with a Similar Aesthetic:") is title-cased or not on its own, apart from what follows it.
      const lead =
        unit.kind === 'item' || unit.kind === 'prose'
          ? /^[^:：\n]{1,80}[:：]/u.exec(answer.slice(scope.start, scope.end))?.[0].length
          : undefined;
      const segments = lead
        ? [
            { start: scope.start, end: scope.start + lead },
            { start: scope.start + lead, end: scope.end },
          ].slice(featureList ? 1 : 0)
        : [scope];
      for (const segment of segments) {
        const segmentTitleCase = lead ? isTitleCased(answer.slice(segment.start, segment.end)) : titleCase;
        for (const run of nameRuns(segment.start, segment.end, segmentTitleCase || unit.kind === 'heading'))
          if (!(unit.kind === 'heading' && pairsCategories(text, run.name))) add(run);
      }
    } else {
      add(leadingName(answer, unit, scope));
    }
    const value = (featureList || underOptionHeading || layout.blocks[unit.id]?.parent !== undefined) && specValue(answer, unit);
    if (value) moveToDropped(names, before, dropped, SPEC_ROW, (name) => name.start < value);
    describesTheLead(answer, layout, unit, names, before, dropped);
    if (underOptionHeading && (unit.kind === 'prose' || unit.kind === 'item'))
      describesTheHeading(answer, layout, unit, names, before, dropped);
    if (factor)
      names.splice(
        before,
        names.length - before,
        ...names.slice(before).filter((name) => name.name.includes(' ') || !isKnownWord(name.name)),
      );
    if (unit.kind === 'heading' && names.length > before) underOptionHeading = true;
  }
  return { options: names.sort((a, b) => a.start - b.start), dropped };
}

/**
 * A rule of the layout, not of the words: a list item that leads with an option ("- **REI Co-op:**",
 * "1. **Coway Airmega** - …") presents that option; the names in the rest of it describe it (the brands it stocks,
 * the technology it uses, the store it integrates with) and are mentions, not options. A description that opens
 * with names ("- Patagonia: Nano Puff Jacket, Better Sweater") lists options under a label, and keeps them.
 */
export const DESCRIBES_THE_LEAD = {
  name: 'describes-the-lead',
  example: { answer: '- REI Co-op: a wide range of brands such as Nike and ASICS.', drops: 'Nike' },
  why: 'named in the description of the option its item leads with',
};

/**
 * The section under a heading that presents an option ("### 2. Kinsta") describes that option: the names in its
 * paragraphs and items (the cloud it runs on, its CDN, the membrane it uses) are mentions, not options; but for
 * a place to buy it ("Available at Best Buy and Target"), which keeps its place (docs/brand-reader.md §2), and the
 * name in bold an item opens with (a heading over a list of options: "### Netflix", "* **The Killer** – a thriller").
 */
export const DESCRIBES_THE_HEADING = {
  name: 'describes-the-heading',
  example: { answer: "### 2. Kinsta\nPremium hosting built on Google Cloud's C2 machines.", drops: "Google Cloud's C2" },
  why: 'named in the section of the option its heading presents',
};

function describesTheHeading(
  answer: string,
  layout: AnswerLayout,
  unit: Unit,
  names: OptionName[],
  before: number,
  dropped: Dropped[],
): void {
  const placeToBuy = (name: OptionName) =>
    endsWithPlaceLead(answer.slice(answer.lastIndexOf('\n', name.start - 1) + 1, name.start).replace(/[*_[\]]+/gu, ''));
  // An item that opens with a name in bold presents it ("### Netflix", then "* **The Killer** (2023) – a thriller"): the heading labels a list.
  const bold = layout.blocks[unit.id]?.boldLead;
  const leads = (name: OptionName) =>
    unit.kind === 'item' &&
    bold !== undefined &&
    name.start >= bold.start &&
    name.start < bold.end &&
    /^[\s*_[(“"]*$/u.test(answer.slice(unit.textStart, name.start));
  moveToDropped(names, before, dropped, DESCRIBES_THE_HEADING, (name) => placeToBuy(name) || leads(name));
}

/**
 * A spec row: an item led by a field of ordinary words ("Membrane:", "HDR formats:", "Panel type:") whose value is a
 * few words or a short list of them ("Pertex Shield", "Dolby Vision and HDR10+", "Mini-LED > QLED") names the
 * technologies, materials and standards an option is made of or judged by, not options; where the item describes an
 * option (nested under its item, under its heading) or stands in a list the answer announces as features or
 * specifications. A field that picks ("Top pick:", "Best overall:") or says where to buy keeps its names, and so does
 * a value that is a sentence ("Form factor: a 2-in-1 like the HP Spectre suits you").
 */
export const SPEC_ROW = {
  name: 'spec-row',
  example: { answer: 'Key specs to look for:\n\n- **HDR formats:** Dolby Vision and HDR10+\n- **Ports:** two HDMI 2.1', drops: 'HDR10+' },
  why: "the value of a specification's field: a technology, material or standard",
};

/**
 * The rules that read the role the layout gives a name, before any word list (issue 31, item 4): each with its name,
 * an example and why; test/domain/brand/run-rules.test.ts runs each on its example.
 */
export interface LayoutRule {
  name: string;
  example: { answer: string; drops: string };
  why: string;
}
export const LAYOUT_RULES: readonly LayoutRule[] = [DESCRIBES_THE_LEAD, DESCRIBES_THE_HEADING, SPEC_ROW];

/** A pick among options ("Top pick", "Best overall", "Runner-up"), not a field: "Best for" is a field. */
const PICK_LABEL = /\b(?:best|top)\b(?!\s+for\b)|\b(?:picks?|choices?|options?|alternatives?|runner-up|winner|recommend\w*)\b/iu;

/** Where the value of a spec row starts, or 0 where the unit is none. */
function specValue(answer: string, unit: Unit): number {
  if (unit.kind !== 'item' && unit.kind !== 'prose') return 0;
  const text = answer.slice(unit.textStart, unit.end);
  const lead = /^\s*(?:\*\*|__)?([^:：\n*_]{1,40}?)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?/u.exec(text);
  if (!lead || PICK_LABEL.test(lead[1]!) || PLACE_LABEL.test(lead[1]!)) return 0;
  const words = lead[1]!.trim().split(/\s+/u);
  if (!words.every((word) => isOrdinaryWord(word) || /^\p{Lu}{2,5}$/u.test(word)) || !words.some((word) => isOrdinaryWord(word))) return 0;
  const value = text.slice(lead[0].length).replace(/[*_]+/gu, '').trim();
  const parts = value.replace(/[.;]$/u, '').split(/\s*(?:,|\/|>|\+|&|\band\b|\bor\b)\s*/u);
  const short = value !== '' && !/[.!?]\s/u.test(value) && parts.length <= 6 && parts.every((part) => part.split(/\s+/u).length <= 4);
  return short ? unit.textStart + lead[0].length : 0;
}

/** The names a layout rule reads otherwise, from `before` on, moved to the dropped with the rule's name and why; `kept` stay. */
function moveToDropped(
  names: OptionName[],
  before: number,
  dropped: Dropped[],
  rule: { name: string; why: string },
  kept: (name: OptionName) => boolean,
): void {
  const read = names.splice(before);
  names.push(...read.filter(kept));
  for (const name of read.filter((name) => !kept(name)))
    dropped.push({ name: name.name, start: name.start, rule: rule.name, why: rule.why });
}

/** Where an item's lead ends: after its bold lead, its label and colon, or the name before a dash. */
function leadEnd(answer: string, layout: AnswerLayout, unit: Unit): number | undefined {
  if (unit.kind !== 'item') return undefined;
  const bold = layout.blocks[unit.id]?.boldLead;
  if (bold) return bold.end;
  const text = answer.slice(unit.textStart, unit.end);
  const lead = /^[^:：\n]{1,80}?(?:[:：]|\s[–—-]\s)/u.exec(text);
  return lead ? unit.textStart + lead[0].length : undefined;
}

function describesTheLead(answer: string, layout: AnswerLayout, unit: Unit, names: OptionName[], before: number, dropped: Dropped[]): void {
  const end = leadEnd(answer, layout, unit);
  if (end === undefined) return;
  const added = names.slice(before);
  if (!added.some((name) => name.start < end)) return;
  // "- Patagonia: Nano Puff Jacket, Better Sweater": a description that opens with names lists options under its lead.
  const opening = end + (/^[\s*_:：–—-]*/u.exec(answer.slice(end))?.[0].length ?? 0);
  if (added.some((name) => name.start === opening)) return;
  names.splice(before, added.length, ...added.filter((name) => name.start < end));
  for (const name of added.filter((name) => name.start >= end))
    dropped.push({
      name: name.name,
      start: name.start,
      rule: DESCRIBES_THE_LEAD.name,
      why: DESCRIBES_THE_LEAD.why,
    });
}

/** The nouns of a list of features, specifications, criteria or advice; a list of options names options, products, picks. */
const FEATURE_NOUNS =
  /\b(?:features?|specs|specifications?|factors|considerations|criteria|tips|steps|benefits|advantages|capabilities|functions|requirements|settings|things to (?:look for|consider)|what to look for)\b/iu;
const OPTION_NOUNS =
  /\b(?:options?|recommendations?|picks?|products?|models?|brands?|alternatives?|choices?|tools?|apps?|services?|laptops?|retailers?|stores?|shops?)\b/iu;

/** A heading or a line before a list that announces features or advice rather than options. */
function announcesFeatures(text: string): boolean {
  const last =
    text
      .trim()
      .split(/(?<=[.!?])\s+/u)
      .pop() ?? '';
  return FEATURE_NOUNS.test(last) && !OPTION_NOUNS.test(last.replace(FEATURE_NOUNS, ''));
}

/** A section heading that pairs two categories ("Everyday Carry & Tech", "Skincare & Household"): a lone word beside ordinary ones names a category. */
function pairsCategories(heading: string, name: string): boolean {
  const words = heading
    .replace(/[*_#:]+/gu, ' ')
    .trim()
    .split(/\s+/u);
  if (name.includes(' ') || words.length > 5 || !words.some((word) => word === '&' || word.toLowerCase() === 'and')) return false;
  return words.every((word) => word === name || isOrdinaryWord(word));
}

/** A label that says where to buy ("Where to buy", "Available at", "Retailers"). */
const PLACE_LABEL = /\b(?:buy|availab\w*|purchase|retailers?|stores?|shops?|where)\b/iu;

/** "Best for: …", "**Pricing:** …": an item that opens with a label of ordinary words, but not a place to buy. */
function labelLed(text: string): boolean {
  const label = /^\s*(?:\*\*|__)?([^:：\n*_]{1,40}?)(?:\*\*|__)?\s*[:：]/u.exec(text)?.[1];
  return label !== undefined && isKnownPhrase(label) && !PLACE_LABEL.test(label);
}

/** Runs of name-like words between `start` and `end`, each judged as docs/DESIGN.md says. */
function runsIn(answer: string, start: number, end: number, titleCase: boolean, dropped: Dropped[]): OptionName[] {
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
  const newline = answer.indexOf('\n', start);
  const firstLine = tokens
    .filter((token) => newline < 0 || token.start < newline)
    .filter((token, index) => index > 0 || !ENUMERATOR.test(token.text));
  // A ranked list's lead ("### 2. The North Face Venture 2", "2. Mountain Hardwear Exposure/2") presents an option.
  const numbered =
    (tokens[0] !== undefined && tokens[0] !== firstLine[0] && ENUMERATOR.test(tokens[0].text)) ||
    /^\s*(?:#{1,6}\s*)?\d{1,2}[.)]\s*(?:\*\*|__)?$/u.test(answer.slice(answer.lastIndexOf('\n', start - 1) + 1, start));
  // But a line that opens and ends with ordinary words, the last a plural, names a category ("Recommended HP Mid-Range Laptops").
  const category =
    firstLine.length > 1 &&
    [firstLine[0]!, firstLine[firstLine.length - 1]!].every((token) => isOrdinaryWord(token.text)) &&
    /\p{Ll}s$/u.test(firstLine[firstLine.length - 1]!.text);
  const oneName =
    !category &&
    firstLine.length > 0 &&
    firstLine.length <= MAX_NAME_WORDS &&
    firstLine.every(
      (token, index) =>
        isNameWord(token.text.replace(/^[(["“‘«*_]+|[*_]+$/gu, ''), index > 0) &&
        (index === firstLine.length - 1 || !BREAK_AFTER.test(token.text)),
    );
  const close = () => {
    if (run.length > 0) {
      const whole = oneName && run[0] === firstLine[0];
      const judged = judgeRun(answer, run, titleCase && !whole, start, whole && numbered);
      if (judged.name) runs.push(judged.name);
      if (judged.dropped) dropped.push(judged.dropped);
    }
    run = [];
  };
  for (const token of tokens) {
    const word = token.text.replace(/^[(["“‘«*_]+|[*_]+$/gu, '');
    const joins = run.length > 0 && /^(?:&|\+|of|de|du|la|von|van|for|by)$/u.test(word);
    const named = isNameWord(word, run.length > 0);
    if (
      ((token.start > previousEnd && BREAK_BEFORE.test(answer[token.start - 1] ?? '')) ||
        answer.slice(previousEnd, token.start).includes('\n')) &&
      run.length > 0
    )
      close();
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

/** Each word's verdict once (it depends on the word alone); bounded, emptied when full. */
const nameWords = new Map<string, boolean>();
function isNameWord(word: string, inRun: boolean): boolean {
  const key = `${inRun ? '+' : '-'}${word}`;
  let verdict = nameWords.get(key);
  if (verdict === undefined) {
    if (nameWords.size >= 50_000) nameWords.clear();
    verdict = nameWord(word, inRun);
    nameWords.set(key, verdict);
  }
  return verdict;
}

/** A word that can be part of a name: capitalised, with inner capitals (eBay), a model (X12, A14), or a number after a name. */
function nameWord(word: string, inRun: boolean): boolean {
  const bare = word.replace(/[,.;:!?)\]"”’»]+$/u, '').replace(/['’]s$/u, '');
  if (bare === '' || /^I(?:['’]\p{L}+)?$/u.test(bare)) return false;
  // "M4/M5", "DDR4/DDR5", "Skin/Food": alternatives of specifications or words, not a name.
  // But a model numbered after a slash is a name ("Exposure/2").
  if (
    bare.includes('/') &&
    !/^\p{Lu}\p{L}+\/\d{1,2}$/u.test(bare) &&
    bare
      .split('/')
      .every(
        (part) => part === '' || isComponentName(part) || isKnownWord(part) || MODEL_SUFFIX.test(part) || /^\p{L}{1,3}\d{1,2}$/u.test(part),
      )
  )
    return false;
  // "Microsoft-branded", "Non-Microsoft": an adjective made from a name, not the name.
  if (
    /^(?:non|pre|anti|pro)-/iu.test(bare) ||
    (/-\p{Ll}+$/u.test(bare) && isOrdinaryWord(bare.slice(bare.lastIndexOf('-') + 1)) && !/\p{N}/u.test(bare))
  )
    return false;
  if (/^\p{Lu}/u.test(bare)) return true;
  if (/^\p{Ll}+\p{Lu}/u.test(bare)) return true;
  if (/\p{L}/u.test(bare) && /\p{N}/u.test(bare)) return true;
  return inRun && /^\d+(?:[.,]\d+)?(?:["″]|-inch)?$/u.test(bare);
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
const WHEN =
  /^(?:(?:early|mid|late)[- ]?\d{4}|(?:memorial|labor|labour|presidents'?|prime|boxing|black friday|cyber monday|independence|mother'?s|father'?s|valentine'?s)(?:\s+day)?(?:\s+sales?)?|black friday|cyber monday|christmas|thanksgiving|new year)$/iu;

interface CandidateRule {
  name: string;
  /** An answer, and the candidate in it the rule drops. */
  example: { answer: string; drops: string; question?: string };
  drops(candidate: OptionName, answer: string, context: OptionContext): string | undefined;
}

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
export const CANDIDATE_RULES: readonly CandidateRule[] = [
  {
    name: 'quoted-source',
    example: { answer: 'According to RTINGS, the Sony WH-1000XM5 leads.', drops: 'RTINGS' },
    // The cue may open the candidate where a sentence capitalises it ("Per RTINGS and SoundGuys testing").
    drops: (candidate, answer) =>
      QUOTES_SOURCE.test(before(candidate, answer) + (/^\S+\s+/u.exec(candidate.name)?.[0] ?? ''))
        ? 'a source the answer quotes'
        : undefined,
  },
  {
    name: 'source-that-rates',
    example: { answer: 'Wirecutter and RTINGS both rate Roborock highly.', drops: 'Wirecutter' },
    // The subject of a rating verb is a source the answer quotes, as "according to" puts one before.
    drops: (candidate, answer) =>
      // From the end of the name itself: a possessive ("OutdoorGearLab's") may lie inside the candidate's span.
      SOURCE_VERB_AFTER.test(answer.slice(Math.min(candidate.end, candidate.start + candidate.name.length), candidate.end + 60))
        ? 'a source that rates, tests, recommends or reports'
        : undefined,
  },
  {
    name: 'defined-term',
    example: { answer: 'Check the Clean Air Delivery Rate (CADR) before you buy.', drops: 'CADR' },
    // A term the answer spells out beside its acronym ("CADR (Clean Air Delivery Rate)", "Auto Update Expiration (AUE)")
    // is a measure or a standard it explains, and so is the acronym: an option is named, not defined.
    // In prose only: a slot that leads with one ("4. **ANA (All Nippon Airways)**") presents an option by both names.
    drops: (candidate, answer, context) =>
      definedTerm(candidate, answer) && context.layout.unitAt(candidate.start)?.kind === 'prose'
        ? 'a term the answer spells out beside its acronym'
        : undefined,
  },
  {
    name: 'credited-person',
    example: { answer: 'Barbie, directed by Greta Gerwig, is fun.', drops: 'Greta Gerwig' },
    drops: (candidate, answer) => (PERSON_CUE.test(before(candidate, answer)) ? 'a person the answer credits' : undefined),
  },
  {
    name: 'names-a-part',
    example: { answer: 'The app pairs with Zapier integrations for teams.', drops: 'Zapier' },
    drops: (candidate, answer) =>
      PART_FOLLOWS.test(answer.slice(candidate.end, candidate.end + 40))
        ? 'followed by the part it names: a component or feature'
        : undefined,
  },
  {
    name: 'shares-a-part',
    example: { answer: 'Vibram Megagrip and Contagrip outsoles grip wet rock.', drops: 'Vibram Megagrip' },
    // "X and Y outsoles": the part named after two names joined is the part of both.
    drops: (candidate, answer) => {
      const after = answer.slice(candidate.end, candidate.end + 80);
      const joined = JOINED_NAME.exec(after);
      return joined && PART_FOLLOWS.test(after.slice(joined[0].length)) ? 'joined to another name before the part both name' : undefined;
    },
  },
  {
    name: 'said-to-be-a-kind',
    example: { answer: 'Hikers say Dyneema and Cuben are the fabrics to know.', drops: 'Cuben' },
    drops: (candidate, answer) =>
      / (?:is|are) /u.test(answer.slice(candidate.end, candidate.end + 100)) &&
      SAID_TO_BE_A_KIND.test(answer.slice(candidate.end, candidate.end + 100))
        ? 'the answer says it is a material, a technology or a protocol'
        : undefined,
  },
  {
    name: 'echoes-question',
    example: { answer: 'Here are some **Patagonia** jackets that last.', drops: 'Patagonia', question: 'best Patagonia jacket' },
    drops: (candidate, _answer, context) =>
      context.question && echoes(context.question, candidate.name) ? 'a name the question already holds' : undefined,
  },
  {
    name: 'era',
    example: { answer: 'Look for **1950s Rayon Gabardine** coats.', drops: '1950s Rayon Gabardine' },
    drops: (candidate) => (/^(?:1[89]|20)\d0['’]?s\b/u.test(folded(candidate)) ? 'an era describes a style' : undefined),
  },
  {
    name: 'superlative-label',
    example: { answer: 'Our **Top Rab Jackets** list.', drops: 'Top Rab Jackets' },
    drops: (candidate) => (SUPERLATIVE_LABEL.test(folded(candidate)) ? 'a superlative label' : undefined),
  },
  {
    name: 'date-or-event',
    example: { answer: 'Prices drop on **Black Friday** every year.', drops: 'Black Friday' },
    drops: (candidate) => (WHEN.test(folded(candidate)) ? 'a date or a shopping event' : undefined),
  },
  {
    name: 'generic-label',
    example: { answer: '- Fazit: die Jacke ist sehr gut und leicht und nicht teuer', drops: 'Fazit' },
    drops: (candidate) => (folded(candidate) === '' || LABELS.has(folded(candidate)) ? 'a generic label' : undefined),
  },
  {
    name: 'component-list',
    example: { answer: 'It has **GORE-TEX** inside.', drops: 'GORE-TEX' },
    drops: (candidate) => (isComponentName(candidate.name) ? 'a component (not-options.ts)' : undefined),
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
    return earlier !== undefined && earlier.split(/\s+/u).some((_, from, words) => initials(words.slice(from).join(' ')) === name);
  }
  const acronym = ACRONYM_AFTER.exec(after)?.[1] ?? ACRONYM_BEFORE.exec(before)?.[1];
  // The term may have lost a word to the run rules ("Xylo Quant" of "Xylo Quant Index (XQI)"), or carry an article.
  const spelled = acronym === undefined ? '' : initials(name);
  return (
    spelled.length >= 2 && (spelled.endsWith(acronym!) || acronym!.startsWith(spelled)) && Math.abs(spelled.length - acronym!.length) <= 1
  );
}

/** Most lower-case words are English ones: capitals are read as English writes them. */
function looksEnglish(answer: string): boolean {
  const words = answer.match(/(?<![\p{L}])\p{Ll}{3,}(?![\p{L}])/gu) ?? [];
  if (words.length === 0) return !hasCjk(answer);
  return words.filter((word) => isOrdinaryWord(word)).length / words.length >= 0.6;
}

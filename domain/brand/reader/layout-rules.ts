import type { AnswerLayout, Unit } from './answer-layout';
import type { CandidateRule } from './candidate';
import { LEAD } from './candidates';
import { endsWithPlaceLead, FEATURE_NOUNS } from './cues';
import { isKnownPhrase, type OptionName } from './name-words';
import { isKnownWord, isOrdinaryWord } from './ordinary-words';
import { SPACES } from './patterns';
import { namesAQuality } from './qualities';
import { isRegionName } from './places';

/**
 * The candidate rules that read the role the layout gives a name rather than its words (docs/brand-reader.md §3): a
 * name in the description of an option, in the value of a specification's field, in a list announced as features,
 * under a heading that pairs two categories.
 */

/**
 * A list item that leads with an option ("- **REI Co-op:**", "1. **Coway Airmega** - …") presents that option; the
 * names in the rest of it describe it (the brands it stocks, the technology it uses, the store it integrates with) and
 * are mentions, not options. A description that opens with names ("- Patagonia: Nano Puff Jacket, Better Sweater")
 * lists options under a label, and keeps them.
 */
export const DESCRIBES_THE_LEAD: CandidateRule = {
  name: 'describes-the-lead',
  example: { answer: '- REI Co-op: a wide range of brands such as Nike and ASICS.', drops: 'Nike' },
  why: 'named in the description of the option its item or paragraph leads with',
  apply(candidate, { answer, context, unit, kept }) {
    const end = leadEndOf(unit, answer, context.layout);
    // A paragraph's bold lead presents an option only where it is the name ("**If you buy from Amazon:**" labels).
    if (end === undefined || candidate.start < end) return false;
    const leadStart = context.layout.blocks[unit.id]?.boldLead?.start;
    if (!kept.some((name) => (unit.kind === 'prose' ? name.start === leadStart : name.start < end))) return false;
    const opening = end + (/^[\s*_:：–—-]*/u.exec(answer.slice(end))?.[0].length ?? 0);
    return !kept.some((name) => name.start === opening);
  },
};

/** "Available at Best Buy", "- Where to buy: Amazon": a place to buy an option keeps its place (docs/brand-reader.md §2). */
const placeToBuy = (answer: string, candidate: OptionName) =>
  endsWithPlaceLead(answer.slice(answer.lastIndexOf('\n', candidate.start - 1) + 1, candidate.start).replace(/[*_[\]]+/gu, ''));

/**
 * The items nested under an item that presents an option ("1. **Brooks Adrenaline GTS 24**", then "   - Plush FF BLAST+
 * foam"), and its later paragraphs, describe that option: the names in them are its parts and features, not options.
 * A nested item that is a name and nothing else, or leads with one (in bold, or before a colon), presents it: the
 * products under a maker ("- Patagonia", then "  - Torrentshell 3L"); so do the items under one that presents several
 * options, and a place to buy keeps its place.
 */
export const DESCRIBES_THE_PARENT: CandidateRule = {
  name: 'describes-the-parent',
  example: { answer: '1. **Brooks Adrenaline GTS 24**\n   - Cushioned with Zentrix Loft and a wide base', drops: 'Zentrix Loft' },
  why: 'named in an item nested under the option it describes',
  apply(candidate, { answer, context, unit, presentedIn }) {
    const parent = context.layout.blocks[unit.id]?.parent;
    const parentUnit = parent === undefined ? undefined : context.layout.units[parent];
    if (!parentUnit || parentUnit.id === unit.id) return false;
    // An item that presents several options ("- eBay and Etsy:") is a group: its nested items split it, each its own.
    const [first, ...others] = presentedIn(parentUnit.id);
    if (
      !first ||
      others.some((other) => other.name !== first.name) ||
      first.start - parentUnit.textStart > 3 ||
      placeToBuy(answer, candidate)
    )
      return false;
    if (unit.kind === 'item') {
      const end = leadEndOf(unit, answer, context.layout);
      if (end !== undefined && candidate.start < end) return false;
      if (/^[\s*_]*$/u.test(answer.slice(unit.textStart, candidate.start)) && /^[\s*_.,;:]*$/u.test(answer.slice(candidate.end, unit.end)))
        return false;
    }
    return true;
  },
};

/**
 * The section under a heading that presents an option ("### 2. Kinsta") describes that option: the names in its
 * paragraphs and items (the cloud it runs on, its CDN, the membrane it uses) are mentions, not options; but for a
 * place to buy it ("Available at Best Buy and Target"), which keeps its place (docs/brand-reader.md §2), and the name
 * in bold an item opens with (a heading over a list of options: "### Netflix", "* **The Killer** – a thriller").
 */
export const DESCRIBES_THE_HEADING: CandidateRule = {
  name: 'describes-the-heading',
  example: { answer: "### 2. Kinsta\nPremium hosting built on Google Cloud's C2 machines.", drops: "Google Cloud's C2" },
  why: 'named in the section of the option its heading presents',
  apply(candidate, { answer, context, unit, section }) {
    if (!section.optionHeading || (unit.kind !== 'prose' && unit.kind !== 'item')) return false;
    if (placeToBuy(answer, candidate)) return false;
    const bold = context.layout.blocks[unit.id]?.boldLead;
    const leads =
      unit.kind === 'item' &&
      bold !== undefined &&
      candidate.start >= bold.start &&
      candidate.start < bold.end &&
      /^[\s*_[(“"]*$/u.test(answer.slice(unit.textStart, candidate.start));
    return !leads;
  },
};

/**
 * A spec row: an item led by a field of ordinary words ("Membrane:", "HDR formats:", "Panel type:") whose value is a
 * few words or a short list of them ("Pertex Shield", "Dolby Vision and HDR10+", "Mini-LED > QLED") names the
 * technologies, materials and standards an option is made of or judged by, not options; where the item describes an
 * option (nested under its item, under its heading) or stands in a list the answer announces as features or
 * specifications. A field that picks ("Top pick:", "Best overall:") or says where to buy keeps its names, and so does
 * a value that is a sentence ("Form factor: a 2-in-1 like the HP Spectre suits you").
 */
export const SPEC_ROW: CandidateRule = {
  name: 'spec-row',
  example: { answer: 'Key specs to look for:\n\n- **HDR formats:** Dolby Vision and HDR10+\n- **Ports:** two HDMI 2.1', drops: 'HDR10+' },
  why: "the value of a specification's field: a technology, material or standard",
  apply(candidate, { answer, context, unit, section }) {
    if (!section.featureList && !section.optionHeading && context.layout.blocks[unit.id]?.parent === undefined) return false;
    const value = specValueOf(unit, answer);
    return value > 0 && candidate.start >= value;
  },
};

/** "### 2. **Capacity**" under "Key factors to consider:" is the second factor, not an option. */
export const NUMBERED_FACTOR: CandidateRule = {
  name: 'numbered-factor',
  example: { answer: 'Key factors to consider:\n\n### 1. **Capacity**\nHow much it holds.', drops: 'Capacity' },
  why: 'a numbered heading in a list announced as factors or features names a factor',
  apply: (candidate, { section }) => section.factor && !candidate.name.includes(' ') && isKnownWord(candidate.name),
};

/** A section heading that pairs two categories ("Everyday Carry & Tech", "Skincare & Household"). */
export const CATEGORY_PAIR: CandidateRule = {
  name: 'category-pair',
  example: { answer: '## Sneakers & Athleisure\n- a shoe', drops: 'Athleisure' },
  why: 'a lone word beside ordinary ones in a heading that pairs two categories names a category',
  apply: (candidate, { unit, text }) =>
    unit.kind === 'heading' && candidate.source === 'capitalised-runs' && pairsCategories(text, candidate.name),
};

/** Under a line that announces features, specifications or tips ("offer core features that sync:"), an item's lead names the feature. */
export const FEATURE_LEAD: CandidateRule = {
  name: 'feature-lead',
  example: { answer: 'Both offer core features that sync:\n\n- iCloud Photos: keeps every picture', drops: 'iCloud Photos' },
  why: 'the lead of an item in a list announced as features or tips names a feature, not an option',
  apply(candidate, { unit, text, section }) {
    if (!section.featureList || candidate.source !== 'capitalised-runs' || (unit.kind !== 'item' && unit.kind !== 'prose')) return false;
    const lead = featureLeadOf(unit, text);
    return lead !== undefined && candidate.start < unit.textStart + lead;
  },
};

/** Under a heading that presents an option ("### 1. HubSpot CRM"), an item led by a field ("- Best for: …", "- Integrations: Slack") describes it. */
export const FIELD_OF_THE_HEADING: CandidateRule = {
  name: 'field-of-the-heading',
  example: { answer: '### 1. HubSpot CRM\nFree to start.\n\n- Integrations: Slack and Zapier', drops: 'Zapier' },
  why: "an item led by a field under an option's heading describes that option",
  apply: (_candidate, { unit, text, section }) => section.optionHeading && unit.kind === 'item' && labelLedOf(unit, text),
};

/** "Available in colors like Sky and Umber": a colour, finish or fabric the option comes in, not an option (qualities.ts). */
export const NAMES_A_QUALITY_OF_IT: CandidateRule = {
  name: 'names-a-quality-of-it',
  example: { answer: 'The Contoso Ridge Parka comes in colors like Fjordane Umber and Slate.', drops: 'Fjordane Umber' },
  why: 'given as one of the colours, finishes or fabrics an option comes in',
  apply: (candidate, { answer, context }) => namesAQuality(answer, context.layout, candidate.start),
};

/** A question after a fact, not a choice: "who founded…", "when did…", "how many…". */
const FACT_QUESTION = /^\s*(?:who|when|what year|how (?:many|much|old|long|big|tall)|why)\b/iu;
/** The words a place follows in a sentence: "founded in Gothenburg, Sweden", "comes from Kyoto". */
const PLACE_LEADS = new Set(['in', 'from', 'near']);

/**
 * An answer to a question after a fact presents no options; the places it names ("founded in Gothenburg, Sweden")
 * are where something happened. A place follows "in", "from" or "near", or another place and a comma.
 */
export const PLACE_IN_A_FACT: CandidateRule = {
  name: 'place-in-a-fact',
  example: { answer: 'Contoso was founded in Gothenburg, Sweden, in 1998.', question: 'who founded Contoso', drops: 'Sweden' },
  why: 'a place named in an answer to a question after a fact, not an option',
  apply(candidate, { answer, context }) {
    if (context.question === undefined || !FACT_QUESTION.test(context.question)) return false;
    const words = answer
      .slice(Math.max(0, candidate.start - 60), candidate.start)
      .split(SPACES)
      .filter(Boolean);
    let last = words.pop();
    // "Gothenburg, Sweden": a place and a comma before it.
    if (last?.endsWith(',') && last.length > 1 && last[0] !== last[0]!.toLowerCase()) last = words.pop();
    return last !== undefined && PLACE_LEADS.has(last.toLowerCase());
  },
};

/** Where something is made, based or founded, and the places joined to it: "handcrafted in Italy or Portugal". */
const MADE_IN =
  /\b(?:made|crafted|handcrafted|manufactured|produced|based|headquartered|sourced|founded|born|designed)\s+in\s+(?:\p{Lu}[\p{L}'’.-]*,?\s+(?:(?:and|or)\s+)?){0,4}$/u;

export const MADE_IN_PLACE: CandidateRule = {
  name: 'made-in-place',
  example: { answer: 'Contoso sneakers are handcrafted in Italy or Portugal.', drops: 'Portugal' },
  why: 'where something is made, based or founded: a place, not an option',
  apply: (candidate, { answer }) => MADE_IN.test(answer.slice(Math.max(0, candidate.start - 80), candidate.start)),
};

/** A question whose options are places: its countries are options. */
const ASKS_FOR_PLACES = /\b(?:countr(?:y|ies)|destinations?|places?|where)\b/iu;

export const COUNTRY_AFTER_IN: CandidateRule = {
  name: 'country-after-in',
  example: { answer: 'Several Contoso jeans are sold in India, like the Fabrikam Fit.', drops: 'India' },
  why: 'a country after "in", "from" or "near": where something is, not an option, unless the question asks for places',
  apply(candidate, { answer, context }) {
    if (!isRegionName(candidate.name) || (context.question !== undefined && ASKS_FOR_PLACES.test(context.question))) return false;
    const last = answer
      .slice(Math.max(0, candidate.start - 20), candidate.start)
      .trimEnd()
      .split(SPACES)
      .pop();
    return last !== undefined && PLACE_LEADS.has(last.toLowerCase());
  },
};

/** A name in a clause that says the assistant does not know it ("I don't know a brand called Zorblex") is no option. */
export const SAYS_NOT_KNOWN: CandidateRule = {
  name: 'says-not-known',
  example: { answer: "I don't know a product called Zorblex Cloud.", drops: 'Zorblex Cloud' },
  why: 'named in a clause that says the assistant does not know it',
  apply: (candidate, { context }) => context.saysNotKnownAt?.(candidate.start) ?? false,
};

/**
 * What a rule reads of a unit, read once per unit rather than once per candidate in it: each reading's units are its
 * own objects, so a weak map keyed by the unit forgets them with the reading.
 */
function oncePerUnit<A extends unknown[], T>(read: (unit: Unit, ...rest: A) => T): (unit: Unit, ...rest: A) => T {
  const known = new WeakMap<Unit, { value: T }>();
  return (unit, ...rest) => {
    let entry = known.get(unit);
    if (!entry) {
      entry = { value: read(unit, ...rest) };
      known.set(unit, entry);
    }
    return entry.value;
  };
}
const leadEndOf = oncePerUnit((unit: Unit, answer: string, layout: AnswerLayout) => leadEnd(answer, layout, unit));
const specValueOf = oncePerUnit((unit: Unit, answer: string) => specValue(answer, unit));
const featureLeadOf = oncePerUnit((_unit: Unit, text: string) => LEAD.exec(text)?.[0].length);
const labelLedOf = oncePerUnit((_unit: Unit, text: string) => labelLed(text));

/** A pick among options ("Top pick", "Best overall", "Runner-up"), not a field: "Best for" is a field. */
const PICK_LABEL = /\b(?:best|top)\b(?!\s+for\b)|\b(?:picks?|choices?|options?|alternatives?|runner-up|winner|recommend\w*)\b/iu;

/** Where the value of a spec row starts, or 0 where the unit is none. */
function specValue(answer: string, unit: Unit): number {
  if (unit.kind !== 'item' && unit.kind !== 'prose') return 0;
  const text = answer.slice(unit.textStart, unit.end);
  const lead = /^\s*(?:\*\*|__)?([^:：\n*_]{1,40}?)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?/u.exec(text);
  if (!lead || PICK_LABEL.test(lead[1]!) || PLACE_LABEL.test(lead[1]!)) return 0;
  const words = lead[1]!.trim().split(SPACES);
  if (!words.every((word) => isOrdinaryWord(word) || /^\p{Lu}{2,5}$/u.test(word)) || !words.some((word) => isOrdinaryWord(word))) return 0;
  const value = text.slice(lead[0].length).replace(/[*_]+/gu, '').trim();
  const parts = value.replace(/[.;]$/u, '').split(/\s*(?:,|\/|>|\+|&|\band\b|\bor\b)\s*/u);
  const short = value !== '' && !/[.!?]\s/u.test(value) && parts.length <= 6 && parts.every((part) => part.split(SPACES).length <= 4);
  return short ? unit.textStart + lead[0].length : 0;
}

/** More bold names after a bold lead, joined by "and", "or", "&" or commas, up to the lead's colon (the bold's own marks first). */
const JOINED_BOLD_NAMES = /^(?:\*\*|__)(?:\s*(?:,|and|or|&)\s*(?:\*\*|__)[^*_\n]{1,60}(?:\*\*|__))+(?=\s*[:：])/u;

/**
 * Where an item's lead ends: after its bold lead, its label and colon, or the name before a dash. A paragraph that
 * opens with a bold lead ("**Contoso Ridge Parka**: a warm parka with …") leads as an item does.
 */
function leadEnd(answer: string, layout: AnswerLayout, unit: Unit): number | undefined {
  if (unit.kind !== 'item' && unit.kind !== 'prose') return undefined;
  const bold = layout.blocks[unit.id]?.boldLead;
  // "- **Pantaloons** and **Max Fashion**: …": bold names joined before the colon lead the item together.
  if (unit.kind === 'item' && bold) return bold.end + (JOINED_BOLD_NAMES.exec(answer.slice(bold.end, unit.end))?.[0].length ?? 0);
  const text = answer.slice(unit.textStart, unit.end);
  const lead = /^[^:：\n]{1,80}?(?:[:：]|\s[–—-]\s)/u.exec(text);
  if (!lead) return undefined;
  const end = unit.textStart + lead[0].length;
  if (unit.kind === 'item') return end;
  // A paragraph leads as an item does only where its bold lead is all of the lead: "**Sketch** remains popular…" is a sentence.
  return bold && bold.start - unit.textStart <= 2 && end - bold.end <= 4 ? end : undefined;
}

/** What introduces examples: "like", "such as", "including", "e.g.", a parenthesis before the first. */
const EXAMPLES_CUE = /\b(?:like|such as|including|e\.g\.,?)\s+\(?/giu;

export const EXAMPLE_OF_A_FEATURE: CandidateRule = {
  name: 'example-of-a-feature',
  example: {
    answer: 'Consider features like night vision and integration with smart home systems (like Zentrix Hub or Fabrikam Home).',
    drops: 'Zentrix Hub',
  },
  why: 'given in prose as an example of a feature, factor or criterion the sentence names, not of options',
  apply(candidate, { answer, unit }) {
    if (unit.kind !== 'prose') return false;
    const before = answer.slice(unit.textStart, candidate.start);
    const sentence = before.slice(before.search(/[^.!?]*$/u));
    const cue = [...sentence.matchAll(EXAMPLES_CUE)].pop();
    // The examples run from the cue to the candidate, no clause between them.
    const examples = sentence.slice(cue?.index === undefined ? 0 : cue.index + cue[0].length);
    if (!cue || examples.length > 80 || /[.;:]/u.test(examples)) return false;
    const lead = sentence.slice(0, cue.index);
    return FEATURE_NOUNS.test(lead) && !OPTION_NOUNS.test(lead.split(SPACES).slice(-3).join(' '));
  },
};

const OPTION_NOUNS =
  /\b(?:options?|recommendations?|picks?|products?|models?|brands?|alternatives?|choices?|tools?|apps?|services?|laptops?|retailers?|stores?|shops?|marketplaces?|(?:web)?sites?)\b/iu;

/** A heading or a line before a list that announces features or advice rather than options. */
export function announcesFeatures(text: string): boolean {
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
    .split(SPACES);
  if (name.includes(' ') || words.length > 5 || !words.some((word) => word === '&' || word.toLowerCase() === 'and')) return false;
  return words.every((word) => word === name || isOrdinaryWord(word));
}

/** A label that says where to buy ("Where to buy", "Available at", "Retailers"). */
const PLACE_LABEL = /\b(?:buy|availab\w*|purchase|retailers?|stores?|shops?|where)\b/iu;

/** "Best for: …", "**Pricing:** …": an item that opens with a label of ordinary words, but not a place to buy. */
export function labelLed(text: string): boolean {
  const label = /^\s*(?:\*\*|__)?([^:：\n*_]{1,40}?)(?:\*\*|__)?\s*[:：]/u.exec(text)?.[1];
  return label !== undefined && isKnownPhrase(label) && !PLACE_LABEL.test(label);
}

import { siblingBoldLeads, type AnswerLayout, type Unit } from './answer-layout';
import type { CandidateRule } from './candidate';
import { leadsWithLink } from './candidates';
import { isOrdinaryPhrase } from './ordinary-words';
import { LOWER_JOINER } from './name-words';
import { SPACES, HAS_CAPITAL, HAS_DIGIT } from './patterns';
import { hasCjk } from '../../shared/language/cjk';

/**
 * The candidate rules for the labels an answer gives its picks (docs/brand-reader.md §3): the pick's label before its
 * name ("### Best for Horror: Shudder") and a shop card's label under its name ("### [Contoso X](…)", then "#### Budget-Friendly").
 * A label is the answer's judgement of an option; the names in its words are no options.
 */

/** A label that grades or groups picks: it opens with a superlative, or a word that groups ("By Use Case", "For Runners", "Under $100", not "Under Armour"), after an emoji, a number or bold. */
const GRADING_LABEL =
  /^[^\p{L}\p{N}]*(?:\d{1,2}[.)]\s*)?[^\p{L}\p{N}]*(?:best|top|most|ideal|great(?:est)?|perfect|by|for|under(?=\s+[$£€¥\d]))\b(?!\s+buy\b)/iu;
/** Where a label gives way to the name it labels: a colon, or a dash between spaces. */
const LABEL_END = /[:：]|\s[–—-]\s/u;

export const GRADING_LABEL_LEAD: CandidateRule = {
  name: 'grading-label',
  example: { answer: '### **Best for Art House and Indie: Fabrikam Films**', drops: 'Indie' },
  why: 'a word of the label that grades a pick ("Best for …:", "Most Affordable"), before the name it labels',
  apply(candidate, { answer, unit }) {
    if (unit.kind !== 'heading' && unit.kind !== 'item') return false;
    const text = answer.slice(unit.textStart, unit.end).split('\n', 1)[0]!;
    if (!GRADING_LABEL.test(text)) return false;
    const end = LABEL_END.exec(text);
    // With no colon, a heading made of a label alone ("### 🏆 Best Overall Nonstick Cookware Set"): no word of a model in it.
    if (!end) return unit.kind === 'heading' && text.split(SPACES).length <= 8 && !HAS_DIGIT.test(text);
    return candidate.start < unit.textStart + end.index;
  },
};

export const CARD_LABEL: CandidateRule = {
  name: 'card-label',
  example: {
    answer: '### [Contoso Ridge Parka](https://shop.example/ridge)\n\n#### Works with Zentrix Hubs\n\n*$199*',
    drops: 'Zentrix',
  },
  why: "a heading under a shop card's linked heading, one level down, labels that card",
  apply: (_candidate, { answer, context, unit }) => labelsACard(answer, context.answer, context.layout, unit),
};

function labelsACard(answer: string, original: string, layout: AnswerLayout, unit: Unit): boolean {
  if (unit.kind !== 'heading' || leadsWithLink(answer, original, unit)) return false;
  const card = layout.units[unit.id - 1];
  const level = (of: Unit) => layout.blocks[of.id]?.level ?? 0;
  return (
    card !== undefined && card.kind === 'heading' && level(card) > 0 && level(unit) > level(card) && leadsWithLink(answer, original, card)
  );
}

export const AMONG_DESCRIPTIONS: CandidateRule = {
  name: 'among-descriptions',
  example: {
    answer:
      'The best ones are:\n\n* **Oil-free and light** (no residue)\n* **Lightweight** (gel textures)\n* **Soothing and calm** (for the barrier)',
    drops: 'Lightweight',
  },
  why: 'the bold lead of an item in a list whose bold leads describe (written in lower case after their first word): a quality asked for, not a name',
  apply(candidate, { answer, context, unit }) {
    const bold = context.layout.blocks[unit.id]?.boldLead;
    if (unit.kind !== 'item' || !bold || candidate.start !== bold.start || !inSentenceCase(candidate.name)) return false;
    const leads = siblingBoldLeads(answer, context.layout, unit);
    return leads.length >= 2 && leads.every((lead) => inSentenceCase(lead) || isOrdinaryPhrase(lead)) && leads.some(describes);
  },
};

/** Every word after the first in lower case, or a joiner: "Oil-free / non-comedogenic", "Lightweight" (a script without case says nothing). */
const inSentenceCase = (text: string) =>
  !hasCjk(text) &&
  text
    .split(SPACES)
    .slice(1)
    .every((word) => LOWER_JOINER.test(word) || !HAS_CAPITAL.test(word));
/** A lead of two words or more in sentence case: a description ("Soothing and hydrating"), not a name. */
const describes = (text: string) => inSentenceCase(text) && text.split(SPACES).filter((word) => !LOWER_JOINER.test(word)).length >= 2;

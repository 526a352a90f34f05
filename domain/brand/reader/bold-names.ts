import { siblingBoldLeads, type AnswerLayout, type Unit } from './answer-layout';
import { isComponentName } from './not-options';
import { isKnownWord, isOrdinaryPhrase } from './ordinary-words';
import { hasCjk } from '../../shared/language/cjk';
import { cleanName, isKnownPhrase, LOWER_JOINER, MAX_NAME_WORDS, MEASURE_LEAD, type OptionName } from './name-words';
import { SPACES, OPENS_CAPITAL, HAS_CAPITAL } from './patterns';
import { firstDrop, type Dropped, type DropRule } from './rule';

/** The names an answer marks in bold ("**Asana**", "**Best Overall: Netflix**"), less the bold that labels, asks or describes. */

/** A bold span as read: its inner text, what follows it, the name it holds and where, and whether a number or dash presents it. */
export interface BoldSpan extends OptionName {
  inner: string;
  after: string;
  /** Where the span opens in its unit's text: 0 where it leads the unit. */
  offset: number;
  heading: boolean;
  presented: boolean;
  /** It leads an item whose list's other items lead with names by their letters ("**BIBA**:", "**Nicobar**:"): a name too, whatever its words. */
  amongNames: boolean;
}

/** A bold rule sets a bold span aside as no name (docs/brand-reader.md §3); the bold rules are configuration.ts's. */
export type BoldRule = DropRule<BoldSpan, Record<string, never>>;

export const BOLD_LABEL: BoldRule = {
  name: 'bold-label',
  example: { answer: '- **Pricing:** $10 a month for Asana.', drops: 'Pricing' },
  why: 'bold that ends in a colon labels what follows ("**Pricing:**"), unless its words name a model ("**Brooks Ghost 16:**")',
  apply: ({ inner, after, amongNames }) =>
    (/[:：]\s*$/u.test(inner) || after.startsWith(':') || after.startsWith('：')) && !namesModel(cleanName(inner)) && !amongNames,
};

export const BOLD_SENTENCE: BoldRule = {
  name: 'bold-sentence',
  example: {
    answer: 'Try **the one your whole team will actually open every single day** first.',
    drops: 'the one your whole team will actually open every single day',
  },
  why: 'bold longer than a name, or holding a sentence, stresses a point',
  apply: ({ name }) => name.split(SPACES).length > MAX_NAME_WORDS || /[.!?]\s/u.test(name),
};

export const BOLD_ORDINARY_PHRASE: BoldRule = {
  name: 'bold-ordinary-phrase',
  example: { answer: 'The Contoso Ridge is **lightweight** and warm.', drops: 'lightweight' },
  why: 'ordinary words in bold inside a sentence stress them; only a heading or a lead presents a name made of them',
  apply: ({ name, offset, heading }) => isOrdinaryPhrase(name) && offset > 0 && !heading,
};

export const BOLD_DESCRIPTION: BoldRule = {
  name: 'bold-description',
  example: { answer: "- **Won't clog pores** for most skin types", drops: "Won't clog pores" },
  why: "bold in a sentence's case, in lower case or as a question describes or asks; it names nothing",
  apply: ({ inner, name, presented }) => !hasCjk(name) && boldDescription(inner, name, presented),
};

/** Bold spans in a unit: a name the answer marks; each bold span a bold rule sets aside goes to `dropped`, with the rule and why. */
export function boldSpans(answer: string, layout: AnswerLayout, unit: Unit, rules: readonly BoldRule[], dropped: Dropped[]): OptionName[] {
  const text = answer.slice(unit.textStart, unit.end);
  const leads = unit.kind === 'item' ? siblingBoldLeads(answer, layout, unit) : [];
  const amongNames = leads.length >= 2 && leads.filter((lead) => !isKnownPhrase(cleanName(lead))).length * 2 > leads.length;
  const spans: OptionName[] = [];
  for (const match of text.matchAll(/\*\*([^*\n]{1,80})\*\*|__([^_\n]{1,80})__/gu)) {
    const inner = match[1] ?? match[2] ?? '';
    const after = text.slice(match.index + match[0].length).trimStart();
    // "**Best Overall: Netflix**", "**Sony WH-1000XM5 – Best for Travel**": a label and a name in one bold span.
    const [labelled, offset] = unlabelled(inner);
    const name = cleanName(labelled);
    if (name === '') continue;
    const start = unit.textStart + match.index + 2 + offset + labelled.indexOf(name.split(SPACES)[0] ?? name);
    // Numbered ("5. **Wits & Wagers**"), or a name before its description ("**Two Rooms and a Boom** – a game of …").
    const presented =
      /\d{1,3}[.)]\s*$/u.test(answer.slice(unit.start, unit.textStart) + text.slice(0, match.index)) ||
      /^\s*\d{1,3}[.)]/u.test(inner) ||
      /^[–—-]\s/u.test(after);
    const span: BoldSpan = {
      name,
      start,
      end: start + name.length,
      inner,
      after,
      offset: match.index,
      heading: unit.kind === 'heading',
      presented,
      // A bold list of names ("**Gods Club, Malachi, WOW MOM**:") is read name by name, as the runs read it.
      amongNames: amongNames && match.index === 0 && !inner.includes(','),
    };
    const aside = firstDrop(rules, span, {});
    if (aside) dropped.push({ name, start, ...aside });
    else spans.push({ name, start, end: span.end });
  }
  return spans;
}

/**
 * Bold that marks a description, a question or a label, not a name: words in lower case ("**best wireless
 * headphones under $200**", "**non-comedogenic**"), a sentence's case ("**Won't clog pores**", "**Oil-free
 * or lightweight**"), a question ("**What size do you prefer?**"), or dictionary words joined as a label
 * ("**Portability and Placement**", "**Zippers & Handles**", but not a numbered item's "5. **Wits & Wagers**");
 * "**Best Buy**", "**Beats Fit Pro**" and "**Notion**" stay names.
 */
function boldDescription(inner: string, name: string, presented: boolean): boolean {
  if (/\?\s*$/u.test(inner)) return true;
  const words = name.split(SPACES).filter(Boolean);
  // "**Non-comedogenic**", "**Oil-free**": a compound adjective; a hyphenated name capitalises its parts ("All-Clad", "T-Mobile").
  if (words.length === 1 && /^\p{Lu}\p{Ll}*(?:-\p{Ll}+)+$/u.test(name)) return true;
  if (!HAS_CAPITAL.test(name)) return isKnownPhrase(name) || words.length > 1;
  // Opening with a word in lower case that the dictionary holds: a phrase ("**winter wear brands for women in India**").
  if (words.length > 1 && /^\p{Ll}/u.test(words[0]!) && isKnownWord(words[0]!)) return true;
  const rest = words.slice(1).filter((word) => !LOWER_JOINER.test(word) && !MEASURE_LEAD.test(word));
  const known = (word: string) => isKnownWord(word) || LOWER_JOINER.test(word) || MEASURE_LEAD.test(word);
  if (
    rest.length > 0 &&
    rest.every((word) => /^\p{Ll}/u.test(word) && known(word)) &&
    (known(words[0]!) || /\p{L}['’]\p{Ll}{1,2}$/u.test(words[0]!))
  )
    return true;
  return !presented && isKnownPhrase(name) && words.some((word) => LOWER_JOINER.test(word));
}

/**
 * A label's words name a model: one written as names are (an inner capital or a letter beside a digit:
 * "MacBook Air:", "Galaxy A55:"), or two capitalised words and a number ("Brooks Ghost 16:"); not
 * "Step 1:", "Scalability:", "Wi-Fi Standard:".
 */
function namesModel(name: string): boolean {
  const words = name.split(SPACES).filter(Boolean);
  if (words.length === 0 || hasCjk(name) || !OPENS_CAPITAL.test(name)) return false;
  if (words.some((word) => !isComponentName(word) && /\p{Ll}\p{Lu}|\p{L}\d|\d\p{L}/u.test(word) && !MEASURE_LEAD.test(word))) return true;
  return words.filter((word) => OPENS_CAPITAL.test(word)).length >= 2 && words.some((word) => /^\d+$/u.test(word));
}

/** The name part of "Label: Name" or "Name – Label" (with the name's offset), where the other part is ordinary words; else the whole. */
function unlabelled(text: string): [string, number] {
  const split = /\s*(?::|：|\s[–—-])\s+/u.exec(text);
  if (!split) return [text, 0];
  const head = text.slice(0, split.index);
  const tail = text.slice(split.index + split[0].length);
  if (tail.trim() !== '' && isOrdinaryPhrase(head.replace(/[^\p{L}\p{N}\s'-]+/gu, ' ').trim() || 'x'))
    return [tail, split.index + split[0].length];
  if (head.trim() !== '' && isOrdinaryPhrase(tail.replace(/[^\p{L}\p{N}\s'-]+/gu, ' ').trim() || 'x')) return [head, 0];
  return [text, 0];
}

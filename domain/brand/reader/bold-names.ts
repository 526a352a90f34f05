import type { Unit } from './answer-layout';
import { isComponentName } from './not-options';
import { isKnownWord, isOrdinaryPhrase } from './ordinary-words';
import { hasCjk } from '../../shared/language/cjk';
import { cleanName, isKnownPhrase, LOWER_JOINER, MAX_NAME_WORDS, MEASURE_LEAD, type OptionName } from './name-words';
import { SPACES, OPENS_CAPITAL } from './patterns';

/** The names an answer marks in bold ("**Asana**", "**Best Overall: Netflix**"), less the bold that labels, asks or describes. */

/** Bold spans in a unit: a name the answer marks; a label ("**Pricing:**") is not one. */
export function boldSpans(answer: string, unit: Unit): OptionName[] {
  const text = answer.slice(unit.textStart, unit.end);
  const spans: OptionName[] = [];
  for (const match of text.matchAll(/\*\*([^*\n]{1,80})\*\*|__([^_\n]{1,80})__/gu)) {
    const inner = match[1] ?? match[2] ?? '';
    const after = text.slice(match.index + match[0].length).trimStart();
    // "**Pricing:**" is a label; "**Brooks Ghost 16:**" (Gemini's way) presents an option.
    if ((/[:：]\s*$/u.test(inner) || after.startsWith(':') || after.startsWith('：')) && !namesModel(cleanName(inner))) continue;
    // "**Best Overall: Netflix**", "**Sony WH-1000XM5 – Best for Travel**": a label and a name in one bold span.
    const [labelled, offset] = unlabelled(inner);
    const name = cleanName(labelled);
    if (name === '' || name.split(SPACES).length > MAX_NAME_WORDS || /[.!?]\s/u.test(name)) continue;
    const start = unit.textStart + match.index + 2 + offset + labelled.indexOf(name.split(SPACES)[0] ?? name);
    if (isOrdinaryPhrase(name) && match.index > 0 && unit.kind !== 'heading') continue;
    // Numbered ("5. **Wits & Wagers**"), or a name before its description ("**Two Rooms and a Boom** – a game of …").
    const presented =
      /\d{1,3}[.)]\s*$/u.test(answer.slice(unit.start, unit.textStart) + text.slice(0, match.index)) ||
      /^\s*\d{1,3}[.)]/u.test(inner) ||
      /^[–—-]\s/u.test(after);
    if (!hasCjk(name) && boldDescription(inner, name, presented)) continue;
    spans.push({ name, start, end: start + name.length });
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
  if (!/\p{Lu}/u.test(name)) return isKnownPhrase(name) || words.length > 1;
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

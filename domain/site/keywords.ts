import { awarenessQuestion } from './memory-result';
import type { Keyword, MemoryResult } from './report';
import { compareText } from '../shared/text';
import { URL_IN_TEXT } from '../shared/urls-in-text';

/**
 * The terms the platforms that know a site use about it: single words and two-word phrases, ranked by
 * how many platforms use them. Pure and deterministic (it runs in workflow code).
 *
 * A phrase is two neighbouring words of one clause: never across a sentence, clause, bracket or
 * list-item boundary. Phrases with a filler word, and terms made only of the site's own name or of
 * the question's words, say nothing about the site. Plural and singular forms ("hand tool", "hand
 * tools") count as one term, shown in the form the answers use most.
 */

const MAX_KEYWORDS = 15;

// Filler in the languages the answers mostly come in, and the words of talking about an answer.
const FILLER = new Set(
  // English
  (
    'a about above after again all also an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just like may me might more most must my no nor not now of off on once only or other our out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours ' +
    'based known information site sites page pages company service services offers offer provides provide including include includes use used using users user online however generally appears appear seems well many much one two new best often various available according official www com org net http https reputation reputable specific details detail related see visit ' +
    // Talking about the answer itself
    'ask asked asking answer answers answered question questions platform platforms assistant model knowledge training cutoff source sources cite cited citation citations please sure unable able find found search searched results mention mentioned ' +
    // German, French, Spanish, Italian, Portuguese, Dutch
    'der die das und ist ein eine einer eines für mit von den dem des auf im nicht sich auch als bei oder wie über zum zur sind wird werden es ' +
    'le la les et est un une des du pour avec dans sur par qui que pas plus ce cette son ses au aux sont été ' +
    'el los las es una del para con en por se su sus al como más este esta son ' +
    'il di che per con non una sono della delle degli ' +
    'os um uma para com não mais dos das ' +
    'het een van en voor met op zijn niet ook aan bij'
  ).split(/\s+/),
);

/** The words of the awareness question: an answer repeating them says nothing new. */
const QUESTION_WORDS = new Set(
  awarenessQuestion('')
    .toLowerCase()
    .match(/\p{L}+/gu) ?? [],
);

// Where a phrase must end: sentence and clause punctuation (Latin and CJK), brackets and quotes,
// line breaks (each list item and heading is its own line), and dashes between spaces.
const BOUNDARY = /[.!?;:,()[\]{}<>"“”„«»‘’|•·…\n\r\t。！？；：、，（）【】「」『』]|\s[-–—]\s|[–—]/u;
const WORD = /\p{L}[\p{L}\p{M}\p{N}'-]*/gu;

interface Tally {
  platforms: Set<string>;
  forms: Map<string, number>;
}

/** One key for the singular and plural of an English-like word: "tools" → "tool", "batteries" → "battery". */
function fold(word: string): string {
  if (word.length <= 4) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:sses|ches|shes|xes)$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** The clauses of an answer, without URLs, Markdown link targets, citation markers and the domain. */
function clauses(answer: string, domain: string): string[] {
  const text = answer
    .toLowerCase()
    .replace(/\]\([^)]*\)/g, ']') // [text](url): the link text stays, its own clause
    .replace(URL_IN_TEXT, ' . ')
    .split(domain.toLowerCase())
    .join(' . ')
    .replace(/\[\d+(?:[,\s-]+\d+)*\]|【[^】]*】/g, ' . ') // [1], [2, 3], 【4†source】
    .replace(/^\s*(?:[-*+>#]+|\d+[.)])\s+/gm, '\n') // list markers, quotes, headings
    .replace(/\*\*|__|`/g, ' ');
  return text.split(BOUNDARY);
}

function wordsOf(clause: string): string[] {
  return (clause.match(WORD) ?? []).map((word) => word.replace(/['’]s$/, '').replace(/^-+|-+$/g, ''));
}

export function extractKeywords(memory: readonly MemoryResult[], domain: string, brand: string): Keyword[] {
  const own = new Set([...domain.toLowerCase().split(/[.-]/), ...brand.toLowerCase().split(/\s+/)].filter(Boolean));
  const said = (word: string) => own.has(word) || QUESTION_WORDS.has(word);
  const content = (word: string) => word.length >= 3 && !FILLER.has(word);
  const terms = new Map<string, Tally>();
  const knowing = memory.filter((result) => result.status === 'known');
  // With several platforms, a term counts once two of them use it; a single platform's words all count.
  const minPlatforms = Math.min(2, knowing.length);

  for (const result of knowing) {
    const seen = new Map<string, string>();
    for (const clause of clauses(result.answer, domain)) {
      const words = wordsOf(clause);
      words.forEach((word, index) => {
        if (content(word) && !said(word)) seen.set(fold(word), word);
        const next = words[index + 1];
        if (next === undefined || !content(word) || !content(next) || (said(word) && said(next))) return;
        seen.set(`${fold(word)} ${fold(next)}`, `${word} ${next}`);
      });
    }
    for (const [key, form] of seen) {
      const entry = terms.get(key) ?? { platforms: new Set<string>(), forms: new Map<string, number>() };
      entry.platforms.add(result.platform);
      entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
      terms.set(key, entry);
    }
  }

  const shown = (entry: Tally) => [...entry.forms].sort(([a, countA], [b, countB]) => countB - countA || compareText(a, b))[0]![0];
  return [...terms.values()]
    .filter((entry) => entry.platforms.size >= minPlatforms)
    .map((entry) => ({ keyword: shown(entry), entry }))
    .sort(
      (a, b) =>
        b.entry.platforms.size - a.entry.platforms.size ||
        Number(b.keyword.includes(' ')) - Number(a.keyword.includes(' ')) ||
        compareText(a.keyword, b.keyword),
    )
    .slice(0, MAX_KEYWORDS)
    .map(({ keyword, entry }) => ({ keyword, count: entry.platforms.size, platforms: [...entry.platforms].sort() }));
}

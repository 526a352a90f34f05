import { foldName } from './names';
import { hasWord } from './answer-words';
import { isComponentName } from './not-options';
import { SPACES, OPENS_CAPITAL, PLURAL_ENDING, HAS_LETTER_OR_DIGIT } from './patterns';

/** Names that only echo the question asked: the user's own words, not options the answer presents. */

/** The last question's verdicts: every candidate of one reading is asked against the same question. */
let asked: { question: string; folded: string; normal: string; verdicts: Map<string, boolean> } | undefined;

export function echoes(question: string, name: string): boolean {
  if (asked?.question !== question || asked.verdicts.size >= 10_000)
    asked = { question, folded: foldName(question), normal: question.normalize('NFKC'), verdicts: new Map() };
  let verdict = asked.verdicts.get(name);
  if (verdict === undefined) {
    verdict = echoesIn(asked.folded, asked.normal, name);
    asked.verdicts.set(name, verdict);
  }
  return verdict;
}

function echoesIn(asked: string, question: string, name: string): boolean {
  return (
    echoesExactly(asked, foldName(name)) ||
    (PLURAL_ENDING.test(name) && echoesExactly(asked, foldName(name.slice(0, -1)))) ||
    echoesSpelledApart(asked, foldName(name)) ||
    echoesAfterMaker(question, name)
  );
}

/** "Microsoft Word" where the question says "programs like Word": the maker's name before a name the question writes adds no option. */
function echoesAfterMaker(question: string, name: string): boolean {
  const afterMaker = name.split(SPACES).slice(1).join(' ');
  // "HubSpot CRM" where the question asks for a CRM: a category after a maker makes the maker's product.
  if (afterMaker.length < 3 || !OPENS_CAPITAL.test(afterMaker) || !/\p{Ll}/u.test(afterMaker) || isComponentName(afterMaker)) return false;
  return hasWord(question, afterMaker);
}

/** The question spells the name in other words or spacing ("Mac book pro" for "MacBook Pro"): consecutive words of it make the name. */
function echoesSpelledApart(asked: string, name: string): boolean {
  const compact = name.replace(/[^\p{L}\p{N}]+/gu, '');
  if (compact.length < 4) return false;
  const words = asked.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.some((_, from) => {
    let joined = '';
    for (let to = from; to < words.length && joined.length < compact.length; to++) joined += words[to];
    return joined === compact;
  });
}

function echoesExactly(asked: string, folded: string): boolean {
  const at = asked.indexOf(folded);
  if (at < 0) return false;
  const edge = (char: string | undefined) => char === undefined || !HAS_LETTER_OR_DIGIT.test(char);
  return edge(asked[at - 1]) && edge(asked[at + folded.length]);
}

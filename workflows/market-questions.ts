import type { Market } from '../domain/shared/market';
import { marketKey } from '../domain/shared/market';

/**
 * The languages a run's questions are written in: each market's, each once, in the markets' order;
 * `[undefined]` for a run without markets (English, as before markets), so its history is unchanged.
 */
export function planLanguages(markets: readonly (Market | undefined)[]): (string | undefined)[] {
  const languages = markets.map((market) => market?.language);
  return languages.filter((language, index) => languages.findIndex((other) => other?.toLowerCase() === language?.toLowerCase()) === index);
}

interface Identified {
  id: string;
}

/**
 * Each market with the questions of its language. With one market the ids stay `q1…`; with several,
 * `m<n>-q1…`, so every question, stage and answer names its market; each question carries its
 * market's key.
 */
export function marketQuestions<Q extends Identified>(
  markets: readonly (Market | undefined)[],
  languages: readonly (string | undefined)[],
  planned: readonly (readonly Q[])[],
): { market?: Market; questions: (Q & { market?: string })[] }[] {
  return markets.map((market, index) => {
    const own = planned[languages.findIndex((language) => language?.toLowerCase() === market?.language.toLowerCase())] ?? planned[0]!;
    const questions = own.map((question) => ({
      ...question,
      ...(markets.length > 1 ? { id: `m${index + 1}-${question.id}` } : {}),
      ...(market ? { market: marketKey(market) } : {}),
    }));
    return { ...(market ? { market } : {}), questions };
  });
}

import type { NameRole } from '../domain/brand/reader/model-reading';
import { leastInstance } from './vendor-stand-ins/json-schema';

/**
 * A stand-in analysis model for the reading of a brand diagnosis's answers (the `structured` behaviour of
 * a vendor stand-in, whose schema checks are the vendor's): it knows what each name in `known` is, and
 * answers the reading schema (domain/brand/reader/model-reading.ts) for every answer in the prompt: the known
 * names it finds, in the order the answer names them, each with its role; options named on one line or
 * in one sentence share a rank. `invented` names are listed first as options, as a model that makes
 * names up would. Any other request for structured output (the questions) gets the least reply its
 * schema allows, as from a stand-in told nothing. The demo and the tests read offline with it.
 */
export function readingModel(
  known: Readonly<Record<string, NameRole>>,
  invented: readonly string[] = [],
): (prompt: string, schema: unknown) => unknown {
  return (prompt, schema) => {
    const answers = answersOf(prompt);
    return answers.length === 0
      ? leastInstance(schema)
      : {
          answers: answers.map(({ key, text }) => {
            const segments = text.split(/(?<=[.!?:])\s+|\n+/u);
            const found = Object.entries(known)
              .flatMap(([name, role]) => {
                const at = text.search(new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'u'));
                return at < 0 ? [] : [{ name, role, at, segment: segmentAt(segments, text, at) }];
              })
              .sort((a, b) => a.at - b.at);
            const optionSegments = [...new Set(found.filter((entry) => entry.role === 'option').map((entry) => entry.segment))];
            const lead = invented.length;
            return {
              answer: key,
              names: [
                ...invented.map((name, index) => ({ name, role: 'option', rank: index + 1 })),
                ...found.map(({ name, role, segment }) => ({
                  name,
                  role,
                  rank: role === 'option' ? lead + optionSegments.indexOf(segment) + 1 : 0,
                })),
              ],
            };
          }),
        };
  };
}

/** The answers of a reading prompt, as readingPrompt writes them. */
function answersOf(prompt: string): { key: string; text: string }[] {
  return [...prompt.matchAll(/^Answer (a\d+) \(to the question "[^"]*"\):\n"""\n([\s\S]*?)\n"""/gmu)].map((match) => ({
    key: match[1]!,
    text: match[2]!,
  }));
}

function segmentAt(segments: readonly string[], text: string, at: number): number {
  let from = 0;
  for (const [index, segment] of segments.entries()) {
    const start = text.indexOf(segment, from);
    if (at < start + segment.length) return index;
    from = start + segment.length;
  }
  return segments.length - 1;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

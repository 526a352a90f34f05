import { compareText } from '../shared/text';
import { inBatches } from '../shared/batches';
import type { StructuredOutput } from '../shared/structured-output';
import type { BrandAnswerVerdict, NamedEntity } from './answer';
import { findNames, foldName, matchableText } from './names';

/**
 * Reading answers with the analysis model (ANALYSIS_PLATFORM; docs/checks/brand.md): after
 * the rule reader, the model lists the options each answer presents, in the order it presents them,
 * as structured output. Nothing it says is taken on trust: a name that does not occur in the answer
 * (as the reader matches names: NFKC, case-folded, on word boundaries) is dropped, and the ranks are
 * renumbered from the order that remains. Whether the brand is named at all stays the rules' call (a
 * name, not an ordinary word: "clear pricing" never names the brand Clear); the model decides what
 * counts as an option and where each stands. An answer the model gives no valid option for keeps the
 * rules' reading, as does every answer when the model fails or is not configured.
 */

export interface ReadAnswer {
  /** Names the answer in the batch: a1, a2, … */
  key: string;
  question: string;
  answer: string;
}

/** An option the model listed, as the answer writes it, with a dense rank (options presented together share one). */
export type ModelOption = NamedEntity;

export interface ModelReading {
  key: string;
  options: ModelOption[];
}

/** Answers per request to the model. */
export const READ_BATCH = 5;

export function readingBatches(answers: readonly ReadAnswer[]): ReadAnswer[][] {
  return inBatches(answers, READ_BATCH);
}

/** The reply shape, as structured output: per answer, its options in order of presentation. */
export const READING_OUTPUT: StructuredOutput = {
  name: 'answerOptions',
  description: 'The options each answer presents, in the order it presents them',
  schema: {
    type: 'object',
    properties: {
      answers: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            answer: { type: 'string', description: "The answer's key, e.g. a1" },
            options: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  name: { type: 'string', description: "The option's name exactly as the answer writes it" },
                  rank: { type: 'integer', description: '1 for the first option presented; options presented together share a rank' },
                },
                required: ['name', 'rank'],
                additionalProperties: false,
              },
            },
          },
          required: ['answer', 'options'],
          additionalProperties: false,
        },
      },
    },
    required: ['answers'],
    additionalProperties: false,
  },
};

export function readingPrompt(answers: readonly ReadAnswer[]): string {
  return [
    'You read answers that AI assistants gave to questions, and list the options each answer presents: the products, brands, companies and services it offers the reader as choices (places, when the question asks for places).',
    'Not options: section headings and labels ("Key Considerations", "Budget Picks"), specification words ("Processor", "Storage"), publishers or sites the answer cites as sources, people, and retailers the answer only names as places to buy the options.',
    'List them in the order the answer presents them, across the whole answer: a second list under another heading continues the count. rank 1 is the first option presented; options presented together in one list item or table row share a rank; an option presented again later keeps its first rank. Write each name exactly as the answer writes it, and list each option once.',
    ...answers.map((entry) => `Answer ${entry.key} (to the question "${entry.question}"):\n"""\n${entry.answer}\n"""`),
    `Give one entry for every answer (${answers.map((entry) => entry.key).join(', ')}); an answer that presents no options gets an empty list.`,
  ].join('\n\n');
}

/** The model's readings, validated; undefined when the reply is not the JSON asked for. */
export function readingsFromModel(reply: string, answers: readonly ReadAnswer[]): ModelReading[] | undefined {
  let data: unknown;
  try {
    data = JSON.parse(reply);
  } catch {
    return undefined;
  }
  const list = isRecord(data) ? data.answers : undefined;
  if (!Array.isArray(list)) return undefined;
  const byKey = new Map<string, unknown[]>();
  for (const entry of list)
    if (isRecord(entry) && typeof entry.answer === 'string' && Array.isArray(entry.options) && !byKey.has(entry.answer))
      byKey.set(entry.answer, entry.options);
  return answers.flatMap((answer) => {
    const options = byKey.get(answer.key);
    if (!options) return [];
    const listed = options.flatMap((option) =>
      isRecord(option) && typeof option.name === 'string' && typeof option.rank === 'number' && Number.isFinite(option.rank)
        ? [{ name: option.name, rank: option.rank }]
        : [],
    );
    return [{ key: answer.key, options: validOptions(answer.answer, listed) }];
  });
}

/** Longest name kept: beyond it a "name" is a sentence. */
const MAX_NAME_CHARS = 80;
/** Options kept per answer, as the rule reader keeps them. */
const MAX_OPTIONS = 30;

/**
 * The options whose names occur in the answer, each once (its best rank), named as the answer writes
 * it, with dense ranks renumbered in the model's order: a dropped option leaves no gap.
 */
export function validOptions(answer: string, options: readonly { name: string; rank: number }[]): ModelOption[] {
  const text = matchableText(answer);
  const kept = new Map<string, { name: string; rank: number }>();
  const ordered = options.map((option, index) => ({ ...option, index })).sort((a, b) => a.rank - b.rank || a.index - b.index);
  for (const option of ordered) {
    const name = option.name.trim();
    if (!name || name.length > MAX_NAME_CHARS) continue;
    const found = findNames(text, [{ key: 'option', names: [name] }])[0];
    if (!found) continue;
    const folded = foldName(name);
    if (!kept.has(folded)) kept.set(folded, { name: answer.slice(found.start, found.end).replace(/\s+/gu, ' '), rank: option.rank });
  }
  return denseRanks([...kept.values()].slice(0, MAX_OPTIONS));
}

/** Ranks 1, 2, 3, … in the order given, equal ranks staying equal. */
function denseRanks(options: readonly { name: string; rank: number }[]): ModelOption[] {
  const ranks = [...new Set(options.map((option) => option.rank))].sort((a, b) => a - b);
  return options.map((option) => ({ name: option.name, rank: ranks.indexOf(option.rank) + 1 }));
}

export interface ReadingLens {
  brand: string;
  aliases: readonly string[];
  competitors: readonly string[];
}

/**
 * The rules' reading of one answer with the model's options in it: the entities and ranks are the
 * model's (a given competitor under the name the user gave; a product under the brand's name is the
 * brand); whether the brand is named, its sentiment and whether the answer cites its site stay the
 * rules'. A brand the rules find named but the model does not list as an option has no rank (it is
 * named, not presented); a brand the model lists that the rules do not find named is left out.
 * Undefined when the model gave no valid option: the rules' reading then stands.
 */
export function withModelReading(
  verdict: BrandAnswerVerdict,
  options: readonly ModelOption[],
  lens: ReadingLens,
): BrandAnswerVerdict | undefined {
  if (options.length === 0) return undefined;
  const own = [lens.brand, ...lens.aliases].map(foldName);
  const competitors = lens.competitors.map((name) => ({ name, folded: foldName(name) }));
  const isOf = (folded: string, form: string) => folded === form || folded.startsWith(`${form} `);
  let brandRank: number | undefined;
  const entities = new Map<string, ModelOption>();
  for (const option of options) {
    const folded = foldName(option.name);
    if (own.some((form) => isOf(folded, form))) {
      brandRank = Math.min(brandRank ?? Infinity, option.rank);
      continue;
    }
    const name = competitors.find((competitor) => isOf(folded, competitor.folded))?.name ?? option.name;
    const key = foldName(name);
    const seen = entities.get(key);
    if (!seen || option.rank < seen.rank) entities.set(key, { name, rank: option.rank });
  }
  const brandPresented = verdict.mentioned && brandRank !== undefined;
  // Renumbered over what stays: the brand the rules do not find named leaves no gap.
  const ranks = [...new Set([...[...entities.values()].map((option) => option.rank), ...(brandPresented ? [brandRank!] : [])])].sort(
    (a, b) => a - b,
  );
  const dense = (rank: number) => ranks.indexOf(rank) + 1;
  const rank = brandPresented ? dense(brandRank!) : null;
  return {
    ...verdict,
    noAnswer: false,
    rank,
    firstRecommended: rank === 1,
    entities: [...entities.values()]
      .map((option) => ({ name: option.name, rank: dense(option.rank) }))
      .sort((a, b) => a.rank - b.rank || compareText(a.name, b.name)),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

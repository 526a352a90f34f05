import { unescapeMarkdown } from './escapes';
import { inBatches } from '../../shared/batches';
import type { StructuredOutput } from '../../shared/structured-output';
import { findNames, foldName, matchableText } from './names';
import { SPACE_RUNS } from './patterns';

/**
 * Reading answers with the analysis model (ANALYSIS_PLATFORM; docs/checks/brand.md, its reading by a model):
 * after the rule reader, the model lists every name each answer presents with its role (an option, a
 * store, a source, a component, a category or something else) and the options' order, as structured
 * output. Nothing it says is taken on trust: a name that does not occur in the answer (as the reader
 * matches names: NFKC, case-folded, on word boundaries) is dropped, and the options' ranks are renumbered
 * from the order that remains. How a reading meets the rules' is model-verdict.ts.
 */

export interface ReadAnswer {
  /** Names the answer in the batch: a1, a2, … */
  key: string;
  question: string;
  answer: string;
}

/** What the model can say a name is. Only an option has a rank. */
export const NAME_ROLES = ['option', 'store', 'source', 'component', 'category', 'other'] as const;
export type NameRole = (typeof NAME_ROLES)[number];

/** A name the model read, as the answer writes it; an option has a dense rank (options presented together share one). */
export interface ModelName {
  name: string;
  role: NameRole;
  rank: number | null;
}

export interface ModelReading {
  key: string;
  names: ModelName[];
  /** How many names the model listed that the answer does not contain (dropped). */
  invented: number;
}

/** A reading as a run recorded before roles (options only): replayed runs still carry it. */
export interface OptionsOnlyReading {
  key: string;
  options: { name: string; rank: number }[];
}

/** The names of a reading of either shape. */
export function namesOf(reading: ModelReading | OptionsOnlyReading): ModelReading {
  if ('names' in reading) return reading;
  return { key: reading.key, names: reading.options.map((option) => ({ ...option, role: 'option' })), invented: 0 };
}

/** Answers per request to the model. */
export const READ_BATCH = 5;

export function readingBatches(answers: readonly ReadAnswer[]): ReadAnswer[][] {
  return inBatches(answers, READ_BATCH);
}

/** The reply shape, as structured output: per answer, every name it presents with its role, options ranked. */
export const READING_OUTPUT: StructuredOutput = {
  name: 'answerNames',
  description: 'Every name each answer presents, with its role, and the options in the order the answer presents them',
  schema: {
    type: 'object',
    properties: {
      answers: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            answer: { type: 'string', description: "The answer's key, e.g. a1" },
            names: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  name: { type: 'string', description: 'The name exactly as the answer writes it' },
                  role: {
                    type: 'string',
                    enum: [...NAME_ROLES],
                    description:
                      'option: offered to the reader as a choice; store: a place to buy the options; source: a publisher or site quoted or cited; component: a part, material, feature, technology or standard of an option; category: a kind of thing, such as the one the question asks for; other: anything else (people, places, dates, labels)',
                  },
                  rank: {
                    type: 'integer',
                    description:
                      'For an option, 1 for the first option presented, options presented together sharing a rank; 0 for any other role',
                  },
                },
                required: ['name', 'role', 'rank'],
                additionalProperties: false,
              },
            },
          },
          required: ['answer', 'names'],
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
    'You read answers that AI assistants gave to questions. For each answer, list every name it presents (products, brands, companies, services, stores, publishers, technologies, materials, kinds of things) with its role:',
    [
      '- option: a product, brand, company or service the answer offers the reader as a choice (places, when the question asks for places; stores, when the question asks where to buy);',
      '- store: a retailer or marketplace named as a place to buy the options, or a maker’s own store, site or service desk when its product is already an option;',
      '- source: a publisher, review site or person the answer quotes or cites for an opinion;',
      '- component: a part, material, membrane, fabric, feature, technology, subscription or standard of an option, named in its description;',
      '- category: a kind of thing, the kind the question asks about included, or a kind of feature an option is praised for;',
      '- other: anything else: section headings and labels, dates, people and places in a factual answer.',
    ].join('\n'),
    'Rank the options in the order the answer presents them, across the whole answer: a second list under another heading continues the count. rank 1 is the first option presented; options presented together in one list item or table row share a rank; an option presented again later keeps its first rank. Give every other role rank 0. Write each name exactly as the answer writes it, and list each name once.',
    ...answers.map((entry) => `Answer ${entry.key} (to the question "${entry.question}"):\n"""\n${entry.answer}\n"""`),
    `Give one entry for every answer (${answers.map((entry) => entry.key).join(', ')}); an answer that names nothing gets an empty list.`,
  ].join('\n\n');
}

/** The model's readings, validated; a sentence saying what is wrong when the reply is not the JSON asked for. */
export function readingsFromModel(reply: string, answers: readonly ReadAnswer[]): { readings: ModelReading[] } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(reply);
  } catch {
    return { problem: `its reply was not JSON (${reply.length} characters: “${reply.slice(0, 60)}”)` };
  }
  const list = isRecord(data) ? data.answers : undefined;
  if (!Array.isArray(list)) return { problem: 'its reply was JSON without the list of answers asked for' };
  const byKey = new Map<string, unknown[]>();
  for (const entry of list)
    if (isRecord(entry) && typeof entry.answer === 'string' && Array.isArray(entry.names) && !byKey.has(entry.answer))
      byKey.set(entry.answer, entry.names);
  const readings = answers.flatMap((answer) => {
    const names = byKey.get(answer.key);
    if (!names) return [];
    const listed = names.flatMap((name) =>
      isRecord(name) && typeof name.name === 'string' && isRole(name.role)
        ? [{ name: name.name, role: name.role, rank: typeof name.rank === 'number' && Number.isFinite(name.rank) ? name.rank : 0 }]
        : [],
    );
    return [{ key: answer.key, ...validNames(answer.answer, listed) }];
  });
  return { readings };
}

/** Longest name kept: beyond it a "name" is a sentence. */
const MAX_NAME_CHARS = 80;
/** Names kept per answer. */
const MAX_NAMES = 60;

/**
 * The names that occur in the answer, each once (an option's best rank, else its first role), spelled as
 * the answer spells it; options get dense ranks in the model's order, so a dropped option leaves no gap.
 */
export function validNames(written: string, listed: readonly { name: string; role: NameRole; rank: number }[]): Omit<ModelReading, 'key'> {
  // The model reads the answer as a renderer shows it: "AT&T" is in "AT\&T".
  const answer = unescapeMarkdown(written).text;
  const text = matchableText(answer);
  const kept = new Map<string, { name: string; role: NameRole; rank: number }>();
  let invented = 0;
  // Options first, best rank first: an option listed twice keeps its first place, and a name both an option and something else is an option.
  const ordered = listed
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => Number(b.role === 'option') - Number(a.role === 'option') || a.rank - b.rank || a.index - b.index);
  for (const entry of ordered) {
    const name = entry.name.trim();
    if (!name || name.length > MAX_NAME_CHARS) continue;
    const found = findNames(text, [{ key: 'name', names: [name] }])[0];
    if (!found) {
      invented += 1;
      continue;
    }
    const folded = foldName(name);
    if (!kept.has(folded))
      kept.set(folded, { name: answer.slice(found.start, found.end).replace(SPACE_RUNS, ' '), role: entry.role, rank: entry.rank });
  }
  const names = [...kept.values()].slice(0, MAX_NAMES);
  const ranks = [...new Set(names.filter((entry) => entry.role === 'option').map((entry) => entry.rank))].sort((a, b) => a - b);
  return {
    names: names.map((entry) => ({
      name: entry.name,
      role: entry.role,
      rank: entry.role === 'option' ? ranks.indexOf(entry.rank) + 1 : null,
    })),
    invented,
  };
}

const isRole = (value: unknown): value is NameRole => typeof value === 'string' && (NAME_ROLES as readonly string[]).includes(value);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

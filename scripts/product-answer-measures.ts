/**
 * The ChatGPT cross-check: the brand reader on the ChatGPT and Google AI Mode answers of the public
 * amplifying-ai/ai-product-bench repository (MIT; `experiments/consumer-products/data`, 132 product
 * questions, 3 runs each), read in place and never copied here. Its product names were extracted by
 * that project's model, not by hand, so this measures only what those names can show: each name the
 * answer writes verbatim, asked as the brand, is mentioned; is listed among the entities; the product
 * the answer names first is ranked 1; two products keep the order in which the answer names them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseBrandAnswer } from '../domain/brand/reader/answer';
import { foldForMatch, type Tally } from './brand-answer-measures';

export interface ProductAnswerMeasures {
  answers: number;
  mentioned: Tally;
  listed: Tally;
  firstRanked: Tally;
  order: Tally;
  misses: string[];
}

export const PRODUCT_MODELS = ['chatgpt', 'google_ai_mode'] as const;

/** The export writes most product lists as Python literals (single quotes, None), some as JSON arrays. */
function productNames(literal: string | { name?: string }[]): string[] {
  if (Array.isArray(literal)) return literal.flatMap((product) => (product.name ? [product.name] : []));
  const names: string[] = [];
  for (const match of literal.matchAll(/'name':\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/gu))
    names.push((match[1] ?? match[2] ?? '').replace(/\\(.)/gu, '$1'));
  return names.filter((name) => name.trim() !== '');
}

export const hasProductAnswers = (folder: string | undefined): folder is string =>
  Boolean(folder) && existsSync(join(folder!, 'responses'));

export function measureProductAnswers(folder: string, model: (typeof PRODUCT_MODELS)[number]): ProductAnswerMeasures {
  const tally = (): Tally => ({ hits: 0, total: 0 });
  const count = (which: Tally, hit: boolean) => {
    which.total += 1;
    if (hit) which.hits += 1;
  };
  const measures: ProductAnswerMeasures = {
    answers: 0,
    mentioned: tally(),
    listed: tally(),
    firstRanked: tally(),
    order: tally(),
    misses: [],
  };
  for (const file of ['run_1.jsonl', 'run_2.jsonl', 'run_3.jsonl']) {
    const path = join(folder, 'responses', model, file);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8')
      .split('\n')
      .filter((text) => text.trim() !== '')) {
      const record = JSON.parse(line) as { response: string; products_mentioned: string | { name?: string }[] };
      // The copy escapes Markdown's characters ("\$579", "\*").
      const answer = record.response.replace(/\\([$*_#-])/gu, '$1');
      const names = [...new Set(productNames(record.products_mentioned))].filter((name) => answer.includes(name));
      if (names.length === 0) continue;
      measures.answers += 1;
      const entities = analyseBrandAnswer({ answer, citations: [], brand: 'Qxzv Nonesuch', aliases: [], competitors: [] }).entities;
      const read = names.map((name) => {
        const verdict = analyseBrandAnswer({ answer, citations: [], brand: name, aliases: [], competitors: [] });
        return { name, at: answer.indexOf(name), mentioned: verdict.mentioned, rank: verdict.rank };
      });
      for (const { name, mentioned } of read) {
        count(measures.mentioned, mentioned);
        if (!mentioned) measures.misses.push(`${model}\tmention\t${name}`);
        const listed = entities.some(
          (entity) => foldForMatch(entity.name).startsWith(foldForMatch(name)) || foldForMatch(name).startsWith(foldForMatch(entity.name)),
        );
        count(measures.listed, listed);
      }
      const first = [...read].sort((a, b) => a.at - b.at)[0]!;
      count(measures.firstRanked, first.rank === 1);
      if (first.rank !== 1)
        measures.misses.push(
          `${model}\tfirst\t${first.name}: ${first.rank} | ${entities
            .slice(0, 4)
            .map((entity) => `${entity.rank}:${entity.name}`)
            .join('; ')}`,
        );
      for (const [index, a] of read.entries()) {
        for (const b of read.slice(index + 1)) {
          if (a.rank === null || b.rank === null || a.at === b.at) continue;
          count(measures.order, a.rank === b.rank || a.at < b.at === a.rank < b.rank);
        }
      }
    }
  }
  return measures;
}
